package io.latencylab.plan;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A typed name of a system property that a plan sets and a simulation reads
 * (-Dlab.toystore.clients=5): written once, parsed and formatted in one place.
 *
 * @param what the kind of value, for error messages ("a whole number")
 */
public record Parameter<T>(String name, String what, Function<String, T> parser, Function<T, String> formatter) {

	public static Parameter<String> text(String name) {
		return new Parameter<>(name, "a text", Function.identity(), Function.identity());
	}

	public static Parameter<Integer> integer(String name) {
		return new Parameter<>(name, "a whole number", Integer::valueOf, String::valueOf);
	}

	public static Parameter<Double> decimal(String name) {
		return new Parameter<>(name, "a number", Double::valueOf, String::valueOf);
	}

	public static Parameter<Boolean> flag(String name) {
		return new Parameter<>(name, "true or false", Parameter::bool, String::valueOf);
	}

	/** "30s", "5m", "1h", "250ms", or a plain number of seconds. */
	public static Parameter<Duration> duration(String name) {
		return new Parameter<>(name, "a duration such as 30s, 5m or 250ms", Parameter::parseDuration, Parameter::formatDuration);
	}

	/** Whole numbers separated by commas: "1,2,4". */
	public static Parameter<List<Integer>> integers(String name) {
		return new Parameter<>(name, "whole numbers separated by commas",
				(text) -> Arrays.stream(text.split(",")).map(String::strip).map(Integer::valueOf).toList(),
				(list) -> list.stream().map(String::valueOf).collect(Collectors.joining(",")));
	}

	/** Texts separated by commas: "japan,canada". */
	public static Parameter<List<String>> texts(String name) {
		return new Parameter<>(name, "names separated by commas",
				(text) -> Arrays.stream(text.split(",")).map(String::strip).filter((s) -> !s.isEmpty()).toList(),
				(list) -> String.join(",", list));
	}

	/** The same kind of parameter under another name, for per-region names such as lab.region.japan.users. */
	public Parameter<T> named(String otherName) {
		return new Parameter<>(otherName, this.what, this.parser, this.formatter);
	}

	public T parse(String text) {
		try {
			return this.parser.apply(text.strip());
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException(this.name + " must be " + this.what + ", got '" + text + "'");
		}
	}

	public String format(T value) {
		return this.formatter.apply(value);
	}

	private static Boolean bool(String text) {
		return switch (text.toLowerCase(Locale.ROOT)) {
			case "true" -> true;
			case "false" -> false;
			default -> throw new IllegalArgumentException(text);
		};
	}

	public static Duration parseDuration(String value) {
		String text = value.toLowerCase(Locale.ROOT);
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

	static String formatDuration(Duration duration) {
		return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
	}

}
