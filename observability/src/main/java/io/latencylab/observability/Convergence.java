package io.latencylab.observability;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * When a warm-up may stop: DaCapo's convergence rule (the coefficient of variation of the last
 * {@code windows} windows' p50 at most {@code maxVariation}) and the JVMs' own signal (the JIT quiet,
 * the services' compilation time in each of the last {@code quietWindows} windows at most
 * {@code quietShare} of the window), after a floor of {@code minWindows} windows, up to a cap of
 * {@code maxWindows}.
 *
 * <p>Where each window also holds the CPU time the services spent a request, the p50 is steady too
 * when its ratio to that CPU time is: on a virtual machine whose CPUs change speed under the
 * services ({@code bench/cpu-speed} shows it), a warm service's p50 follows that speed window by
 * window, and the ratio takes the machine's speed out while keeping anything else that moves the
 * p50. The JIT-quiet half is what keeps that ratio from hiding compilation: a fresh compile lowers
 * the CPU a request and the p50 together.
 *
 * <p>The p50 alone can look flat while the JIT still works (a hot method waits in C2's queue behind
 * others on two busy cores, then halves the latency); the compilation time alone is quiet in a JVM
 * that no request has reached yet. Both together say the code that will be measured is compiled.
 *
 * @param windows how many of the last windows the variation is taken over
 * @param maxVariation the largest coefficient of variation (sample standard deviation over mean) that counts as steady
 * @param quietWindows how many of the last windows the JIT must have been quiet in
 * @param quietShare the most compilation time a service may spend in a quiet window, as a share of the window
 * @param minWindows the floor: no verdict before this many windows
 * @param maxWindows the cap: not settled after this many
 */
