package io.latencylab.plan;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Properties;

/**
 * The parameters a simulation runs with: system properties read through their typed names, each
 * with a laptop-scale default given by the reader. Plans write them (see {@link Step}), the
 * runner passes them, Maven users set them with -D.
 */
public final class Parameters {

	/** Sent as W3C baggage lab.run.id with every request. */
	public static final Parameter<String> RUN_ID = Parameter.text("lab.run.id");

	/** Where the request log and the summary go. */
	public static final Parameter<String> RESULTS_DIR = Parameter.text("lab.results.dir");

	/** Gatling stops a simulation that runs longer. */
	public static final Parameter<java.time.Duration> MAX_DURATION = Parameter.duration("lab.max-duration");

	private final Properties properties;

	public Parameters(Properties properties) {
		this.properties = properties;
	}

	/** From name-value pairs: of("lab.toystore.clients", "5"). */
	public static Parameters of(String... pairs) {
		Properties properties = new Properties();
		for (int i = 0; i < pairs.length; i += 2) {
			properties.setProperty(pairs[i], pairs[i + 1]);
		}
		return new Parameters(properties);
	}

	/** A step's properties, as a plan wrote them or a manifest kept them. */
	public static Parameters of(Map<String, String> properties) {
		Properties copy = new Properties();
		copy.putAll(properties);
		return new Parameters(copy);
	}

	public static Parameters fromSystem() {
		return new Parameters(System.getProperties());
	}

	/** The value set for the parameter, or {@code defaultValue} when none (or a blank one) is. */
	public <T> T get(Parameter<T> parameter, T defaultValue) {
		String value = this.properties.getProperty(parameter.name());
		return (value == null || value.isBlank()) ? defaultValue : parameter.parse(value);
	}

	public boolean has(Parameter<?> parameter) {
		String value = this.properties.getProperty(parameter.name());
		return value != null && !value.isBlank();
	}

	/** A copy in which {@code parameter} is {@code value}. */
	public <T> Parameters with(Parameter<T> parameter, T value) {
		Properties copy = new Properties();
		copy.putAll(this.properties);
		copy.setProperty(parameter.name(), parameter.format(value));
		return new Parameters(copy);
	}

	public String runId() {
		return get(RUN_ID, "run-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now()));
	}

	public String resultsDir() {
		return get(RESULTS_DIR, "target/gatling/lab");
	}

}
