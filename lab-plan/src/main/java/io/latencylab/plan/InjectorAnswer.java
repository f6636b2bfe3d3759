package io.latencylab.plan;

import java.util.OptionalDouble;

/**
 * A load generator's answer to one {@link InjectorCommand}, a line on its standard output among
 * whatever else it prints: "exit N cpu S started T", N being Gatling's exit code, S the generator's
 * own CPU seconds so far (negative where it cannot tell), which the runner cannot read itself when
 * the generator runs on another host, and T the instant, in epoch milliseconds on the generator's
 * clock, at which it started the step's load (0 where it did not say: generators of before).
 */
public record InjectorAnswer(int exit, double cpuSeconds, long startedAt) {

	private static final String PREFIX = "exit ";

	/** What a generator reads first thing, before any step: "ready". */
	public static final String READY = "ready";

	public InjectorAnswer(int exit, double cpuSeconds) {
		this(exit, cpuSeconds, 0);
	}

	public String line() {
		return PREFIX + this.exit + " cpu " + this.cpuSeconds + " started " + this.startedAt;
	}

	/** Whether a line of the generator's output is its answer. */
	public static boolean isAnswer(String line) {
		return line.startsWith(PREFIX);
	}

	/** The generator's CPU seconds, where it said. */
	public OptionalDouble cpu() {
		return (this.cpuSeconds >= 0) ? OptionalDouble.of(this.cpuSeconds) : OptionalDouble.empty();
	}

	/** @throws IllegalArgumentException for a line that is no answer */
	public static InjectorAnswer parse(String line) {
		if (!isAnswer(line)) {
			throw new IllegalArgumentException("not a load generator's answer: " + line);
		}
		String[] words = line.substring(PREFIX.length()).strip().split("\\s+");
		try {
			double cpu = (words.length >= 3 && words[1].equals("cpu")) ? Double.parseDouble(words[2]) : -1;
			long started = (words.length >= 5 && words[3].equals("started")) ? Long.parseLong(words[4]) : 0;
			return new InjectorAnswer(Integer.parseInt(words[0]), cpu, started);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not a load generator's answer: " + line, ex);
		}
	}

}
