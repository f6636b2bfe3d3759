package io.latencylab.toystore.order;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The toy store's orders: gRPC on 9092, actuator on 8092; calls the catalog on 9091. */
@SpringBootApplication
@EnableScheduling
@EnableConfigurationProperties(OrderProperties.class)
public class OrderServiceApplication {

	public static void main(String[] args) {
		SpringApplication.run(OrderServiceApplication.class, args);
	}

}
