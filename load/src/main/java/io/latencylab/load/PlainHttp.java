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

/** The requests that prepare a step (not measured): plain HTTP, one at a time. */
public final class PlainHttp {

	private PlainHttp() {
	}

	/**
	 * Deletes every object in the container, a listing's page at a time (at most a million
	 * objects: the lab's containers hold thousands).
	 */
	public static void empty(HttpClient client, String container) {
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
	public static HttpResponse<Void> send(HttpClient client, String method, String url, byte[] body, int... expected) {
		return send(client, method, url, body, java.util.Map.of(), expected);
	}

	/** As {@link #send(HttpClient, String, String, byte[], int...)}, with {@code headers}. */
	public static HttpResponse<Void> send(HttpClient client, String method, String url, byte[] body,
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
