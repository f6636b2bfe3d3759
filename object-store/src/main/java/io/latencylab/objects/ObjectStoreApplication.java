package io.latencylab.objects;

import java.util.Map;

import org.apache.catalina.connector.Connector;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.tomcat.SslConnectorCustomizer;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

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
		return ObjectStoreApplication::objectConnector;
	}

	/**
	 * Seed 003 measured the store over HTTPS too: with objects.https.port set, a second connector
	 * on that port speaks HTTPS only, with the SSL bundle named by objects.https.bundle, on the
	 * same address as the HTTP one. ./lab sets both, with a certificate of the lab's own CA.
	 */
	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> httpsConnector(ObjectStoreProperties properties,
			ObjectProvider<SslBundles> bundles, Environment environment) {
		return (factory) -> {
			if (properties.https() == null || properties.https().port() == null) {
				return;
			}
			Connector https = new Connector();
			https.setPort(properties.https().port());
			String address = environment.getProperty("server.address");
			if (address != null && !address.isBlank()) {
				https.setProperty("address", address);
			}
			objectConnector(https);
			// It queues and serves connections as the HTTP connector does (server.tomcat.*), so that a
			// tuning of the store applies to both.
			Binder binder = Binder.get(environment);
			https.setProperty("acceptCount", String.valueOf(binder.bind("server.tomcat.accept-count", Integer.class).orElse(100)));
			https.setProperty("maxThreads", String.valueOf(binder.bind("server.tomcat.threads.max", Integer.class).orElse(200)));
			https.setProperty("minSpareThreads",
					String.valueOf(binder.bind("server.tomcat.threads.min-spare", Integer.class).orElse(10)));
			SslBundle bundle = bundles.getObject().getBundle(properties.https().bundle());
			new SslConnectorCustomizer(LogFactory.getLog(ObjectStoreApplication.class), https, Ssl.ClientAuth.NONE)
				.customize(bundle, Map.of());
			factory.addAdditionalConnectors(https);
		};
	}

	private static void objectConnector(Connector connector) {
		connector.setEncodedSolidusHandling("passthrough");
		connector.setProperty("socket.appReadBufSize", "65536");
		connector.setProperty("socket.appWriteBufSize", "65536");
	}

}
