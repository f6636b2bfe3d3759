package io.latencylab.plan;

/**
 * A load generator's count so far in the step it runs, a line on its standard output each second
 * before its {@link InjectorAnswer}: "progress R E", R the requests it has recorded in the step and
 * E how many of them failed. The runner shows it while the step runs: a generator on another host
 * or in a pod writes its requests.csv where the runner cannot read it until the step ends.
 */
public record InjectorProgress(long requests, long errors) {

	private static final String PREFIX = "progress ";

	public String line() {
		return PREFIX + this.requests + " " + this.errors;
	}

	/** Whether a line of the generator's output is its progress. */
	public static boolean isProgress(String line) {
		return line.startsWith(PREFIX);
	}

	/** @throws IllegalArgumentException for a line that is no progress */
	public static InjectorProgress parse(String line) {
		String[] words = isProgress(line) ? line.substring(PREFIX.length()).strip().split("\\s+") : new String[0];
		try {
			if (words.length == 2) {
				return new InjectorProgress(Long.parseLong(words[0]), Long.parseLong(words[1]));
			}
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not a load generator's progress: " + line, ex);
		}
		throw new IllegalArgumentException("not a load generator's progress: " + line);
	}

}
