package io.latencylab.load;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** A fresh W3C trace context for one request: the request becomes the parent of the server's spans. */
public record Traceparent(String traceId, String spanId) {

	public static Traceparent random() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		return new Traceparent(HexFormat.of().formatHex(bytes(random, 16)), HexFormat.of().formatHex(bytes(random, 8)));
	}

	private static byte[] bytes(ThreadLocalRandom random, int n) {
		byte[] bytes = new byte[n];
		random.nextBytes(bytes);
		return bytes;
	}

	/** The header value: version 00, sampled. */
	public String header() {
		return "00-" + this.traceId + "-" + this.spanId + "-01";
	}

}
