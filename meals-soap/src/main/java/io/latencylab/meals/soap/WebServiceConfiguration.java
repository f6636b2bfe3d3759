package io.latencylab.meals.soap;

import java.util.List;

import io.micrometer.observation.ObservationRegistry;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.config.annotation.WsConfigurer;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.wsdl.wsdl11.DefaultWsdl11Definition;
import org.springframework.xml.validation.XmlValidator;
import org.springframework.xml.xsd.SimpleXsdSchema;
import org.springframework.xml.xsd.XsdSchema;

/** Spring-WS set-up: the WSDL made from meals.xsd, schema validation, and faults for every failure. */
@Configuration(proxyBeanMethods = false)
class WebServiceConfiguration {

	/** meals.xsd, whose validator keeps its JAXP validators for the next request ({@link ReusedValidators}). */
	@Bean
	XsdSchema mealsSchema() {
		ClassPathResource xsd = new ClassPathResource("meals.xsd");
		return new SimpleXsdSchema(xsd) {
			@Override
			public XmlValidator createValidator() {
				return ReusedValidators.of(xsd);
			}
		};
	}

	/** Served at /ws/meals.wsdl (the bean name), with port type MealsPort bound to /ws. */
	@Bean(name = "meals")
	DefaultWsdl11Definition mealsWsdl(XsdSchema mealsSchema) {
		DefaultWsdl11Definition wsdl = new DefaultWsdl11Definition();
		wsdl.setPortTypeName("MealsPort");
		wsdl.setServiceName("MealsService");
		wsdl.setLocationUri("/ws");
		wsdl.setTargetNamespace(MealsEndpoint.NAMESPACE);
		wsdl.setSchema(mealsSchema);
		return wsdl;
	}

	@Bean
	Jaxb2Marshaller mealsMarshaller() {
		Jaxb2Marshaller marshaller = new Jaxb2Marshaller();
		marshaller.setContextPath("io.latencylab.meals.soap.contract");
		return marshaller;
	}

	@Bean
	MealsFaults mealsFaults(Jaxb2Marshaller mealsMarshaller) {
		return new MealsFaults(mealsMarshaller);
	}

	@Bean
	MealsFaultResolver mealsFaultResolver(MealsFaults mealsFaults) {
		return new MealsFaultResolver(mealsFaults);
	}

	@Bean
	UnknownOperationEndpointMapping unknownOperationEndpointMapping() {
		return new UnknownOperationEndpointMapping();
	}

	/**
	 * MessageDispatcherServlet takes the message factory by this bean name, and gives it to its
	 * adapter.
	 * <p>
	 * Messages are AXIOM's, not SAAJ's: SAAJ built a DOM document for every request and response,
	 * with a new DOM parser each, and serialized both through XSLT transformers; AXIOM reads the
	 * request as a stream and writes the response through StAX.
	 */
	@Bean(name = "messageFactory")
	WholeRequestMessageFactory messageFactory() {
		return new WholeRequestMessageFactory();
	}

	/** MessageDispatcherServlet picks up the adapter by this bean name. */
	@Bean(name = "messageReceiverHandlerAdapter")
	MalformedXmlFaultAdapter messageReceiverHandlerAdapter(MealsFaults mealsFaults,
			WholeRequestMessageFactory messageFactory) {
		MalformedXmlFaultAdapter adapter = new MalformedXmlFaultAdapter(mealsFaults);
		adapter.setMessageFactory(messageFactory);
		return adapter;
	}

	/** Ahead of Spring-WS's own adapter: the same work, observed in three spans. */
	@Bean
	ObservedMethodEndpointAdapter observedMethodEndpointAdapter(ObservationRegistry observations) {
		return new ObservedMethodEndpointAdapter(observations);
	}

	@Bean
	FilterRegistrationBean<SoapRouteFilter> soapRouteFilter() {
		FilterRegistrationBean<SoapRouteFilter> registration = new FilterRegistrationBean<>(new SoapRouteFilter());
		registration.addUrlPatterns("/ws/*");
		return registration;
	}

	/** Every request is validated against meals.xsd before it reaches an endpoint. */
	@Bean
	WsConfigurer schemaValidation(MealsFaults mealsFaults, XsdSchema mealsSchema, ObservationRegistry observations,
			ObservedMethodEndpointAdapter observedAdapter) throws Exception {
		MealsValidatingInterceptor validating = new MealsValidatingInterceptor(mealsFaults, observations);
		validating.setXsdSchema(mealsSchema);
		validating.setValidateRequest(true);
		validating.setValidateResponse(false);
		validating.afterPropertiesSet();
		return new WsConfigurer() {
			@Override
			public void addInterceptors(List<EndpointInterceptor> interceptors) {
				interceptors.add(validating);
				interceptors.add(observedAdapter.closer());
			}
		};
	}

}
