package io.latencylab.toystore.frontend;

import org.springframework.http.HttpStatus;

/** An error to answer in the contract's {"error":{"code":…,"message":…}} shape. */
class StoreException extends RuntimeException {

	private final HttpStatus status;

	StoreException(HttpStatus status, String message) {
		super(message);
		this.status = status;
	}

	HttpStatus status() {
		return this.status;
	}

}
