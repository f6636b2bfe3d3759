package io.latencylab.objects;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param root the folder that holds every account's containers and objects
 * @param https HTTPS beside HTTP, on a port of its own
 */
@ConfigurationProperties("objects")
record ObjectStoreProperties(Path root, Https https) {

	/**
	 * @param port the HTTPS port; none (the default) leaves HTTPS off
	 * @param bundle the SSL bundle with the server's key and certificate (spring.ssl.bundle.*)
	 */
	record Https(Integer port, String bundle) {
	}

}
