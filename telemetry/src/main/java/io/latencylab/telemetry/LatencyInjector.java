package io.latencylab.telemetry;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The known-answer knob: a delay at a named point in a service, off unless configured
 * ({@code lab.inject.<point>=50ms}, or {@code 40ms-60ms} for a uniform spread). The lab injects a
 * delay it knows and checks that the latency decomposition finds it where it was put. The delay
 * is no span of its own: it must show up in the time of the span it sits in.
 *
 * Points: {@code catalog-before-commit} (inside the catalog's commit span),
 * {@code order-before-catalog} (the order service, before it calls the catalog).
 */
public class LatencyInjector {

	private final Map<String, String> delays;

	public LatencyInjector(Map<String, String> delays) {
		this.delays = Map.copyOf(delays);
	}

	public void at(String point) {
		String delay = this.delays.get(point);
		if (delay == null) {
			return;
		}
		long nanos = nanos(delay);
		try {
			Thread.sleep(Duration.ofNanos(nanos));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	static long nanos(String delay) {
		int dash = delay.indexOf('-', 1);
		if (dash < 0) {
			return parse(delay);
		}
		long low = parse(delay.substring(0, dash));
		long high = parse(delay.substring(dash + 1));
		return low + ThreadLocalRandom.current().nextLong(Math.max(1, high - low + 1));
	}

	private static long parse(String text) {
		String value = text.strip().toLowerCase(java.util.Locale.ROOT);
		if (value.endsWith("ms")) {
			return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2))).toNanos();
		}
		if (value.endsWith("s")) {
			return Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1))).toNanos();
		}
		throw new IllegalArgumentException("an injected delay is like 50ms, 1s or 40ms-60ms, not '" + text + "'");
	}

}
