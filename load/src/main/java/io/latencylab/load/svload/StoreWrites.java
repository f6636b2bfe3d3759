package io.latencylab.load.svload;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;

/**
 * How seed 003's preparing requests write to the object store: with no credentials (the lab's
 * store), or with a tempauth token (Swift), fetched once from its auth URL with the user and key
 * the runner passes. Every container is made readable by anyone ({@code X-Container-Read: .r:*}),
 * so that the cases read objects as the study's clients and Varnish did: without a token.
 */
public record StoreWrites(Map<String, String> headers) {

	/** tempauth's v1.0 auth URL ("http://127.0.0.1:8088/auth/v1.0"); none for a store without auth. */
	public static final Parameter<String> AUTH_URL = Parameter.text("lab.objects.auth.url");

	public static final Parameter<String> USER = Parameter.text("lab.objects.auth.user");

	public static final Parameter<String> KEY = Parameter.text("lab.objects.auth.key");

	/** What stands behind the cache, as the report names it ("OpenStack Swift 2.30.0"). */
	public static final Parameter<String> BACKEND = Parameter.text("lab.objects.backend");

	/** The lab's own store's name in {@link #BACKEND}, also the default. */
	public static final String LAB_STORE = "the lab's object store";

	static final StoreWrites NONE = new StoreWrites(Map.of());

	public StoreWrites {
		headers = Map.copyOf(headers);
	}

	/** From the step's parameters: a token when an auth URL is set, else none. */
	public static StoreWrites of(Parameters parameters, HttpClient client) {
		String authUrl = parameters.get(AUTH_URL, null);
		if (authUrl == null || authUrl.isBlank()) {
			return NONE;
		}
		try {
			var response = client.send(HttpRequest.newBuilder(URI.create(authUrl))
				.header("X-Auth-User", parameters.get(USER, ""))
				.header("X-Auth-Key", parameters.get(KEY, ""))
				.timeout(Duration.ofSeconds(30))
				.build(), BodyHandlers.discarding());
			String token = response.headers().firstValue("X-Auth-Token").orElse(null);
			if (response.statusCode() != 200 || token == null) {
				throw new IllegalStateException("GET " + authUrl + " as " + parameters.get(USER, "") + " answered "
						+ response.statusCode() + (token == null ? " without a token" : ""));
			}
			return new StoreWrites(Map.of("X-Auth-Token", token));
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot get a token from " + authUrl, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** A container's PUT: the writes' headers, and readable by anyone. */
	public Map<String, String> container() {
		Map<String, String> container = new LinkedHashMap<>(this.headers);
		container.put("X-Container-Read", ".r:*");
		return container;
	}

	/** An object's PUT: the writes' headers, and its type (the population's objects are images). */
	public Map<String, String> object() {
		Map<String, String> object = new LinkedHashMap<>(this.headers);
		object.put("Content-Type", "image/jpeg");
		return object;
	}

}
