package io.latencylab.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;

import io.latencylab.lab.study.svload.SvLoadPopulation;

/** The object store's requests that prepare a step (not measured): plain HTTP, one at a time. */
final class ObjectRequests {

	private ObjectRequests() {
	}

	/**
	 * Makes sure the store holds the population's object {@code i} as the population makes it: a
	 * HEAD, and a PUT (with its container's) when it is missing or its ETag is another.
	 *
	 * @return whether it had to be written
	 */
	static boolean ensure(HttpClient client, String store, SvLoadPopulation population, int i) {
		HttpResponse<Void> head = send(client, "HEAD", store + population.path(i), null, 200, 404);
		String etag = head.headers().firstValue("ETag").orElse("").replace("\"", "");
		if (head.statusCode() == 200 && etag.equals(population.etag(i))) {
			return false;
		}
		send(client, "PUT", store + population.container(i % population.accounts()), new byte[0]);
		send(client, "PUT", store + population.path(i), population.body(i));
		return true;
	}

	/** One request; an answer other than {@code expected} (any 2xx when none given) stops the step. */
	static HttpResponse<Void> send(HttpClient client, String method, String url, byte[] body, int... expected) {
		try {
			HttpResponse<Void> response = client.send(HttpRequest.newBuilder(URI.create(url))
				.method(method, (body != null) ? BodyPublishers.ofByteArray(body) : BodyPublishers.noBody())
				.timeout(Duration.ofSeconds(30))
				.build(), BodyHandlers.discarding());
			int status = response.statusCode();
			boolean ok = (expected.length == 0) ? status >= 200 && status < 300
					: java.util.Arrays.stream(expected).anyMatch((s) -> s == status);
			if (!ok) {
				throw new IllegalStateException(method + " " + url + " answered " + status);
			}
			return response;
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot prepare the step's objects: " + method + " " + url, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
