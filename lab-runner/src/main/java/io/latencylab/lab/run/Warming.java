package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.State;
import io.latencylab.observability.Convergence.Window;
import io.latencylab.observability.Latencies;
import io.latencylab.observability.Request;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;

/**
 * Warms what a plan will measure, the way it will measure it: each target (an operation at the
 * concurrency its steps use) alone, in windows, until the {@link Convergence} rule says it has
 * settled: its p50 steady and every service's JIT quiet. One target at a time, so that each
 * window's p50 is that operation's and not the queue behind the others.
 *
 * <p>The JIT's time comes from the Micrometer {@code jvm.compilation.time} of each service the
 * operation reaches ({@code jvm_compilation_time_ms_total} on /actuator/prometheus): HotSpot's
 * accumulated time in its compiler threads, read before and after every window. An operation on
 * another system (a storage emulator's queue, nginx) has no JIT of the lab's to wait for.
 */
public final class Warming {

	/** Runs one window: its requests, or an exception; a non-zero exit ends the target. */
	@FunctionalInterface
	public interface Windows {

		Result run(Step window, Path dir) throws IOException, InterruptedException;

		/** Each window a step of the run's long-lived Gatling JVM, its requests read back from its requests.csv. */
		static Windows through(GatlingStep gatling, String runId, Map<String, String> targets, Progress progress) {
			return (window, dir) -> {
				int exit = gatling.run(window, dir, runId, targets, progress);
				return new Result(exit, StepRunner.readQuietly(RunFolder.requestsCsvs(dir)));
			};
		}

	}

	/** One window's run: the generator's exit and its requests. */
	public record Result(int exit, List<Request> requests) {
	}

	private final Convergence rule;

	private final Map<String, String> metrics;

	private final Progress progress;

	public Warming(Convergence rule, Topology topology, Progress progress) {
		this(rule, metricsUrls(topology), progress);
	}

	/** @param metrics each service's Prometheus endpoint, by name */
	Warming(Convergence rule, Map<String, String> metrics, Progress progress) {
		this.rule = rule;
		this.metrics = metrics;
		this.progress = progress;
	}

	private static Map<String, String> metricsUrls(Topology topology) {
		Map<String, String> urls = new LinkedHashMap<>();
		topology.services().forEach((name, endpoint) -> urls.put(name, endpoint.metrics()));
		return urls;
	}

	/**
	 * The warm-up step's targets in turn. Each gets at least the rule's floor of windows; a target
	 * goes on past its floor only while the budget ({@link WarmUp#BUDGET}) has time for it beyond the
	 * floors of the targets after it.
	 *
	 * @param dir where each window's results go (dir/NN-target-wK)
	 */
	public Settling warm(Step warmUp, Path dir, Windows windows) throws IOException, InterruptedException {
		List<WarmUp.Target> targets = warmUp.get(WarmUp.TARGETS);
		Duration window = orElse(warmUp.get(WarmUp.WINDOW), WarmUp.DEFAULT_WINDOW);
		Duration budget = orElse(warmUp.get(WarmUp.BUDGET), Duration.ofMinutes(2));
		long deadline = System.nanoTime() + budget.toNanos();
		Convergence rule = rule(this.rule, warmUp.properties());
		Settling settling = new Settling(rule);
		int n = 0;
		for (WarmUp.Target target : targets) {
			n++;
			Step step = warmUp.toBuilder()
				.set(WarmUp.OPERATIONS, List.of(target.operation()))
				.set(WarmUp.CLIENTS, target.clients())
				.set(WarmUp.DURATION, window)
				.lasting(window);
			List<Window> history = new ArrayList<>();
			Settling.End end;
			while (true) {
				Path windowDir = dir.resolve(String.format(Locale.ROOT, "%02d-%s-w%d", n, target.operation().label() + "-c" + target.clients(),
						history.size() + 1));
				this.progress.restartCount();
				List<String> reached = target.operation().services();
				Map<String, Double> jitBefore = compilationMs(reached);
				long start = System.nanoTime();
				Result result = windows.run(step, windowDir);
				double seconds = (System.nanoTime() - start) / 1e9;
				history.add(window(result.requests(), seconds, jitSpent(jitBefore, compilationMs(reached))));
				State state = rule.judge(history);
				Window last = history.getLast();
				this.progress.endStep(String.format(Locale.ROOT, "warming %s, window %d: p50 %s ms, %,d answers, JIT %s%s",
						target, history.size(), Double.isNaN(last.p50Ms()) ? "–" : String.format(Locale.ROOT, "%.3f", last.p50Ms()),
						last.answers(), Double.isNaN(last.jitMs()) ? "not read" : String.format(Locale.ROOT, "%.0f ms", last.jitMs()),
						(state == State.SETTLED) ? ": settled" : ""));
				if (result.exit() != 0) {
					end = Settling.End.FAILED;
					break;
				}
				if (state != State.MOVING) {
					end = Settling.endOf(state);
					break;
				}
				// The floors of the targets still to come are kept from the budget, so that the whole stays within it.
				long reserve = (long) (targets.size() - n) * rule.minWindows() * window.toNanos();
				if (System.nanoTime() > deadline - reserve && history.size() >= rule.minWindows()) {
					end = Settling.End.BUDGET;
					break;
				}
			}
			settling.put(target.toString(), history, end);
		}
		return settling;
	}

	/** The rule with the warm-up's own cap ({@link WarmUp#MAX_WINDOWS}) when its properties set one: for it and its report. */
	public static Convergence rule(Convergence rule, Map<String, String> warmUpProperties) {
		String max = warmUpProperties.get(WarmUp.MAX_WINDOWS.name());
		return (max == null) ? rule : rule.capped(WarmUp.MAX_WINDOWS.parse(max));
	}

	/** A window's p50 over its successful answers (HdrHistogram's, as every p50 of the report). */
	public static Window window(List<Request> requests, double seconds, double jitMs) {
		Latencies answers = new Latencies();
		requests.stream().filter(Request::ok).forEach((r) -> answers.recordMillis(r.durationMs()));
		return new Window((answers.count() == 0) ? Double.NaN : answers.percentileMs(50), answers.count(), seconds, jitMs);
	}

	/** The most compilation time any service spent between the two readings; NaN when none was read both times. */
	public static double jitSpent(Map<String, Double> before, Map<String, Double> after) {
		return after.entrySet()
			.stream()
			.filter((e) -> before.containsKey(e.getKey()))
			.mapToDouble((e) -> Math.max(0, e.getValue() - before.get(e.getKey())))
			.max()
			.orElse(Double.NaN);
	}

	/**
	 * The compilation time so far of each of these services, in milliseconds, where its metrics
	 * answer: only the services the operation reaches, as a JVM that no request of it touches
	 * compiles for reasons of its own (its schedulers, its metrics).
	 */
	Map<String, Double> compilationMs(List<String> services) {
		Map<String, Double> ms = new LinkedHashMap<>();
		this.metrics.forEach((name, url) -> {
			if (services.contains(name)) {
				Http.get(url).map(Warming::compilationMs).filter((v) -> !Double.isNaN(v)).ifPresent((v) -> ms.put(name, v));
			}
		});
		return ms;
	}

	/** {@code jvm_compilation_time_ms_total} from a Prometheus text; NaN when it has none. */
	public static double compilationMs(String prometheusText) {
		for (String line : prometheusText.split("\n")) {
			if (line.startsWith("jvm_compilation_time_ms_total")) {
				return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
			}
		}
		return Double.NaN;
	}

	private static <T> T orElse(T value, T otherwise) {
		return (value != null) ? value : otherwise;
	}

}
