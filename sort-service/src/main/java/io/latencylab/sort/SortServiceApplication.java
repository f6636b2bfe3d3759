package io.latencylab.sort;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** The CPU-bound system under test: POST integers, get them back sorted. */
@SpringBootApplication
@EnableConfigurationProperties(SortProperties.class)
public class SortServiceApplication {

	public static void main(String[] args) {
		SpringApplication.run(SortServiceApplication.class, args);
	}

}
