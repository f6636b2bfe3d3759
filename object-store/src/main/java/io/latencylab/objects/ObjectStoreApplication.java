package io.latencylab.objects;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Seed 003's backend, in the place of OpenStack Swift: accounts hold containers, containers hold
 * objects, each object a file streamed to and from disk, behind Swift's URLs
 * ({@code /v1/{account}/{container}/{object}}).
 */
@SpringBootApplication
@EnableConfigurationProperties(ObjectStoreProperties.class)
public class ObjectStoreApplication {

	public static void main(String[] args) {
		SpringApplication.run(ObjectStoreApplication.class, args);
	}

	/**
	 * An object's name may hold a slash, sent encoded (%2F) as Swift's clients do; Tomcat refuses
	 * such paths unless told to pass them through, and the name is checked here instead (Names).
	 * Bodies run to gigabytes: 64 KB socket buffers move them in an eighth of the calls.
	 */
	@Bean
	TomcatConnectorCustomizer objectStoreConnector() {
		return (connector) -> {
			connector.setEncodedSolidusHandling("passthrough");
			connector.setProperty("socket.appReadBufSize", "65536");
			connector.setProperty("socket.appWriteBufSize", "65536");
		};
	}

}
