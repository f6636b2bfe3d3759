package io.latencylab.lab.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.latencylab.lab.report.Format;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;

/**
 * The live line of a run: which step, elapsed and remaining time (from the plan's estimates), the
 * request rate over the last seconds and the errors so far, those of every generator of the step
 * added. On a terminal the line is redrawn in place; in a log (CI) a line is printed every 5 seconds.
 */
public final class Progress {

	/** What a running step has recorded so far. */
	public record Counts(long requests, long errors) {
	}

	private final PrintStream out;

	private final boolean terminal = System.console() != null;

	private final List<Step> steps;

	private final long runStart = System.nanoTime();

	private int index;

	private long stepStart = System.nanoTime();

	/** Recent (nanoTime, requests) pairs: the rate is taken over the last few seconds, as the log is flushed once a second. */
	private final ArrayDeque<long[]> recent = new ArrayDeque<>();

	private long lastPrinted;

	/** Each generator's latest counts in the step, when several share it. */
	private final Map<Object, Counts> bySource = new LinkedHashMap<>();

	public Progress(List<Step> steps, PrintStream out) {
		this.steps = steps;
		this.out = out;
	}

	public synchronized void startStep(int index) {
		this.index = index;
		this.bySource.clear();
		this.stepStart = System.nanoTime();
		this.recent.clear();
		Step step = this.steps.get(index);
		String simulation = step.simulation().substring(step.simulation().lastIndexOf('.') + 1);
		this.out.printf(Locale.ROOT, "%n[%d/%d] %s: %s %s%n", index + 1, this.steps.size(), step.name(), simulation,
				step.properties());
	}

	/** A new count starts within the step (a settling round of the warm-up): the rate starts over. */
	public synchronized void restartCount() {
		this.recent.clear();
	}

	/** One generator's counts in the step so far: the line shows every generator's added. */
	public synchronized void update(Object source, Counts counts) {
		this.bySource.put(source, counts);
		update(stepTotal());
	}

	/** Every generator's latest counts in the step, added. */
	synchronized Counts stepTotal() {
		long requests = 0;
		long errors = 0;
		for (Counts each : this.bySource.values()) {
			requests += each.requests();
			errors += each.errors();
		}
		return new Counts(requests, errors);
	}

	public synchronized void update(Counts counts) {
		long now = System.nanoTime();
		this.recent.addLast(new long[] { now, counts.requests() });
		while (this.recent.size() > 2 && now - this.recent.peekFirst()[0] > 5_000_000_000L) {
			this.recent.removeFirst();
		}
		long[] oldest = this.recent.peekFirst();
		double rate = (now == oldest[0]) ? 0 : (counts.requests() - oldest[1]) / ((now - oldest[0]) / 1e9);
		if (now - this.lastPrinted < (this.terminal ? 1_000_000_000L : 5_000_000_000L)) {
			return;
		}
		this.lastPrinted = now;
		Duration elapsed = Duration.ofNanos(now - this.stepStart);
		Duration stepLeft = positive(this.steps.get(this.index).estimate().minus(elapsed));
		Duration runLeft = stepLeft;
		for (Step later : this.steps.subList(this.index + 1, this.steps.size())) {
			runLeft = runLeft.plus(later.estimate()).plus(Plan.STEP_OVERHEAD);
		}
		String line = String.format(Locale.ROOT, "  %s elapsed, step ~%s left, run ~%s left | %,.0f req/s | %,d requests | %,d errors",
				Format.clock(elapsed), Format.clock(stepLeft), Format.clock(runLeft), rate, counts.requests(), counts.errors());
		if (this.terminal) {
			this.out.print("\r" + line + "   ");
		}
		else {
			this.out.println(line);
		}
	}

	/** A line of its own within the step (the warm-up's opening), as the step's summary is printed. */
	public void say(String line) {
		endStep(line);
	}

	public void endStep(String summary) {
		if (this.terminal) {
			this.out.println();
		}
		this.out.println("  " + summary);
	}

	public Duration elapsed() {
		return Duration.ofNanos(System.nanoTime() - this.runStart);
	}

	private static Duration positive(Duration duration) {
		return duration.isNegative() ? Duration.ZERO : duration;
	}

}
