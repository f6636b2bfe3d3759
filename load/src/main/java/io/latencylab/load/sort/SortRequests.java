package io.latencylab.load.sort;

import java.util.function.Supplier;

import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.http.HttpDsl.http;

/** The requests of seed 004's sort service, at the target the parameters name. */
public final class SortRequests {

	private final String sortUrl;

	public SortRequests(Parameters parameters) {
		this.sortUrl = Targets.url(parameters, Targets.SORT);
	}

	public String sortUrl() {
		return this.sortUrl;
	}

	public HttpRequestActionBuilder sort(String algorithm, String numbers) {
		return sort(algorithm, () -> numbers);
	}

	/** The body is read when the request is sent, so a simulation can load its file in before(). */
	public HttpRequestActionBuilder sort(String algorithm, Supplier<String> numbers) {
		return sort(this.sortUrl, algorithm, numbers);
	}

	/** The same, to the sort service at {@code sortUrl} (a region's own proxy). */
	public HttpRequestActionBuilder sort(String sortUrl, String algorithm, Supplier<String> numbers) {
		return http("sort " + algorithm).post(sortUrl + "/sort?algorithm=" + algorithm)
			.header("Content-Type", "text/plain")
			.body(StringBody((session) -> numbers.get()));
	}

}
