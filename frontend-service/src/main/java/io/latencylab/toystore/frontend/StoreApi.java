package io.latencylab.toystore.frontend;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The JSON shapes of the course's published contract, field order included. */
final class StoreApi {

	private StoreApi() {
	}

	record Data<T>(T data) {
	}

	record Product(String name, BigDecimal price, int quantity) {
	}

	record OrderNumber(@JsonProperty("order_number") long orderNumber) {
	}

	record Order(long number, String name, int quantity) {
	}

	record ErrorBody(Error error) {

		static ErrorBody of(int code, String message) {
			return new ErrorBody(new Error(code, message));
		}

	}

	record Error(int code, String message) {
	}

}
