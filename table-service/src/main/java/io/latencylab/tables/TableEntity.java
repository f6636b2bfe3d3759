package io.latencylab.tables;

import tools.jackson.databind.JsonNode;

/** One entity as the API shows it: its keys, its version (the ETag) and its properties. */
record TableEntity(String partitionKey, String rowKey, long etag, JsonNode properties) {

	/** The ETag header's value: the count of the entity's writes, quoted. */
	String etagHeader() {
		return etagHeader(this.etag);
	}

	static String etagHeader(long etag) {
		return "\"" + etag + "\"";
	}

}
