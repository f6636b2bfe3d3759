package io.latencylab.load;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import io.latencylab.observability.IntervalLogs;
import io.latencylab.observability.Latencies;
import io.latencylab.plan.InjectorProgress;
import io.latencylab.plan.Parameters;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import tools.jackson.databind.json.JsonMapper;

/**
 * The machine-readable side of a run, beside Gatling's HTML report: one line per request in
 * requests.csv (group, the trace id it was sent with, start, duration, status, the span id it
 * was sent as, which is the parent of the server's root span, and whether the status counts as
 * success), so that each can be joined to the server's trace; and summary.json per request group (count, errors by type,
 * mean, p50/p95/p99/max from an HdrHistogram, throughput), plus the injector's own CPU; and
 * latency.hlog, HdrHistogram's interval log: each group's latencies (µs) a second, tagged with the
 * group, so that several injectors' figures merge exactly ({@link IntervalLogs}). Whether the
 * generator kept up goes beside them: its CPU, how late it woke from 1 ms sleeps, and for an open
 * model the arrivals it meant to send against those it sent.
 */
public final class LoadRecorder implements Answers {

	private static final double INJECTOR_CPU_WARNING = 0.8;

	/** How often an answer reads the generator's CPU and JIT counters: a step's span ends within this of its last answer. */
	static final long CLOCK_READ_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

	/** Every recorder's requests in this JVM, and those that failed: a generator's progress. */
	private static final LongAdder RECORDED = new LongAdder();

	private static final LongAdder FAILED = new LongAdder();

	private final String simulation;

	private final String runId;

	private final Path dir;

	private final Map<String, Group> groups = new ConcurrentHashMap<>();

	private final BufferedWriter requests;

