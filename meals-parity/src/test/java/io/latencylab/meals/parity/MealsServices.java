package io.latencylab.meals.parity;

import java.util.ArrayList;
import java.util.List;

import io.latencylab.meals.rest.MealsRestApplication;
import io.latencylab.meals.soap.MealsSoapApplication;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Both meals services started for real in the test's JVM, each on a free port. Both jars carry an
 * application.yaml; neither is loaded, so that each service gets exactly the properties given.
 */
record MealsServices(ConfigurableApplicationContext soap, ConfigurableApplicationContext rest) implements AutoCloseable {

	static MealsServices start(String... properties) {
		List<String> common = new ArrayList<>(List.of("spring.config.name=meals-parity", "server.port=0"));
		common.addAll(List.of(properties));
		List<String> soap = new ArrayList<>(common);
		soap.add("spring.webservices.path=/ws");
		return new MealsServices(
				new SpringApplicationBuilder(MealsSoapApplication.class).properties(soap.toArray(String[]::new)).run(),
				new SpringApplicationBuilder(MealsRestApplication.class).properties(common.toArray(String[]::new)).run());
	}

	int soapPort() {
		return port(this.soap);
	}

	int restPort() {
		return port(this.rest);
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	@Override
	public void close() {
		this.soap.close();
		this.rest.close();
	}

}
