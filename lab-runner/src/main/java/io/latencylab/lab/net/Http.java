package io.latencylab.lab.net;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** The runner's own small HTTP calls: readiness probes, metric scrapes, trace queries. */
public final class Http {

	private static final HttpClient CLIENT = HttpClient.newBuilder()
		.connectTimeout(Duration.ofSeconds(2))
		.version(HttpClient.Version.HTTP_1_1)
		.build();

	private Http() {
	}

	/** The body of a 200 answer, or empty for any other answer or no answer. */
	public static Optional<String> get(String url) {
		try {
			HttpResponse<String> response = CLIENT.send(
					HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
					HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200) ? Optional.of(response.body()) : Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	public static boolean ready(int port) {
		return get("http://127.0.0.1:" + port + "/actuator/health/readiness").isPresent();
	}

}
