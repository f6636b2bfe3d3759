package io.latencylab.sort;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.context.annotation.Bean;

/** The CPU-bound system under test: POST integers, get them back sorted. */
@SpringBootApplication
@EnableConfigurationProperties(SortProperties.class)
public class SortServiceApplication {

	public static void main(String[] args) {
		SpringApplication.run(SortServiceApplication.class, args);
	}

	/**
	 * Bodies here run to megabytes, and Tomcat moves them through its socket buffers in pieces of
	 * those buffers' size: 8 KB by default, each a system call and, on loopback, a pass through the
	 * TCP stack on the writer's own time. Pieces of 64 KB (loopback's packet size) take a sort of
	 * 50,000 integers through in an eighth of the calls.
	 */
	@Bean
	TomcatConnectorCustomizer largeBodyBuffers() {
		return (connector) -> {
			connector.setProperty("socket.appReadBufSize", "65536");
			connector.setProperty("socket.appWriteBufSize", "65536");
		};
	}

}
