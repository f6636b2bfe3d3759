package io.latencylab.it;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;

import io.latencylab.it.LabProcesses.Service;
import io.latencylab.it.LabProcesses.Tls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * TLS as an option on the front end and the meals services, through a Spring Boot SSL bundle: with
 * it on, each answers HTTPS with the certificate it was given (TLS 1.3), refuses plain HTTP on the
 * same port, and a client that does not trust the certificate gets no answer. The front end of its
 * own calls the run's shared lab's catalog and order service ({@link SharedLab}).
 */
@ExtendWith(SharedLab.class)
class TlsIT {

	private static final String PASSWORD = "lab-test";

	private static final String SOAP_GET_STEAK = "<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\" "
			+ "xmlns:m=\"http://foodmenu.io/gt/webservice\"><e:Body><m:getMealRequest><m:name>Steak</m:name>"
			+ "</m:getMealRequest></e:Body></e:Envelope>";

	@Test
	void theFrontEndAndTheMealsServicesAnswerHttpsOnlyWhenTlsIsOn(LabProcesses shared) throws Exception {
		Path dir = Files.createTempDirectory("lab-tls");
		Path keystore = selfSignedKeystore(dir.resolve("lab.p12"));
		HttpClient trusting = HttpClient.newBuilder()
			.sslContext(trusting(keystore))
			.connectTimeout(Duration.ofSeconds(2))
			.build();
		Tls tls = new Tls(keystore, PASSWORD, trusting);
		try (LabProcesses lab = new LabProcesses().backedBy(shared)
			.withTls(Service.FRONTEND, tls)
			.withTls(Service.MEALS_REST, tls)
			.withTls(Service.MEALS_SOAP, tls)) {
			lab.start(Service.FRONTEND, Service.MEALS_REST, Service.MEALS_SOAP);

			HttpResponse<String> meals = trusting.send(HttpRequest.newBuilder(lab.http(Service.MEALS_REST,
					"/rest/meals/cheapest")).build(), HttpResponse.BodyHandlers.ofString());
			assertThat(meals.uri().getScheme()).isEqualTo("https");
			assertThat(meals.statusCode()).isEqualTo(200);
			assertThat(meals.body()).contains("\"name\":\"Fish and Chips\"");
			assertThat(meals.sslSession()).hasValueSatisfying((session) -> assertThat(session.getProtocol()).isEqualTo("TLSv1.3"));

			HttpResponse<String> soap = trusting.send(HttpRequest.newBuilder(lab.http(Service.MEALS_SOAP, "/ws"))
				.header("Content-Type", "text/xml")
				.POST(HttpRequest.BodyPublishers.ofString(SOAP_GET_STEAK))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(soap.statusCode()).isEqualTo(200);
			assertThat(soap.body()).containsPattern("<(\\w+:)?kcal>1100</(\\w+:)?kcal>");

			HttpResponse<String> buy = trusting.send(HttpRequest.newBuilder(lab.http(Service.FRONTEND, "/orders"))
				.POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Kite\",\"quantity\":1}"))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(buy.statusCode()).isEqualTo(200);
			assertThat(buy.body()).contains("\"order_number\"");

			HttpClient plain = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
			for (Service service : List.of(Service.FRONTEND, Service.MEALS_REST, Service.MEALS_SOAP)) {
				URI https = lab.http(service, "/actuator/health");
				URI clear = URI.create(https.toString().replaceFirst("^https:", "http:"));
				HttpResponse<String> inClear = plain.send(HttpRequest.newBuilder(clear).build(),
						HttpResponse.BodyHandlers.ofString());
				assertThat(inClear.statusCode()).as("plain HTTP to %s", service).isEqualTo(400);
				assertThat(inClear.body()).doesNotContain("UP");
				assertThatThrownBy(() -> plain.send(HttpRequest.newBuilder(https).build(),
						HttpResponse.BodyHandlers.ofString()))
					.as("a client that does not trust the certificate, to %s", service)
					.isInstanceOf(SSLHandshakeException.class);
			}
		}
	}

	/** A self-signed certificate for localhost, made with the JDK's keytool. */
	private static Path selfSignedKeystore(Path keystore) throws Exception {
		Path keytool = Path.of(ProcessHandle.current().info().command().orElseThrow()).resolveSibling("keytool");
		Process process = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "lab", "-keyalg", "EC",
				"-groupname", "secp256r1", "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
				"-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", PASSWORD,
				"-keypass", PASSWORD)
			.redirectErrorStream(true)
			.start();
		String output = new String(process.getInputStream().readAllBytes());
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		return keystore;
	}

	private static SSLContext trusting(Path keystore) throws Exception {
		KeyStore store = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(keystore)) {
			store.load(in, PASSWORD.toCharArray());
		}
		TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		trust.init(store);
		SSLContext context = SSLContext.getInstance("TLS");
		context.init(null, trust.getTrustManagers(), null);
		return context;
	}

}
