package io.latencylab.load.svload;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;

import io.latencylab.load.PlainHttp;


/** The object store's population, written where it is missing before a step (not measured). */
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
		HttpResponse<Void> head = PlainHttp.send(client, "HEAD", store + population.path(i), null, writes.headers(), 200, 404);
		String etag = head.headers().firstValue("ETag").orElse("").replace("\"", "");
		if (head.statusCode() == 200 && etag.equals(population.etag(i))) {
			return false;
		}
		PlainHttp.send(client, "PUT", store + population.container(i % population.accounts()), new byte[0], writes.container());
		PlainHttp.send(client, "PUT", store + population.path(i), population.body(i), writes.object());
		return true;
	}

}