public record Convergence(int windows, double maxVariation, int quietWindows, double quietShare, int minWindows,
		int maxWindows) {

	/** Windows of fewer answers than this have no p50 worth comparing: they count as moving. */
	public static final int TOO_FEW = 20;

	/**
	 * DaCapo's defaults (3 windows, 3 %), the JIT quiet in the last two, at least 3 windows and at most
	 * 48: four minutes of 5 s windows, about twice what one operation's own load takes to settle from
	 * cold on two cores, so that one target that never settles cannot take a whole warm-up's cap.
	 */
	public static final Convergence DEFAULT = new Convergence(3, 0.03, 2, 0.05, 3, 48);

	/**
	 * How far a warm target's p50 at its floor may lie from the level it settled at before, in multiples of the
	 * rule's variation: each is the median of the rule's last windows, and two such medians of a p50 that varies
	 * normally by the rule's variation from window to window differ by more than twice it in about 3.5 % of cases.
	 */
	public static final double LEVEL_BAND = 2.0;

	public Convergence {
		if (windows < 2 || quietWindows < 0 || minWindows < windows || maxWindows < minWindows || maxVariation <= 0) {
			throw new IllegalArgumentException("a convergence rule needs 2 or more windows, a floor of at least that many and "
					+ "a cap of at least the floor");
		}
	}

	/** The same rule allowing another variation (a machine's own noise, measured). */
	public Convergence allowing(double variation) {
		return new Convergence(this.windows, variation, this.quietWindows, this.quietShare, this.minWindows, this.maxWindows);
	}

	/** The same rule with another cap (never below the floor). */
	public Convergence capped(int max) {
		return new Convergence(this.windows, this.maxVariation, this.quietWindows, this.quietShare, this.minWindows,
				Math.max(this.minWindows, max));
	}

	/**
	 * One window of an operation's warm-up.
	 *
	 * @param p50Ms the p50 of its answers (HdrHistogram's)
	 * @param answers how many answered
	 * @param seconds how long it lasted
	 * @param jitMs the most compilation time any service spent in it, in milliseconds; NaN when not read
	 * @param stealShare the share of this machine's CPU time the hypervisor gave to others in it (Linux's
	 * steal); NaN when not read
	 * @param cpuMsPerAnswer the CPU time the services the operation reaches spent in it, over its answers, in
	 * milliseconds; NaN when not read
	 */
	public record Window(double p50Ms, long answers, double seconds, double jitMs, double stealShare,
			double cpuMsPerAnswer) {

		public Window(double p50Ms, long answers, double seconds, double jitMs, double stealShare) {
			this(p50Ms, answers, seconds, jitMs, stealShare, Double.NaN);
		}

		public Window(double p50Ms, long answers, double seconds, double jitMs) {
			this(p50Ms, answers, seconds, jitMs, Double.NaN);
		}

		/** The p50 over the CPU a request: the machine's speed taken out; NaN where that CPU was not read. */
		public double p50OverCpu() {
			return (this.cpuMsPerAnswer > 0) ? this.p50Ms / this.cpuMsPerAnswer : Double.NaN;
		}

		boolean judged() {
			return this.answers >= TOO_FEW && this.p50Ms > 0;
		}

		boolean quiet(double share) {
			return Double.isNaN(this.jitMs) || this.jitMs <= share * this.seconds * 1000;
		}

	}

	/** Where an operation's warm-up stands after its windows so far. */
	public enum State {

		/** Below the floor, or still moving: another window. */
		MOVING,
		/** Steady and quiet: stop here. */
		SETTLED,
		/** The cap reached without settling. */
		NOT_SETTLED

	}

	/** The state after these windows, the last one latest. */
	public State judge(List<Window> history) {
		if (history.size() >= this.minWindows && steady(history) && quiet(history)) {
			return State.SETTLED;
		}
		return (history.size() >= this.maxWindows) ? State.NOT_SETTLED : State.MOVING;
	}

	/**
	 * Where a target settled: the median p50 of the rule's last windows, and the median of their p50 over the CPU
	 * the services spent a request ({@link Window#p50OverCpu()}), the machine's speed taken out.
	 *
	 * @param p50Ms in milliseconds; NaN or 0: not known
	 * @param overCpu NaN or 0 where the CPU was not read
	 */
	public record Level(double p50Ms, double overCpu) {

		/** No level kept. */
		public static final Level NONE = new Level(Double.NaN, Double.NaN);

		public boolean known() {
			return this.p50Ms > 0;
		}

		/** This level's p50 (over the CPU) within {@code band} of the other's, as a share of the other's. */
		boolean within(Level kept, double band) {
			return Math.abs(this.p50Ms - kept.p50Ms) <= band * kept.p50Ms
					|| (this.overCpu > 0 && kept.overCpu > 0 && Math.abs(this.overCpu - kept.overCpu) <= band * kept.overCpu);
		}

	}

	/**
	 * Still at the level it settled at before, on the same processes: exactly the floor's windows, the JIT quiet in
	 * them, and their median p50, or their median p50 over the CPU a request (as {@link #judge} takes the machine's
	 * speed out), within {@link #LEVEL_BAND} times the rule's variation of the kept one. This is how a warm target is
	 * re-judged at its floor without asking three short windows to agree among themselves more closely than the
	 * machine lets them: what it must show is that nothing moved since it settled. Past the floor it had moved, and
	 * only the rule itself settles it.
	 *
	 * @param kept the level of the windows it settled with before ({@link #level}); {@link Level#NONE}: none known
	 */
	public boolean atLevel(List<Window> history, Level kept) {
		if (!kept.known() || history.size() != this.minWindows || !quiet(history)) {
			return false;
		}
		Level now = level(history);
		return now.known() && now.within(kept, LEVEL_BAND * this.maxVariation);
	}

	/** The level of the last {@link #windows} windows; {@link Level#NONE} with too few, or one not judged. */
	public Level level(List<Window> history) {
		if (history.size() < this.windows) {
			return Level.NONE;
		}
		List<Window> last = history.subList(history.size() - this.windows, history.size());
		if (!last.stream().allMatch(Window::judged)) {
			return Level.NONE;
		}
		return new Level(median(last, Window::p50Ms), median(last, Window::p50OverCpu));
	}

	/** The median of a value of these windows; NaN when one of them has none. */
	private static double median(List<Window> windows, ToDoubleFunction<Window> value) {
		double[] values = windows.stream().mapToDouble(value).sorted().toArray();
		return Arrays.stream(values).anyMatch(Double::isNaN) ? Double.NaN : median(values);
	}

	/** The median of these values, sorted. */
	static double median(double[] sorted) {
		int n = sorted.length;
		return (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	}

	/** The coefficient of variation of the last {@link #windows} windows' p50; NaN with too few, or one not judged. */
	public double variation(List<Window> history) {
		return variation(history, Window::p50Ms);
	}

	/**
	 * The coefficient of variation of the last {@link #windows} windows' p50 over their CPU a request
	 * ({@link Window#p50OverCpu()}); NaN with too few, one not judged, or one whose CPU was not read.
	 */
	public double variationOverCpu(List<Window> history) {
		return variation(history, Window::p50OverCpu);
	}

	private double variation(List<Window> history, ToDoubleFunction<Window> value) {
		if (history.size() < this.windows) {
			return Double.NaN;
		}
		List<Window> last = history.subList(history.size() - this.windows, history.size());
		if (!last.stream().allMatch(Window::judged)) {
			return Double.NaN;
		}
		double[] values = last.stream().mapToDouble(value).toArray();
		double mean = Arrays.stream(values).average().orElseThrow();
		double squares = Arrays.stream(values).map((v) -> (v - mean) * (v - mean)).sum();
		return Math.sqrt(squares / (values.length - 1)) / mean;
	}

	/** The p50 steady as measured, or over the CPU a request where that was read (NaN never counts as steady). */
	private boolean steady(List<Window> history) {
		return variation(history) <= this.maxVariation || variationOverCpu(history) <= this.maxVariation;
	}

	/** Steady only once the machine's speed is taken out: the p50 over the CPU a request within the rule, the p50 not. */
	public boolean steadyOnlyOverCpu(List<Window> history) {
		return !(variation(history) <= this.maxVariation) && variationOverCpu(history) <= this.maxVariation;
	}

	/** The JIT quiet in each of the last {@link #quietWindows} windows (a window whose JIT was not read does not object). */
	public boolean quiet(List<Window> history) {
		int from = Math.max(0, history.size() - this.quietWindows);
		return history.subList(from, history.size()).stream().allMatch((w) -> w.quiet(this.quietShare));
	}

	/** The rule in words, for a report. */
	public String describe() {
		return String.format(Locale.ROOT,
				"DaCapo's convergence: the coefficient of variation of the last %d windows' p50 at most %.0f%%, and the JIT "
						+ "quiet (each service's compilation time at most %.0f%% of the window) in the last %d; at least %d "
						+ "windows, at most %d. Where the services' CPU time a request was read, the p50 over it may "
						+ "meet the %.0f%% instead: the machine's speed taken out",
				this.windows, 100 * this.maxVariation, 100 * this.quietShare, this.quietWindows, this.minWindows,
				this.maxWindows, 100 * this.maxVariation);
	}

}
