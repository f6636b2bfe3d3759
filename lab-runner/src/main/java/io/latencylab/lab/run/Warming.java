package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.results.Settling;
import io.latencylab.lab.topology.Topology;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.Level;
import io.latencylab.observability.Convergence.State;
import io.latencylab.observability.Convergence.Window;
import io.latencylab.observability.HostSteal;
import io.latencylab.observability.Latencies;
import io.latencylab.observability.Request;
import io.latencylab.observability.Trend;
import io.latencylab.plan.Operation;
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

	/** What the lab remembers of its warmth; null: nothing (every target judged as if cold, nothing kept). */
	private final Warmth warmth;

	/** Whether the reference (nginx, no JIT) is there to measure this machine's own noise on first. */
	private final boolean noise;

	/** The cap the opening line suggests for a short tour, to a user on a longer one. */
	static final Duration SHORT_TOUR = Duration.ofSeconds(150);

	/** The most windows of the reference: its first ones warm the load generator's JVM. */
	static final int NOISE_WINDOWS = 8;

	/** The most the machine's noise may loosen the rule to: past it the machine is too noisy to settle anything. */
	static final double MOST_VARIATION = Settling.MOST_VARIATION;

	public Warming(Convergence rule, Topology topology, Progress progress) {
		this(rule, metricsUrls(topology), progress, null, false);
	}

	/** @param metrics each service's Prometheus endpoint, by name */
	Warming(Convergence rule, Map<String, String> metrics, Progress progress, Warmth warmth, boolean noise) {
		this.rule = rule;
		this.metrics = metrics;
		this.progress = progress;
		this.warmth = warmth;
		this.noise = noise;
	}

	/** The same warming, remembering in {@code warmth} which targets settled on which service processes, and reading it. */
	public Warming remembering(Warmth warmth) {
		return new Warming(this.rule, this.metrics, this.progress, warmth, this.noise);
	}

	/**
	 * The same warming, measuring this machine's own noise on the reference
	 * ({@link Operation#REFERENCE_GET}: nginx, no JIT) at each target's clients, at the first target of that many, its windows' targets map
	 * holding the reference: where the reference's p50 varies over the rule's windows by more than the
	 * rule allows, the rule allows 1.5× that for those targets (at most {@link #MOST_VARIATION}), as no
	 * rule can be stricter than the machine.
	 */
	public Warming measuringNoise(boolean reference) {
		return new Warming(this.rule, this.metrics, this.progress, this.warmth, reference);
	}

	private static Map<String, String> metricsUrls(Topology topology) {
		Map<String, String> urls = new LinkedHashMap<>();
		topology.services().forEach((name, endpoint) -> urls.put(name, endpoint.metrics()));
		return urls;
	}

	/**
	 * The warm-up step's targets in turn, each until it settles. A target the lab remembers settled on
	 * the same service processes is re-judged: it stops at the rule's floor when still steady (by the
	 * rule, or still at the level it settled at there, its JIT quiet), and warms on by the rule when it
	 * moved. Each target goes past its floor only while the cap ({@link WarmUp#BUDGET}) has time for it
	 * beyond the floors of the targets after it, so every target gets at least its floor and the whole
	 * stays within the cap.
	 *
	 * @param dir where each window's results go (dir/NN-target-wK)
	 */
	public Settling warm(Step warmUp, Path dir, Windows windows) throws IOException, InterruptedException {
		return lap(warmUp, dir, windows, null);
	}

	/** The same, as a further lap after {@code earlier} (or null): the machine's noise measured there holds. */
	public Settling lap(Step warmUp, Path dir, Windows windows, Settling earlier) throws IOException, InterruptedException {
		List<WarmUp.Target> targets = warmUp.get(WarmUp.TARGETS);
		Duration window = orElse(warmUp.get(WarmUp.WINDOW), WarmUp.DEFAULT_WINDOW);
		Duration cap = orElse(warmUp.get(WarmUp.BUDGET), WarmUp.DEFAULT_CAP);
		long deadline = System.nanoTime() + cap.toNanos();
		Convergence base = Settling.ruleOf(this.rule, warmUp.properties());
		Settling settling = new Settling(base);
		// Clients at which the reference was measured (or tried): once each, over the laps too.
		Set<Integer> measured = new HashSet<>();
		for (Settling.Noise noise : (earlier == null) ? List.<Settling.Noise>of() : earlier.noises()) {
			settling.noise(noise.clients(), noise);
			measured.add(noise.clients());
		}
		Map<WarmUp.Target, Map<String, Double>> processes = new LinkedHashMap<>();
		for (WarmUp.Target target : targets) {
			processes.put(target, processStarts(target.operation().services()));
		}
		List<WarmUp.Target> cold = targets.stream().filter((t) -> !warmBefore(t, processes.get(t))).toList();
		this.progress.say(opening(targets, cold, window, cap, base));
		int n = 0;
		for (WarmUp.Target target : targets) {
			n++;
			boolean warmBefore = !cold.contains(target);
			// The reference at the first target's clients: its windows warm the load generator's new JVM first.
			if (this.noise && measured.isEmpty()) {
				measureNoise(warmUp, window, base, target.clients(), dir, windows, true, settling, measured);
			}
			Convergence rule = ruleAt(settling, base, target.clients());
			// Its last verdict on these very processes, if the lab remembers one.
			Optional<Warmth.Verdict> here = (this.warmth == null || processes.get(target).isEmpty()) ? Optional.empty()
					: this.warmth.last(target.toString()).filter((v) -> v.processes().equals(processes.get(target)));
			boolean fromCold = this.warmth != null && here.isEmpty();
			// The level it settled at on these processes: at its floor it need only show it has not moved from there.
			Level keptLevel = (warmBefore && this.warmth != null)
					? this.warmth.level(target.toString(), processes.get(target)).orElse(Level.NONE) : Level.NONE;
			// Left without a steady state, or slower than it had been: re-judged at its floor, and no longer if still so.
			int unsteadyAfter = here.filter((v) -> Trend.Kind.NO_STEADY_STATE.words().equals(v.verdict())
					|| Trend.Kind.SLOWDOWN.words().equals(v.verdict())).isPresent() ? rule.minWindows() : Trend.SETTLED_NOISE;
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
				Map<String, String> before = scrape(reached);
				var stealBefore = HostSteal.now();
				long start = System.nanoTime();
				Result result = windows.run(step, windowDir);
				double seconds = (System.nanoTime() - start) / 1e9;
				Map<String, String> after = scrape(reached);
				history.add(window(result.requests(), seconds, ServiceMetrics.jitSpent(ServiceMetrics.compilationMs(before), ServiceMetrics.compilationMs(after)),
						HostSteal.share(stealBefore, HostSteal.now()), ServiceMetrics.cpuSpentMs(before, after)));
				State state = judge(rule, history, keptLevel);
				if (state == State.MOVING && this.noise && !measured.contains(target.clients())
						&& history.size() >= rule.minWindows() && rule.quiet(history)) {
					// Its JIT quiet and only its p50 beyond the rule: what the machine's noise allows here decides.
					measureNoise(warmUp, window, base, target.clients(), dir, windows, false, settling, measured);
					rule = ruleAt(settling, base, target.clients());
					state = judge(rule, history, keptLevel);
				}
				// Slower than its own earlier windows here; a target still at its kept level has not moved from it.
				boolean slowdown = state == State.SETTLED && rule.judge(history) == State.SETTLED
						&& Trend.of(history, rule).kind() == Trend.Kind.SLOWDOWN;
				Window last = history.getLast();
				double leftSeconds = Math.min((deadline - System.nanoTime()) / 1e9,
						left(targets.subList(n, targets.size()), cold, window, rule)
								+ (warmBefore ? Math.max(0, rule.minWindows() - history.size()) * window.toSeconds()
										: Math.max(0, coldSeconds(target) - seconds(history))));
				this.progress.endStep(String.format(Locale.ROOT,
						"warming %s (%d of %d, %s), window %d: p50 %s ms, %,d answers, %sJIT %s%s%s; about %s left",
						target, n, targets.size(), warmBefore ? "warm before" : "cold", history.size(),
						Double.isNaN(last.p50Ms()) ? "–" : String.format(Locale.ROOT, "%.3f", last.p50Ms()), last.answers(),
						Double.isNaN(last.cpuMsPerAnswer()) ? ""
								: String.format(Locale.ROOT, "CPU %.3f ms a request, ", last.cpuMsPerAnswer()),
						Double.isNaN(last.jitMs()) ? "not read" : String.format(Locale.ROOT, "%.0f ms", last.jitMs()),
						Double.isNaN(last.stealShare()) ? "" : String.format(Locale.ROOT, ", steal %.1f%%", 100 * last.stealShare()),
						slowdown ? ": steady, but a slowdown" : (state == State.SETTLED) ? ": settled" : "",
						minutes(Math.max(0, leftSeconds))));
				if (result.exit() != 0) {
					end = Settling.End.FAILED;
					break;
				}
				if (slowdown) {
					// Steady, but slower than it was with its JIT quiet: not compilation; more windows would not undo it.
					end = Settling.End.SLOWDOWN;
					break;
				}
				if (state != State.MOVING) {
					end = Settling.endOf(state);
					break;
				}
				if (unsteady(history, rule, unsteadyAfter)) {
					end = Settling.End.UNSTEADY;
					break;
				}
				// The floors of the targets still to come are kept from the cap, so that the whole stays within it.
				long reserve = (long) (targets.size() - n) * rule.minWindows() * window.toNanos();
				if (System.nanoTime() > deadline - reserve && history.size() >= rule.minWindows()) {
					end = Settling.End.BUDGET;
					break;
				}
			}
			settling.put(target.toString(), history, end, warmBefore, keptLevel);
			remember(target, processes.get(target), settling, fromCold);
		}
		return settling;
	}

	/**
	 * The rule's verdict, or settled at the floor where a warm target is still at the level it had kept
	 * ({@link Convergence#atLevel}): the lab re-judges what it remembers, it does not ask it to settle again.
	 */
	static State judge(Convergence rule, List<Window> history, Level keptLevel) {
		State state = rule.judge(history);
		return (state == State.MOVING && rule.atLevel(history, keptLevel)) ? State.SETTLED : state;
	}

	/** The reference's windows at these clients, once, kept in {@code settling} and said. */
	private void measureNoise(Step warmUp, Duration window, Convergence base, int clients, Path dir, Windows windows,
			boolean first, Settling settling, Set<Integer> measured) throws IOException, InterruptedException {
		measured.add(clients);
		noise(warmUp, window, base, clients, dir, windows, first).ifPresent((noise) -> {
			settling.noise(clients, noise);
			this.progress.say(noise.describe(base.maxVariation()));
		});
	}

	/** The rule at these clients: loosened where the machine's noise measured there allows more. */
	private static Convergence ruleAt(Settling settling, Convergence base, int clients) {
		return settling.noise(clients).map((noise) -> base.allowing(noise.allowed())).orElse(base);
	}

	/**
	 * The reference's windows at these clients, and the variation the rule allows for them; empty when a window
	 * failed or had too few answers.
	 *
	 * @param first whether this is the warm-up's first measurement: its windows also warm the load generator's
	 * own JVM (new with each command), for as long as the reference's p50 still falls (at most
	 * {@link #NOISE_WINDOWS})
	 */
	private Optional<Settling.Noise> noise(Step warmUp, Duration window, Convergence rule, int clients, Path dir,
			Windows windows, boolean first) throws IOException, InterruptedException {
		Step step = warmUp.toBuilder()
			.set(WarmUp.OPERATIONS, List.of(Operation.REFERENCE_GET))
			.set(WarmUp.CLIENTS, clients)
			.set(WarmUp.DURATION, window)
			.lasting(window);
		int most = first ? NOISE_WINDOWS : rule.windows();
		List<Window> history = new ArrayList<>();
		for (int k = 1; k <= most && (k <= rule.minWindows() || (first && falling(history, rule))); k++) {
			this.progress.restartCount();
			long start = System.nanoTime();
			Result result = windows.run(step,
					dir.resolve(String.format(Locale.ROOT, "00-reference-get-c%d-w%d", clients, k)));
			history.add(window(result.requests(), (System.nanoTime() - start) / 1e9, Double.NaN));
			if (result.exit() != 0) {
				this.progress.say("the machine's noise at " + clients + " clients: the reference's window failed; the rule as it is");
				return Optional.empty();
			}
		}
		double variation = rule.variation(history);
		if (Double.isNaN(variation)) {
			return Optional.empty();
		}
		// A reference still getting faster is the generator still warming, not noise: it loosens nothing.
		double allowed = (falling(history, rule) || variation <= rule.maxVariation()) ? rule.maxVariation()
				: Math.min(MOST_VARIATION, 1.5 * variation);
		return Optional.of(new Settling.Noise(clients, history.stream().map(Window::p50Ms).toList(), variation, allowed));
	}

	/** The reference's p50 still falling over the rule's last windows: the generator still warming, not noise. */
	private static boolean falling(List<Window> history, Convergence rule) {
		return rule.judge(history) != State.SETTLED && Trend.of(history, rule, rule.windows()).kind() == Trend.Kind.WARMING;
	}

	/**
	 * At least {@code after} windows, and over the last of them (a minute's at most: {@link Trend#SETTLED_NOISE})
	 * the JIT quiet in each and no direction in the p50: no steady state to wait for. The report reads the class
	 * over the same windows ({@link Settling#trend}).
	 */
	static boolean unsteady(List<Window> history, Convergence rule, int after) {
		if (history.size() < after) {
			return false;
		}
		int windows = Math.min(history.size(), Trend.SETTLED_NOISE);
		return history.subList(history.size() - windows, history.size()).stream().allMatch((w) -> rule.quiet(List.of(w)))
				&& Trend.of(history, rule, windows).kind() == Trend.Kind.NO_STEADY_STATE;
	}

	/** Whether the lab remembers this target settled on these very processes. */
	private boolean warmBefore(WarmUp.Target target, Map<String, Double> processes) {
		return this.warmth != null && this.warmth.warm(target.toString(), processes);
	}

	/** The first line: which targets are warm, which cold, and what warming the cold ones should take here. */
	private String opening(List<WarmUp.Target> targets, List<WarmUp.Target> cold, Duration window, Duration cap,
			Convergence rule) {
		int warm = targets.size() - cold.size();
		String floor = String.format(Locale.ROOT, "%d warm before: each re-judged at its floor (%d windows of %d s)", warm,
				rule.minWindows(), window.toSeconds());
		if (cold.isEmpty()) {
			return "The lab is warm for all " + targets.size() + " targets; " + floor + ".";
		}
		String estimate = (this.warmth == null) ? ""
				: "; from cold that takes " + this.warmth.describeEstimate(cold.stream().map(WarmUp.Target::toString).toList());
		return String.format(Locale.ROOT, "The lab is not warm for %d of %d targets (%s): each warms until it settles%s; "
				+ "within the warm-up's cap of %s%s.%s",
				cold.size(), targets.size(), String.join(", ", cold.stream().map(WarmUp.Target::toString).toList()), estimate,
				minutes(cap.toSeconds()), (warm == 0) ? "" : "; " + floor,
				// The way to a short tour, for a user on the long default cap; one who chose a short cap has it.
				(cap.compareTo(SHORT_TOUR) > 0) ? " A short tour that may end unsettled: --warm-cap " + SHORT_TOUR.toSeconds() + "s." : "");
	}

	/** What the targets after this one should take: a warm one its floor, a cold one its time to steady. */
	private double left(List<WarmUp.Target> after, List<WarmUp.Target> cold, Duration window, Convergence rule) {
		return after.stream()
			.mapToDouble((t) -> cold.contains(t) ? coldSeconds(t) : rule.minWindows() * window.toSeconds())
			.sum();
	}

	private double coldSeconds(WarmUp.Target target) {
		return ((this.warmth == null) ? Optional.<Warmth.ColdStart>empty() : this.warmth.coldStart(target.toString()))
			.map(Warmth.ColdStart::seconds)
			.orElse((double) Warmth.UNMEASURED_COLD.toSeconds());
	}

	private static double seconds(List<Window> history) {
		return history.stream().mapToDouble(Window::seconds).sum();
	}

	/** "2 min 10 s", "40 s". */
	static String minutes(double seconds) {
		long s = Math.round(seconds);
		return (s < 60) ? s + " s" : (s % 60 == 0) ? (s / 60) + " min" : String.format(Locale.ROOT, "%d min %d s", s / 60, s % 60);
	}

	/** The target's verdict into the ledger; a target that settled from cold leaves this machine's time to steady. */
	private void remember(WarmUp.Target target, Map<String, Double> processes, Settling settling, boolean fromCold)
			throws IOException {
		if (this.warmth == null || processes.isEmpty()) {
			return;
		}
		Settling.Target done = settling.targets().getLast();
		String verdict = done.settled() ? "settled" : settling.trend(done).kind().words();
		Instant now = Instant.now();
		// Still at its kept level, it keeps it: a level that followed each re-judge could creep away unseen. A level
		// kept without the CPU a request (a ledger from before it was kept) takes the one just read, which has it.
		Convergence rule = settling.rule(done);
		Level read = rule.level(done.windows());
		Level level = (rule.atLevel(done.windows(), done.kept()) && (done.kept().overCpu() > 0 || !(read.overCpu() > 0)))
				? done.kept() : read;
		this.warmth.judged(target.toString(), verdict, processes, done.windows().size(), done.atFloor(settling.rule()),
				level, now);
		if (fromCold && done.settled()) {
			this.warmth.coldStart(target.toString(), done.seconds(), now);
		}
		this.warmth.save();
	}

	/** Each reached service's process, by its start time ({@code process_start_time_seconds}), in name order; where it answers. */
	Map<String, Double> processStarts(List<String> services) {
		Map<String, Double> starts = new TreeMap<>();
		this.metrics.forEach((name, url) -> {
			if (services.contains(name)) {
				Http.get(url).flatMap(Warmth::processStart).ifPresent((v) -> starts.put(name, v));
			}
		});
		return new LinkedHashMap<>(starts);
	}

	/** A window's p50 over its successful answers (HdrHistogram's, as every p50 of the report). */
	public static Window window(List<Request> requests, double seconds, double jitMs) {
		return window(requests, seconds, jitMs, Double.NaN, Double.NaN);
	}

	/**
	 * The same, with the machine's CPU steal in the window ({@link HostSteal}) and the CPU time the services spent
	 * in it (ms), kept a request; NaN: not read.
	 */
	static Window window(List<Request> requests, double seconds, double jitMs, double stealShare, double cpuMs) {
		Latencies answers = new Latencies();
		requests.stream().filter(Request::ok).forEach((r) -> answers.recordMillis(r.durationMs()));
		return new Window((answers.count() == 0) ? Double.NaN : answers.percentileMs(50), answers.count(), seconds, jitMs,
				stealShare, (answers.count() == 0) ? Double.NaN : cpuMs / answers.count());
	}

	/**
	 * The Prometheus text of each of these services, where its metrics answer: only the services the
	 * operation reaches, as a JVM that no request of it touches compiles for reasons of its own (its
	 * schedulers, its metrics). One read a service serves both the JIT's time and the CPU's.
	 */
	Map<String, String> scrape(List<String> services) {
		Map<String, String> texts = new LinkedHashMap<>();
		this.metrics.forEach((name, url) -> {
			if (services.contains(name)) {
				Http.get(url).ifPresent((text) -> texts.put(name, text));
			}
		});
		return texts;
	}

	static <T> T orElse(T value, T otherwise) {
		return (value != null) ? value : otherwise;
	}

}
