package io.latencylab.objects;

import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The store's HTTPS connector (seed 003's backend over HTTPS) with a tuning of the store: it
 * answers over TLS, and it queues and serves connections as server.tomcat.* says, like the HTTP one.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "server.tomcat.accept-count=4096",
		"server.tomcat.threads.max=400", "server.tomcat.threads.min-spare=100" })
class HttpsConnectorTests {

	static final String PASSWORD = "changeit";

	static Path dir;

	static int httpsPort;

	@Autowired
	WebServerApplicationContext context;

	@DynamicPropertySource
	static void https(DynamicPropertyRegistry registry) throws Exception {
		dir = Files.createTempDirectory("object-store-https");
		Path keyStore = dir.resolve("server.p12");
		// A real key pair and certificate, as the JDK's keytool makes them.
		Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
				"-genkeypair", "-alias", "server", "-keyalg", "EC", "-dname", "CN=localhost", "-ext", "san=dns:localhost",
				"-validity", "2", "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", PASSWORD)
			.redirectErrorStream(true)
			.start();
		keytool.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
		assertThat(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0).as("keytool made a key").isTrue();
		try (ServerSocket socket = new ServerSocket(0)) {
			httpsPort = socket.getLocalPort();
		}
		registry.add("lab.data-dir", () -> dir.resolve("data").toString());
		registry.add("lab.traces-dir", () -> dir.resolve("traces").toString());
		registry.add("objects.https.port", () -> httpsPort);
		registry.add("spring.ssl.bundle.jks.objects.keystore.location", () -> "file:" + keyStore);
		registry.add("spring.ssl.bundle.jks.objects.keystore.password", () -> PASSWORD);
		registry.add("spring.ssl.bundle.jks.objects.keystore.type", () -> "PKCS12");
	}

	@Test
	void theHttpsConnectorAnswersAndTakesTheStoresTuning() throws Exception {
		Connector[] connectors = ((TomcatWebServer) this.context.getWebServer()).getTomcat().getService().findConnectors();
		Connector https = Arrays.stream(connectors).filter((c) -> c.getPort() == httpsPort).findFirst().orElseThrow();
		assertThat(https.getSecure()).isTrue();
		assertThat(https.getProperty("acceptCount")).isEqualTo(4096);
		assertThat(https.getProperty("maxThreads")).isEqualTo(400);
		assertThat(https.getProperty("minSpareThreads")).isEqualTo(100);
		Connector http = Arrays.stream(connectors).filter((c) -> c.getPort() != httpsPort).findFirst().orElseThrow();
		assertThat(http.getProperty("acceptCount")).as("the HTTP connector, by Spring Boot").isEqualTo(4096);

		KeyStore trusted = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(dir.resolve("server.p12"))) {
			trusted.load(in, PASSWORD.toCharArray());
		}
		TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		trust.init(trusted);
		SSLContext tls = SSLContext.getInstance("TLS");
		tls.init(null, trust.getTrustManagers(), null);
		HttpClient client = HttpClient.newBuilder().sslContext(tls).build();
		int status = client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + httpsPort + "/v1/acct/c"))
			.PUT(HttpRequest.BodyPublishers.noBody())
			.build(), BodyHandlers.discarding()).statusCode();
		assertThat(status).isEqualTo(201);
	}

}