	private final ScheduledExecutorService cpuSampler = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("injector-cpu").factory());

	private final Histogram injectorCpuPermille = new Histogram(1000, 3);

	/**
	 * How late this JVM woke from a 1 ms sleep, in µs, all step long (jHiccup's measure): a
	 * generator that cannot run its timers on time sends its requests late, whatever its model.
	 */
	private final Recorder hiccups = new Recorder(3_600_000_000L, 3);

	private final Thread hiccupMeter;

	/** The arrivals an open-model simulation meant to send (0: a closed model, none declared). */
	private volatile long intendedArrivals;

	/** Per group (as tagged: no spaces or commas), the interval being recorded. */
	private final Map<String, Recorder> intervals = new ConcurrentHashMap<>();

	private final HistogramLogWriter intervalLog;


	private final long startMillis = System.currentTimeMillis();

	private final com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory
		.getOperatingSystemMXBean();

	/**
	 * This JVM's CPU time and the clock at the first answer and at the latest read (one every
	 * {@link #CLOCK_READ_NANOS} at most): what the generator took while the services were being
	 * measured, apart from its start and end of a step.
	 */
	private long firstCpuNanos = -1;

	private long firstReadNanos;

	private long lastCpuNanos;

	private long lastReadNanos;

	/**
	 * This JVM's JIT, read with the CPU (ms): a generator that compiles its own code while a step is
	 * answered takes a core from the services it measures. Null in a JVM without a JIT or that does
	 * not time it: asked once, not at every answer.
	 */
	private final CompilationMXBean jit = timedJit();

	private long firstJitMillis;

	private long lastJitMillis;

	private final class Group {

		final Latencies all = new Latencies();

		/** The interval log's recorder for this group's tag, found once and not at every answer. */
		final Recorder interval;

		final LongAdder count = new LongAdder();

		final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

		volatile long firstStart = Long.MAX_VALUE;

		volatile long lastEnd;

		Group(Recorder interval) {
			this.interval = interval;
		}

	}

	public LoadRecorder(String simulation, Parameters parameters) {
		this.simulation = simulation;
		this.runId = parameters.runId();
		this.dir = Path.of(parameters.resultsDir(), simulation + "-" + this.runId);
		try {
			Files.createDirectories(this.dir);
			this.requests = Files.newBufferedWriter(this.dir.resolve("requests.csv"));
			this.requests.write("group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok\n");
			this.intervalLog = new HistogramLogWriter(this.dir.resolve(IntervalLogs.FILE).toFile());
			this.intervalLog.setBaseTime(this.startMillis);
			this.intervalLog.outputLogFormatVersion();
			this.intervalLog.outputStartTime(this.startMillis);
			this.intervalLog.outputBaseTime(this.startMillis);
			this.intervalLog.outputLegend();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		var os = this.os;
		this.cpuSampler.scheduleAtFixedRate(() -> {
			writeIntervals();
			// Once a second on disk, so that the lab runner can show the live request rate.
			synchronized (this.requests) {
				try {
					this.requests.flush();
				}
				catch (IOException ex) {
					// Closed by finish(); the sampler stops with it.
				}
			}
			double load = os.getProcessCpuLoad();
			if (load >= 0) {
				this.injectorCpuPermille.recordValue(Math.round(load * 1000));
				if (load > INJECTOR_CPU_WARNING) {
					System.out.printf("WARNING: the load generator used %.0f%% CPU: it may be the bottleneck%n", load * 100);
				}
			}
		}, 1, 1, TimeUnit.SECONDS);
		this.hiccupMeter = Thread.ofPlatform().daemon().name("injector-hiccups").start(this::measureHiccups);
	}

	private void measureHiccups() {
		long expected = TimeUnit.MILLISECONDS.toNanos(1);
		while (!Thread.currentThread().isInterrupted()) {
			long start = System.nanoTime();
			try {
				Thread.sleep(1);
			}
			catch (InterruptedException ex) {
				return;
			}
			this.hiccups.recordValue(Math.max(0, (System.nanoTime() - start - expected) / 1000));
		}
	}

	/** An open model's intended arrivals (users it injects, each one request), checked against what was sent. */
	public void intend(long arrivals) {
		this.intendedArrivals = arrivals;
	}

	public Path directory() {
		return this.dir;
	}

	@Override
	public String runId() {
		return this.runId;
	}

	@Override
	public void record(String group, long startEpochMillis, long durationNanos, int status, boolean ok, String traceId,
			String parentSpanId) {
		Group stats = this.groups.computeIfAbsent(group, (name) -> new Group(
				this.intervals.computeIfAbsent(tag(name), (k) -> new Recorder(Latencies.SIGNIFICANT_DIGITS))));
		synchronized (stats) {
			stats.all.recordNanos(durationNanos);
		}
		stats.count.increment();
		RECORDED.increment();
		if (!ok) {
			FAILED.increment();
			stats.errors.computeIfAbsent((status == 0) ? "no response" : "HTTP " + status, (k) -> new LongAdder()).increment();
		}
		stats.interval.recordValue(Math.max(0, Math.round(durationNanos / 1000.0)));
		stats.firstStart = Math.min(stats.firstStart, startEpochMillis);
		stats.lastEnd = Math.max(stats.lastEnd, startEpochMillis + durationNanos / 1_000_000);
		synchronized (this.requests) {
			// The generator's CPU and JIT between first and last answer, read at most every CLOCK_READ_NANOS:
			// the process's CPU clock is a system call that sums every thread: a quarter of this
			// method's time when read at each answer. The span ends at the last read, so CPU and clock agree.
			long now = System.nanoTime();
			if (this.firstCpuNanos < 0 || now - this.lastReadNanos >= CLOCK_READ_NANOS) {
				this.lastCpuNanos = this.os.getProcessCpuTime();
				this.lastReadNanos = now;
				this.lastJitMillis = jitMillis();
				if (this.firstCpuNanos < 0) {
					this.firstCpuNanos = this.lastCpuNanos;
					this.firstReadNanos = this.lastReadNanos;
					this.firstJitMillis = this.lastJitMillis;
				}
			}
			try {
				this.requests.write(group + "," + traceId + "," + startEpochMillis + "," + millis(durationNanos) + ","
						+ status + "," + parentSpanId + "," + ok + "\n");
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
	}

	private static CompilationMXBean timedJit() {
		CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
		return (jit != null && jit.isCompilationTimeMonitoringSupported()) ? jit : null;
	}

	/** The JIT's compilation time so far (a counter the JVM keeps: no system call); 0 where not kept. */
	private long jitMillis() {
		return (this.jit != null) ? this.jit.getTotalCompilationTime() : 0;
	}

	/** The requests every recorder of this JVM has recorded so far, and how many of them failed. */
	public static InjectorProgress recordedSoFar() {
		return new InjectorProgress(RECORDED.sum(), FAILED.sum());
	}

	/**
	 * A duration in milliseconds with three decimals (to the microsecond, half up), as requests.csv
	 * writes it: integer arithmetic, as String.format took a fifth of {@link #record}'s time.
	 */
	static String millis(long nanos) {
		long micros = (Math.max(0, nanos) + 500) / 1000;
		long fraction = micros % 1000;
		return (micros / 1000) + ((fraction < 10) ? ".00" : (fraction < 100) ? ".0" : ".") + fraction;
	}

	/** HdrHistogram's log format allows no spaces or commas in a tag. */
	static String tag(String group) {
		return group.replaceAll("[\\s,]", "_");
	}

	/** Each group's last second, as one interval line of latency.hlog. */
	private void writeIntervals() {
		synchronized (this.intervalLog) {
			this.intervals.forEach((tag, recorder) -> {
				Histogram interval = recorder.getIntervalHistogram();
				if (interval.getTotalCount() > 0) {
					interval.setTag(tag);
					this.intervalLog.outputIntervalHistogram(interval);
				}
			});
		}
	}

	/** Writes summary.json and prints where it is. */
	public Path finish() {
		// Stopped and waited for: a sample still being taken would change the histograms read below.
		this.cpuSampler.shutdownNow();
		this.hiccupMeter.interrupt();
		try {
			this.cpuSampler.awaitTermination(5, TimeUnit.SECONDS);
			this.hiccupMeter.join(5_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		writeIntervals();
		synchronized (this.intervalLog) {
			this.intervalLog.close();
		}
		Map<String, Object> summary = new LinkedHashMap<>();
		summary.put("simulation", this.simulation);
		summary.put("runId", this.runId);
		summary.put("start", Instant.ofEpochMilli(this.startMillis).toString());
		summary.put("end", Instant.now().toString());
		Map<String, Object> cpu = new LinkedHashMap<>();
		cpu.put("meanPercent", this.injectorCpuPermille.getTotalCount() == 0 ? null : this.injectorCpuPermille.getMean() / 10);
		cpu.put("maxPercent", this.injectorCpuPermille.getMaxValue() / 10.0);
		cpu.put("overloaded", this.injectorCpuPermille.getMaxValue() > INJECTOR_CPU_WARNING * 1000);
		synchronized (this.requests) {
			if (this.firstCpuNanos >= 0 && this.lastReadNanos > this.firstReadNanos) {
				cpu.put("whileAnsweringCpuSeconds", (this.lastCpuNanos - this.firstCpuNanos) / 1e9);
				cpu.put("whileAnsweringSeconds", (this.lastReadNanos - this.firstReadNanos) / 1e9);
				if (this.jit != null) {
					cpu.put("whileAnsweringJitSeconds", (this.lastJitMillis - this.firstJitMillis) / 1e3);
				}
			}
		}
		summary.put("injectorCpu", cpu);
		Histogram late = this.hiccups.getIntervalHistogram();
		Map<String, Object> hiccups = new LinkedHashMap<>();
		hiccups.put("samples", late.getTotalCount());
		hiccups.put("p99Ms", late.getValueAtPercentile(99) / 1000.0);
		hiccups.put("maxMs", late.getMaxValue() / 1000.0);
		summary.put("injectorHiccups", hiccups);
		if (this.intendedArrivals > 0) {
			long sent = this.groups.values().stream().mapToLong((g) -> g.count.sum()).sum();
			summary.put("sendRate", Map.of("intendedArrivals", this.intendedArrivals, "sent", sent));
		}
		Map<String, Object> groups = new TreeMap<>();
		this.groups.forEach((name, stats) -> {
			Latencies h = stats.all;
			Map<String, Object> group = new LinkedHashMap<>();
			long errors = stats.errors.values().stream().mapToLong(LongAdder::sum).sum();
			double seconds = Math.max(0.001, (stats.lastEnd - stats.firstStart) / 1000.0);
			group.put("count", stats.count.sum());
			group.put("errors", errors);
			Map<String, Long> byType = new TreeMap<>();
			stats.errors.forEach((type, n) -> byType.put(type, n.sum()));
			group.put("errorsByType", byType);
			synchronized (stats) {
				group.put("meanMs", h.meanMs());
				group.put("stdDevMs", h.stdDevMs());
				group.put("p50Ms", h.percentileMs(50));
				group.put("p95Ms", h.percentileMs(95));
				group.put("p99Ms", h.percentileMs(99));
				group.put("maxMs", h.maxMs());
			}
			group.put("throughputPerSec", stats.count.sum() / seconds);
			groups.put(name, group);
		});
		summary.put("groups", groups);
		Path file = this.dir.resolve("summary.json");
		try {
			synchronized (this.requests) {
				this.requests.close();
			}
			JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), summary);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		System.out.println("Lab summary: " + file.toAbsolutePath());
		return file;
	}

}
