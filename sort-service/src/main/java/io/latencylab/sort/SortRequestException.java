package io.latencylab.sort;

import java.util.Map;

import org.springframework.http.HttpStatus;

/** A request the sort service refuses, with the status and the problem details to answer it with. */
class SortRequestException extends RuntimeException {

	private final HttpStatus status;

	private final String title;

	private final Map<String, Object> properties;

	SortRequestException(HttpStatus status, String title, String detail, Map<String, Object> properties) {
		super(detail);
		this.status = status;
		this.title = title;
		this.properties = properties;
	}

	static SortRequestException badToken(long index, long offset, String token) {
		return new SortRequestException(HttpStatus.BAD_REQUEST, "Not a 32-bit integer",
				"token " + index + " at byte " + offset + " ('" + token + "') is not a 32-bit signed integer",
				Map.of("tokenIndex", index, "byteOffset", offset, "token", token));
	}

	static SortRequestException tooMany(SortAlgorithm algorithm, int limit) {
		return new SortRequestException(HttpStatus.PAYLOAD_TOO_LARGE, "Too many integers",
				algorithm.id() + " sorts at most " + limit + " integers (sort.max-n." + algorithm.id()
						+ "); this request has more",
				Map.of("algorithm", algorithm.id(), "limit", limit));
	}

	HttpStatus status() {
		return this.status;
	}

	String title() {
		return this.title;
	}

	Map<String, Object> properties() {
		return this.properties;
	}

}
