package io.latencylab.meals.rest;

import jakarta.servlet.Filter;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.hateoas.config.EnableHypermediaSupport;
import org.springframework.hateoas.config.EnableHypermediaSupport.HypermediaType;
import org.springframework.hateoas.mediatype.hal.HalConfiguration;
import org.springframework.web.filter.ShallowEtagHeaderFilter;

/** HAL for plain clients, HAL-FORMS for clients that want the create / update / delete templates. */
@Configuration(proxyBeanMethods = false)
@EnableHypermediaSupport(type = { HypermediaType.HAL, HypermediaType.HAL_FORMS })
class HypermediaConfiguration {

	/** An order links to each of its meals; the rel is always an array, whatever the count. */
	@Bean
	HalConfiguration halConfiguration() {
		return new HalConfiguration().withRenderSingleLinksFor(OrderController.MEAL_REL,
				HalConfiguration.RenderSingleLinks.AS_ARRAY);
	}

	/**
	 * ETags from a hash of the rendered body, and 304 for a matching If-None-Match. The body is
	 * still rendered, so a 304 saves the transfer, not the work.
	 */
	@Bean
	FilterRegistrationBean<Filter> etagFilter() {
		FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(new ShallowEtagHeaderFilter());
		registration.addUrlPatterns("/rest/*");
		return registration;
	}

}
