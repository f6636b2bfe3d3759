package io.latencylab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.Latencies;

/**
 * One operation's warm-up inside a simulation: its answers cut into windows of wall-clock time, each
 * window's p50 judged by the {@link Convergence} rule as it closes. A simulation on its own has no
 * runner to read the services' JIT, so only the p50 is judged here (the runner's warm-up judges
 * both). Its answers go nowhere else: a warm-up's requests are no figure.
 */
public final class SettlingWindows implements Answers {

	private final String operation;

	private final String runId;

	private final Convergence rule;

	private final long windowNanos;

	private final List<Convergence.Window> windows = new ArrayList<>();

	private Latencies current = new Latencies();

	private long windowStart;

	private Convergence.State state = Convergence.State.MOVING;

	private final LongSupplier clock;

	public SettlingWindows(String operation, String runId, Convergence rule, Duration window) {
		this(operation, runId, rule, window, System::nanoTime);
	}

	/** @param clock nanoseconds, as System.nanoTime */
	SettlingWindows(String operation, String runId, Convergence rule, Duration window, LongSupplier clock) {
		this.clock = clock;
		this.operation = operation;
		this.runId = runId;
		this.rule = rule;
		this.windowNanos = window.toNanos();
	}

	@Override
	public String runId() {
		return this.runId;
	}

	@Override
	public synchronized void record(String group, long startEpochMillis, long durationNanos, int status, boolean ok,
			String traceId, String parentSpanId) {
		long now = this.clock.getAsLong();
		if (this.windowStart == 0) {
			this.windowStart = now;
		}
		if (ok) {
			this.current.recordNanos(durationNanos);
		}
		if (now - this.windowStart >= this.windowNanos) {
			this.windows.add(new Convergence.Window(this.current.count() == 0 ? Double.NaN : this.current.percentileMs(50),
					this.current.count(), (now - this.windowStart) / 1e9, Double.NaN));
			this.state = this.rule.judge(this.windows);
			this.current = new Latencies();
			this.windowStart = now;
		}
	}

	/** Still warming: neither settled nor at the rule's cap. */
	public synchronized boolean moving() {
		return this.state == Convergence.State.MOVING;
	}

	/** A line for the log: the windows' p50s and the verdict. */
	public synchronized String describe() {
		double variation = this.rule.variation(this.windows);
		return String.format(Locale.ROOT, "warm-up of %s: %d windows, p50 %s ms, %s%s", this.operation, this.windows.size(),
				String.join(" → ", this.windows.stream().map((w) -> String.format(Locale.ROOT, "%.3f", w.p50Ms())).toList()),
				switch (this.state) {
					case SETTLED -> "settled";
					case NOT_SETTLED -> "not settled (the cap)";
					case MOVING -> "not settled (its time ran out)";
				}, Double.isNaN(variation) ? "" : String.format(Locale.ROOT, ", variation of the last %d %.1f%%",
						this.rule.windows(), 100 * variation));
	}

}
