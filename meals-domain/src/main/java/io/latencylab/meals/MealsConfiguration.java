package io.latencylab.meals;

import java.time.Clock;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The meals domain as beans; both meals services import it, so both serve the very same data. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(MealsProperties.class)
public class MealsConfiguration {

	@Bean
	MealCatalog mealCatalog(MealsProperties properties) {
		MealCatalog catalog = new MealCatalog();
		MealsSeed.fill(catalog, properties);
		return catalog;
	}

	@Bean
	OrderBook orderBook(MealCatalog catalog, MealsProperties properties) {
		return new OrderBook(catalog, Clock.systemUTC(), properties.ordersKept());
	}

}
