package io.latencylab.observability;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.latencylab.observability.Convergence.Window;

/**
 * What the last windows of a warm-up show, in the classes of Barrett et al., "Virtual Machine
 * Warmup Blows Hot and Cold" (OOPSLA 2017): steady (flat), still warming (the p50 falling), a
 * slowdown (the p50 rising while the JIT is quiet: not compilation, something that grows), or no
 * steady state (moving both ways, or rising while the JIT still works).
 *
 * <p>The drift is the least-squares slope of the p50 over the last windows' time, as a share of
 * their mean per minute. A drift is a trend when what it moves over those windows is at least twice
 * the larger of the rule's allowed variation and the scatter around the fitted line; otherwise the
 * windows move without a direction.
 *
 * @param kind the class
 * @param driftPerMinute the p50's slope over the windows read, as a share of their mean per minute (NaN: too few)
 * @param jitShare the JIT's time in the last window as a share of the window (NaN: not read)
 * @param windows how many of the last windows were read
 * @param earlierMs for a steady state slower than before (a slowdown that settled): the median p50 of its earlier windows
 * with the JIT quiet; else NaN
 * @param nowMs for such a slowdown, the p50 it settled at (the mean of the rule's last windows); else NaN
 */
public record Trend(Kind kind, double driftPerMinute, double jitShare, int windows, double earlierMs, double nowMs) {

	public Trend(Kind kind, double driftPerMinute, double jitShare, int windows) {
		this(kind, driftPerMinute, jitShare, windows, Double.NaN, Double.NaN);
	}

	/**
	 * How much slower than the earlier windows a settled p50 must be to be a slowdown: 10%, or more where the
	 * rule allows more variation (three times it), or where the p50 wandered more while the JIT was quiet
	 * (twice its robust spread).
	 */
	public static final double SLOWER = 0.10;

	/** How many of the last windows the trend is read over. */
	public static final int WINDOWS = 6;

	/**
	 * How many windows (a minute of 5 s ones) of a quiet JIT and no direction end a target's warm-up as
	 * no steady state: its code compiled, more windows would not settle it.
	 */
	public static final int SETTLED_NOISE = 12;

	/** The classes. */
	public enum Kind {

		STEADY("steady"), WARMING("still warming"), SLOWDOWN("slowdown"), NO_STEADY_STATE("no steady state"),
		UNREAD("too few windows to classify");

		private final String words;

		Kind(String words) {
			this.words = words;
		}

		public String words() {
			return this.words;
		}

	}

	/** The class of these windows (the last one latest) by this rule; steady when the rule says settled. */
	public static Trend of(List<Window> history, Convergence rule) {
		return of(history, rule, WINDOWS);
	}

	/** The class of the last {@code windows} of these windows. */
	public static Trend of(List<Window> history, Convergence rule, int windows) {
		double jitShare = history.isEmpty() ? Double.NaN : share(history.getLast());
		List<Window> last = judged(history, windows);
		boolean settled = rule.judge(history) == Convergence.State.SETTLED;
		if (last.size() < 3) {
			return new Trend(settled ? Kind.STEADY : Kind.UNREAD, Double.NaN, jitShare, last.size());
		}
		double[] minutes = minutes(history, last);
		double mean = last.stream().mapToDouble(Window::p50Ms).average().orElseThrow();
		double[] fit = fit(minutes, last);
		double slope = fit[0];
		if (settled) {
			double[] earlier = earlier(history, rule);
			double now = history.subList(history.size() - rule.windows(), history.size())
				.stream()
				.mapToDouble(Window::p50Ms)
				.average()
				.orElseThrow();
			boolean slower = now > earlier[0] * (1 + Math.max(Math.max(SLOWER, 3 * rule.maxVariation()), 2 * earlier[1]));
			return slower ? new Trend(Kind.SLOWDOWN, slope / mean, jitShare, last.size(), earlier[0], now)
					: new Trend(Kind.STEADY, slope / mean, jitShare, last.size());
		}
		double scatter = scatter(minutes, last, fit) / mean;
		double span = minutes[minutes.length - 1] - minutes[0];
		double moved = Math.abs(slope) * span / mean;
		boolean trend = moved >= 2 * Math.max(rule.maxVariation(), scatter);
		boolean quiet = quiet(history, rule, windows);
		Kind kind;
		if (trend && slope < 0) {
			kind = Kind.WARMING;
		}
		else if (trend) {
			kind = quiet ? Kind.SLOWDOWN : Kind.NO_STEADY_STATE;
		}
		else {
			// Flat within its scatter: still compiling is still warming; quiet and scattered has no steady state.
			kind = quiet ? Kind.NO_STEADY_STATE : Kind.WARMING;
		}
		return new Trend(kind, slope / mean, jitShare, last.size());
	}

