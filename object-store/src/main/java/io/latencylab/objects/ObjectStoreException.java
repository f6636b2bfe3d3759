package io.latencylab.objects;

import org.springframework.http.HttpStatus;

/** A refused request: answered as problem+json with this status and title. */
class ObjectStoreException extends RuntimeException {

	private final HttpStatus status;

	private final String title;

	ObjectStoreException(HttpStatus status, String title, String detail) {
		super(detail);
		this.status = status;
		this.title = title;
	}

	static ObjectStoreException invalid(String detail) {
		return new ObjectStoreException(HttpStatus.BAD_REQUEST, "Invalid request", detail);
	}

	static ObjectStoreException accountNotFound(String account) {
		return new ObjectStoreException(HttpStatus.NOT_FOUND, "Account not found", "no account " + account);
	}

	static ObjectStoreException containerNotFound(String account, String container) {
		return new ObjectStoreException(HttpStatus.NOT_FOUND, "Container not found",
				"no container " + container + " in account " + account);
	}

	static ObjectStoreException objectNotFound(String container, String object) {
		return new ObjectStoreException(HttpStatus.NOT_FOUND, "Object not found",
				"no object '" + object + "' in container " + container);
	}

	HttpStatus status() {
		return this.status;
	}

	String title() {
		return this.title;
	}

}
