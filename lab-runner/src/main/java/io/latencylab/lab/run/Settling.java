package io.latencylab.lab.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.State;
import io.latencylab.observability.Convergence.Window;

/**
 * How a warm-up settled, target by target (an operation at a concurrency): each target's windows
 * (p50, answers, length, the JIT's time in it) and its verdict by the {@link Convergence} rule. The
 * warm-up has settled when every target has. Kept in the run's manifest ({@link #property()}) and
 * read back by the report.
 */
public final class Settling {

	/** Why a target stopped without settling, beside its state. */
	public enum End {

		SETTLED, CAP, BUDGET, FAILED;

		public String describe(Convergence rule) {
			return switch (this) {
				case SETTLED -> "settled";
				case CAP -> "not settled (the cap, " + rule.maxWindows() + " windows)";
				case BUDGET -> "not settled (the warm-up's budget spent)";
				case FAILED -> "not settled (a window failed)";
			};
		}

	}

	/** One target's warm-up: its windows and how it ended. */
	public record Target(String name, List<Window> windows, End end) {

		public boolean settled() {
			return this.end == End.SETTLED;
		}

		/** Seconds from the target's first window to the end of its last. */
		public double seconds() {
			return this.windows.stream().mapToDouble(Window::seconds).sum();
		}

	}

	private final Convergence rule;

	private final Map<String, Target> targets = new LinkedHashMap<>();

	public Settling(Convergence rule) {
		this.rule = rule;
	}

	public Convergence rule() {
		return this.rule;
	}

	/** A target's windows so far, and whether (and why) it ended; a later call for the same target replaces it. */
	public void put(String target, List<Window> windows, End end) {
		this.targets.put(target, new Target(target, List.copyOf(windows), end));
	}

	public List<Target> targets() {
		return List.copyOf(this.targets.values());
	}

	/** Every target settled (and there was one). */
	public boolean settled() {
		return !this.targets.isEmpty() && this.targets.values().stream().allMatch(Target::settled);
	}

	/** One line: settled or not, how long it took, and the targets that had not. */
	public String text() {
		double seconds = this.targets.values().stream().mapToDouble(Target::seconds).sum();
		long settled = this.targets.values().stream().filter(Target::settled).count();
		String took = String.format(Locale.ROOT, "%d of %d targets settled in %.0f s", settled, this.targets.size(), seconds);
		if (settled()) {
			return "settled: " + took;
		}
		List<String> moving = this.targets.values()
			.stream()
			.filter((t) -> !t.settled())
			.map((t) -> t.name() + " " + movement(t))
			.toList();
		return "not settled: " + took + "; still moving: " + String.join(", ", moving);
	}

	/** The table's columns: one row a target ({@link #rows()}). */
	public List<String> headers() {
		return List.of("target", "windows", "seconds", "p50 per window (ms)", "variation, last " + this.rule.windows(),
				"JIT in the last window (ms)", "verdict");
	}

	/** Per target: its windows, their p50s, the variation of the last ones, the JIT's time in the last, the verdict. */
	public List<List<String>> rows() {
		List<List<String>> rows = new ArrayList<>();
		for (Target target : this.targets.values()) {
			List<Window> windows = target.windows();
			String p50s = String.join(" → ", windows.stream()
				.map((w) -> (w.answers() < Convergence.TOO_FEW) ? "too few" : String.format(Locale.ROOT, "%.3f", w.p50Ms()))
				.toList());
			double variation = this.rule.variation(windows);
			double jit = windows.isEmpty() ? Double.NaN : windows.getLast().jitMs();
			rows.add(List.of(target.name(), String.valueOf(windows.size()), String.format(Locale.ROOT, "%.0f", target.seconds()),
					p50s, Double.isNaN(variation) ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * variation),
					Double.isNaN(jit) ? "not read" : String.format(Locale.ROOT, "%.0f", jit),
					target.settled() ? String.format(Locale.ROOT, "settled at %.0f s", target.seconds())
							: target.end().describe(this.rule)));
		}
		return rows;
	}

	/** How the rule and the JIT column are read, for the table's caption. */
	public String caption() {
		return "Each target (an operation at the clients its steps use) warmed alone, in windows, until "
				+ this.rule.describe() + ". JIT: the most compilation time any service the operation reaches spent in "
				+ "the target's last window (Micrometer's jvm.compilation.time); windows of fewer than "
				+ Convergence.TOO_FEW + " answers are not judged.";
	}

	/** Why a target had not settled: how much its p50 still varied, and whether the JIT was still busy. */
	String movement(Target target) {
		double variation = this.rule.variation(target.windows());
		String varied = Double.isNaN(variation) ? "too few windows or answers to judge"
				: String.format(Locale.ROOT, "p50 varied %.1f%% over its last %d windows", 100 * variation, this.rule.windows());
		return "(" + varied + (this.rule.quiet(target.windows()) ? "" : "; JIT busy") + ")";
	}

	/**
	 * The whole as a manifest property: {@code target=END|p50:answers:seconds:jit|…;…}, p50 in
	 * milliseconds, jit in milliseconds (NaN: not read).
	 */
	public String property() {
		return this.targets.values()
			.stream()
			.map((t) -> t.name() + "=" + t.end() + t.windows()
				.stream()
				.map((w) -> String.format(Locale.ROOT, "|%.4f:%d:%.2f:%.0f", w.p50Ms(), w.answers(), w.seconds(), w.jitMs()))
				.collect(Collectors.joining()))
			.collect(Collectors.joining(";"));
	}

	/** {@link #property()} read back. */
	public static Settling parse(String property, Convergence rule) {
		Settling settling = new Settling(rule);
		if (property == null || property.isBlank()) {
			return settling;
		}
		for (String target : property.split(";")) {
			int eq = target.lastIndexOf('=');
			String[] parts = target.substring(eq + 1).split("\\|");
			List<Window> windows = new ArrayList<>();
			for (String window : Arrays.asList(parts).subList(1, parts.length)) {
				String[] f = window.split(":");
				windows.add(new Window(Double.parseDouble(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2]),
						Double.parseDouble(f[3])));
			}
			settling.put(target.substring(0, eq), windows, End.valueOf(parts[0]));
		}
		return settling;
	}

	/** The verdict of the rule on these windows, as the warm-up ends a target. */
	static End endOf(State state) {
		return (state == State.SETTLED) ? End.SETTLED : End.CAP;
	}

}
