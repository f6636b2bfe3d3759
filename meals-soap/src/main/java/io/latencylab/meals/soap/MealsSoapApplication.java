package io.latencylab.meals.soap;

import io.latencylab.meals.MealsConfiguration;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The meals service over SOAP: Spring-WS, endpoint /ws, WSDL at /ws/meals.wsdl. */
@SpringBootApplication
@Import(MealsConfiguration.class)
public class MealsSoapApplication {

	public static void main(String[] args) {
		SpringApplication.run(MealsSoapApplication.class, args);
	}

}
