package io.latencylab.toystore.catalog;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The toy store's catalog: owns the stock; gRPC, with HTTP for actuator only. */
@SpringBootApplication
@EnableScheduling
@EnableConfigurationProperties(CatalogProperties.class)
public class CatalogServiceApplication {

	public static void main(String[] args) {
		SpringApplication.run(CatalogServiceApplication.class, args);
	}

}
