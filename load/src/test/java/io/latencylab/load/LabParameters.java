package io.latencylab.load;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Every simulation parameter is a system property with a laptop-scale default
 * (-Dlab.toystore.clients=5). Targets are base URLs, so pointing them at other hosts is all it
 * takes to drive remote machines.
 */
public final class LabParameters {

	private final Properties properties;

	public LabParameters(Properties properties) {
		this.properties = properties;
	}

	/** From name-value pairs: of("lab.toystore.clients", "5"). */
	public static LabParameters of(String... pairs) {
		Properties properties = new Properties();
		for (int i = 0; i < pairs.length; i += 2) {
			properties.setProperty(pairs[i], pairs[i + 1]);
		}
		return new LabParameters(properties);
	}

	public static LabParameters fromSystem() {
		return new LabParameters(System.getProperties());
	}

	public String string(String name, String defaultValue) {
		String value = this.properties.getProperty(name);
		return (value == null || value.isBlank()) ? defaultValue : value.strip();
	}

	public int integer(String name, int defaultValue) {
		String value = string(name, null);
		try {
			return (value == null) ? defaultValue : Integer.parseInt(value);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'");
		}
	}

	public double decimal(String name, double defaultValue) {
		String value = string(name, null);
		try {
			return (value == null) ? defaultValue : Double.parseDouble(value);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a number, got '" + value + "'");
		}
	}

	/** "30s", "5m", "1h", "250ms", or a plain number of seconds. */
	public Duration duration(String name, Duration defaultValue) {
		String value = string(name, null);
		if (value == null) {
			return defaultValue;
		}
		String text = value.toLowerCase(Locale.ROOT);
		try {
			if (text.endsWith("ms")) {
				return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
			}
			long amount = Long.parseLong(text.replaceAll("[smh]$", ""));
			return switch (text.charAt(text.length() - 1)) {
				case 'm' -> Duration.ofMinutes(amount);
				case 'h' -> Duration.ofHours(amount);
				default -> Duration.ofSeconds(amount);
			};
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a duration such as 30s, 5m or 250ms, got '" + value + "'");
		}
	}

	/** A comma-separated list of whole numbers, such as "1,2,3,4,5". */
	public List<Integer> integers(String name, String defaultValue) {
		String value = string(name, defaultValue);
		try {
			return Arrays.stream(value.split(",")).map(String::strip).map(Integer::parseInt).toList();
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be whole numbers separated by commas, got '" + value + "'");
		}
	}

	public String mealsSoapUrl() {
		return string("lab.meals.soap.url", "http://127.0.0.1:8081");
	}

	public String mealsRestUrl() {
		return string("lab.meals.rest.url", "http://127.0.0.1:8082");
	}

	public String toyStoreUrl() {
		return string("lab.toystore.url", "http://127.0.0.1:8080");
	}

	public String sortUrl() {
		return string("lab.sort.url", "http://127.0.0.1:8084");
	}

	/** Sent as W3C baggage lab.run.id with every request; defaults to a timestamp. */
	public String runId() {
		return string("lab.run.id", "run-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
			.withZone(ZoneOffset.UTC)
			.format(Instant.now()));
	}

	/** Where the machine-readable summary and the request log go. */
	public String resultsDir() {
		return string("lab.results.dir", "target/gatling/lab");
	}

}
