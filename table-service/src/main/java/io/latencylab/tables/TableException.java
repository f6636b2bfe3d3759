package io.latencylab.tables;

import org.springframework.http.HttpStatus;

/** A refused request: answered as problem+json with this status and title. */
class TableException extends RuntimeException {

	private final HttpStatus status;

	private final String title;

	TableException(HttpStatus status, String title, String detail) {
		super(detail);
		this.status = status;
		this.title = title;
	}

	static TableException tableNotFound(String table) {
		return new TableException(HttpStatus.NOT_FOUND, "Table not found", "no table " + table);
	}

	static TableException entityNotFound(String table, String partitionKey, String rowKey) {
		return new TableException(HttpStatus.NOT_FOUND, "Entity not found",
				"no entity (" + partitionKey + ", " + rowKey + ") in table " + table);
	}

	static TableException invalid(String detail) {
		return new TableException(HttpStatus.BAD_REQUEST, "Invalid request", detail);
	}

	HttpStatus status() {
		return this.status;
	}

	String title() {
		return this.title;
	}

}
