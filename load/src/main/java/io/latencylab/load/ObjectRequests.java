package io.latencylab.load;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;


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
	static boolean ensure(HttpClient client, String store, StoreWrites writes, SvLoadPopulation population, int i) {
		// With the writes' token: Swift answers a HEAD in an account not yet made 401 to anyone else.
		HttpResponse<Void> head = send(client, "HEAD", store + population.path(i), null, writes.headers(), 200, 404);
		String etag = head.headers().firstValue("ETag").orElse("").replace("\"", "");
		if (head.statusCode() == 200 && etag.equals(population.etag(i))) {
			return false;
		}
		send(client, "PUT", store + population.container(i % population.accounts()), new byte[0], writes.container());
		send(client, "PUT", store + population.path(i), population.body(i), writes.object());
		return true;
	}

	/**
	 * Deletes every object in the container, a listing's page at a time (at most a million
	 * objects: the lab's containers hold thousands).
	 */
	static void empty(HttpClient client, String container) {
		for (int page = 0; page < 100; page++) {
			HttpResponse<String> listing = text(client, container + "?limit=10000");
			if (listing.statusCode() == 204 || listing.body().isBlank()) {
				return;
			}
			for (String name : listing.body().split("\n")) {
				if (!name.isBlank()) {
					send(client, "DELETE", container + "/" + path(name.strip()), null, 204, 404);
				}
			}
		}
		throw new IllegalStateException(container + " still holds objects after a million deletes");
	}

	/** An object's name as a URL path: each segment encoded, its slashes kept. */
	private static String path(String name) {
		return java.util.Arrays.stream(name.split("/", -1))
			.map((segment) -> URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"))
			.collect(java.util.stream.Collectors.joining("/"));
	}

	private static HttpResponse<String> text(HttpClient client, String url) {
		try {
			HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
					BodyHandlers.ofString());
			if (response.statusCode() != 200 && response.statusCode() != 204) {
				throw new IllegalStateException("GET " + url + " answered " + response.statusCode());
			}
			return response;
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot list " + url, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** One request; an answer other than {@code expected} (any 2xx when none given) stops the step. */
	static HttpResponse<Void> send(HttpClient client, String method, String url, byte[] body, int... expected) {
		return send(client, method, url, body, java.util.Map.of(), expected);
	}

	/** As {@link #send(HttpClient, String, String, byte[], int...)}, with {@code headers}. */
	static HttpResponse<Void> send(HttpClient client, String method, String url, byte[] body,
			java.util.Map<String, String> headers, int... expected) {
		try {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
				.method(method, (body != null) ? BodyPublishers.ofByteArray(body) : BodyPublishers.noBody())
				.timeout(Duration.ofSeconds(30));
			headers.forEach(request::header);
			HttpResponse<Void> response = client.send(request.build(), BodyHandlers.discarding());
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
