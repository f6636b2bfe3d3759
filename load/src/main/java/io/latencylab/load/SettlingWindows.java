package io.latencylab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.HostSteal;
import io.latencylab.observability.Latencies;
import io.latencylab.observability.StealLink;

/**
 * One operation's warm-up inside a simulation: its answers cut into windows of wall-clock time, each
 * window's p50 judged by the {@link Convergence} rule as it closes. A simulation on its own has no
 * runner to read the services' JIT, so only the p50 is judged here (the runner's warm-up judges
 * both). Its answers go nowhere else: a warm-up's requests are no figure. Each window also reads
 * this machine's CPU steal, as the runner's warm-up does, so that a p50 that moved with it is said
 * to have (on a virtual machine the hypervisor's other guests move every client's figures alike).
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

	private final Supplier<Optional<HostSteal.Ticks>> steal;

	private Optional<HostSteal.Ticks> stealAtStart = Optional.empty();

	public SettlingWindows(String operation, String runId, Convergence rule, Duration window) {
		this(operation, runId, rule, window, System::nanoTime, HostSteal::now);
	}

	/**
	 * @param clock nanoseconds, as System.nanoTime
	 * @param steal the machine's CPU counters now, as {@link HostSteal#now()}
	 */
	SettlingWindows(String operation, String runId, Convergence rule, Duration window, LongSupplier clock,
			Supplier<Optional<HostSteal.Ticks>> steal) {
		this.clock = clock;
		this.steal = steal;
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
			this.stealAtStart = this.steal.get();
		}
		if (ok) {
			this.current.recordNanos(durationNanos);
		}
		if (now - this.windowStart >= this.windowNanos) {
			Optional<HostSteal.Ticks> stealNow = this.steal.get();
			this.windows.add(new Convergence.Window(this.current.count() == 0 ? Double.NaN : this.current.percentileMs(50),
					this.current.count(), (now - this.windowStart) / 1e9, Double.NaN, HostSteal.share(this.stealAtStart, stealNow)));
			this.stealAtStart = stealNow;
			this.state = this.rule.judge(this.windows);
			this.current = new Latencies();
			this.windowStart = now;
		}
	}

	/** Still warming: neither settled nor at the rule's cap. */
	public synchronized boolean moving() {
		return this.state == Convergence.State.MOVING;
	}

	/**
	 * A line for the log: the windows' p50s, the verdict, the CPU steal of its windows, and whether the
	 * p50 moved with it over its last minute of windows ({@link StealLink}, as the runner's warm-up
	 * table says it), settled or not: a p50 steady at a level the steal raised is no floor.
	 */
	public synchronized String describe() {
		double variation = this.rule.variation(this.windows);
		return String.format(Locale.ROOT, "warm-up of %s: %d windows, p50 %s ms, %s%s%s%s", this.operation, this.windows.size(),
				String.join(" → ", this.windows.stream().map((w) -> String.format(Locale.ROOT, "%.3f", w.p50Ms())).toList()),
				switch (this.state) {
					case SETTLED -> "settled";
					case NOT_SETTLED -> "not settled (the cap)";
					case MOVING -> "not settled (its time ran out)";
				}, Double.isNaN(variation) ? "" : String.format(Locale.ROOT, ", variation of the last %d %.1f%%",
						this.rule.windows(), 100 * variation),
				StealLink.range(this.windows).map((range) -> "; CPU steal " + range + " a window").orElse(""),
				StealLink.overLastMinute(this.windows).map((link) -> "; " + link.describe()).orElse(""));
	}

}
