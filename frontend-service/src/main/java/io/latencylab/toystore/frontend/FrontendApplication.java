package io.latencylab.toystore.frontend;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** The toy store's front end: the course's REST contract. */
@SpringBootApplication
@EnableConfigurationProperties(FrontendProperties.class)
public class FrontendApplication {

	public static void main(String[] args) {
		SpringApplication.run(FrontendApplication.class, args);
	}

}
