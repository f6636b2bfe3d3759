package io.latencylab.observability;

import java.util.Map;

/**
 * One span as read from OTLP JSON, with the name of the service that reported it.
 *
 * @param parentSpanId empty for a span without a parent in its own process and trace context
 * @param kind OTLP span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer
 */
public record Span(String service, String traceId, String spanId, String parentSpanId, String name, int kind,
		long startNanos, long endNanos, boolean error, Map<String, String> attributes) {

	public static final int INTERNAL = 1;

	public static final int SERVER = 2;

	public static final int CLIENT = 3;

	public long durationNanos() {
		return this.endNanos - this.startNanos;
	}

	public String attribute(String key) {
		return this.attributes.get(key);
	}

}