	/**
	 * What the p50 was before the rule's last windows, in the windows that were judged with the JIT quiet: their
	 * median and their robust spread (the median absolute deviation × 1.4826, as a share of the median), or
	 * {infinity, 0} where fewer than the rule's windows were. Barrett et al.'s slowdown is a steady state slower than
	 * one the process had reached; where a p50 wanders from window to window with the JIT quiet (a service at
	 * several clients on two shared cores), the fastest of its earlier stretches is only its luckiest, and a
	 * return to its middle is no slowdown.
	 */
	static double[] earlier(List<Window> history, Convergence rule) {
		double[] p50s = history.subList(0, Math.max(0, history.size() - rule.windows()))
			.stream()
			.filter((w) -> w.judged() && rule.quiet(List.of(w)))
			.mapToDouble(Window::p50Ms)
			.sorted()
			.toArray();
		if (p50s.length < rule.windows()) {
			return new double[] { Double.POSITIVE_INFINITY, 0 };
		}
		double median = Convergence.median(p50s);
		double[] deviations = Arrays.stream(p50s).map((p) -> Math.abs(p - median)).sorted().toArray();
		return new double[] { median, 1.4826 * Convergence.median(deviations) / median };
	}

	/** "still warming (−12.3%/min, JIT 40% of the last window)". */
	public String describe() {
		if (!Double.isNaN(this.earlierMs)) {
			return String.format(Locale.ROOT, "slowdown (steady, but at %.3f ms after a median of %.3f ms earlier with its JIT quiet: %+.0f%%)",
					this.nowMs, this.earlierMs, 100 * (this.nowMs / this.earlierMs - 1));
		}
		StringBuilder text = new StringBuilder(this.kind.words());
		if (!Double.isNaN(this.driftPerMinute)) {
			text.append(String.format(Locale.ROOT, " (%+.1f%%/min over %d windows", 100 * this.driftPerMinute, this.windows)
				.replace('-', '−'));
			text.append(Double.isNaN(this.jitShare) ? ", JIT not read)"
					: String.format(Locale.ROOT, ", JIT %.0f%% of the last window)", 100 * this.jitShare));
		}
		return text.toString();
	}

	private static double share(Window window) {
		return (Double.isNaN(window.jitMs()) || window.seconds() <= 0) ? Double.NaN : window.jitMs() / (1000 * window.seconds());
	}

	/** The last {@link #WINDOWS} windows, those with a p50 worth comparing. */
	private static List<Window> judged(List<Window> history, int windows) {
		return history.subList(Math.max(0, history.size() - windows), history.size()).stream().filter(Window::judged).toList();
	}

	/** The rule's JIT quiet in its last windows, and (over more windows) in every one read. */
	private static boolean quiet(List<Window> history, Convergence rule, int windows) {
		int from = Math.max(0, history.size() - Math.max(windows, rule.quietWindows()));
		return rule.quiet(history) && history.subList(from, history.size()).stream()
			.allMatch((w) -> rule.quiet(List.of(w)));
	}

	/** Each read window's middle, in minutes from the warm-up's first window. */
	private static double[] minutes(List<Window> history, List<Window> last) {
		double[] at = new double[last.size()];
		double elapsed = 0;
		int k = 0;
		for (Window w : history) {
			if (k < last.size() && w == last.get(k)) {
				at[k++] = (elapsed + w.seconds() / 2) / 60;
			}
			elapsed += w.seconds();
		}
		return at;
	}

	/** Least squares: {slope per minute, intercept}. */
	private static double[] fit(double[] x, List<Window> last) {
		int n = x.length;
		double mx = 0;
		double my = 0;
		for (int i = 0; i < n; i++) {
			mx += x[i] / n;
			my += last.get(i).p50Ms() / n;
		}
		double sxy = 0;
		double sxx = 0;
		for (int i = 0; i < n; i++) {
			sxy += (x[i] - mx) * (last.get(i).p50Ms() - my);
			sxx += (x[i] - mx) * (x[i] - mx);
		}
		double slope = (sxx == 0) ? 0 : sxy / sxx;
		return new double[] { slope, my - slope * mx };
	}

	/** The residuals' standard deviation around the fitted line (n − 2 degrees of freedom). */
	private static double scatter(double[] x, List<Window> last, double[] fit) {
		double squares = 0;
		for (int i = 0; i < x.length; i++) {
			double r = last.get(i).p50Ms() - (fit[0] * x[i] + fit[1]);
			squares += r * r;
		}
		return (x.length < 3) ? 0 : Math.sqrt(squares / (x.length - 2));
	}

}
