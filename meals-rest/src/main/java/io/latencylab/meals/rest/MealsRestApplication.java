package io.latencylab.meals.rest;

import io.latencylab.meals.MealsConfiguration;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

/** The meals service as HAL hypermedia: Spring HATEOAS, root /rest. */
@SpringBootApplication
@Import(MealsConfiguration.class)
@EnableConfigurationProperties(MealsRestProperties.class)
public class MealsRestApplication {

	public static void main(String[] args) {
		SpringApplication.run(MealsRestApplication.class, args);
	}

}
