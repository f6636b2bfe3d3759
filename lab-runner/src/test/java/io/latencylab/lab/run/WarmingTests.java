package io.latencylab.lab.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.lab.results.Settling;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Request;
import io.latencylab.observability.Trend;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WarmingTests {

	@TempDir
	Path dir;

	private final List<Step> sent = new ArrayList<>();

	private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

	private final Progress progress = new Progress(List.of(Step.of("warm-up", "WarmUpSimulation").lasting(Duration.ofSeconds(1))),
			new PrintStream(this.printed));

	private final Warming warming = new Warming(Convergence.DEFAULT, Map.of(), this.progress, null, false);

	/** A window of 100 answers, every one taking ms (and one failed answer, which no p50 counts). */
	private static List<Request> answers(double ms) {
		List<Request> requests = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			requests.add(new Request("toy-query", "t" + i, i, ms, 200, null, true));
		}
		requests.add(new Request("toy-query", "failed", 0, 10_000, 500, null, false));
		return requests;
	}

	/** Windows that answer with these p50s in turn, the last one again once they run out, each about 10 ms long. */
	private Warming.Windows scripted(double... p50s) {
		Deque<Double> left = new ArrayDeque<>();
		for (double p50 : p50s) {
			left.add(p50);
		}
		return (window, windowDir) -> {
			this.sent.add(window);
			// Windows of about equal length, as real ones are: a trend is read over their times.
			Thread.sleep(10);
			double p50 = (left.size() > 1) ? left.poll() : left.peek();
			return new Warming.Result(0, answers(p50));
		};
	}

	@Test
	void eachTargetRunsAloneAtItsClientsUntilItsP50IsSteady() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_QUERY, 5), WarmUp.Target.of(Operation.REST_GET, 1)),
				Duration.ofMinutes(2));
		Settling settling = this.warming.warm(warmUp, this.dir, scripted(9, 4, 2, 2.02, 1.98, 0.3, 0.3, 0.3));
		assertThat(settling.settled()).isTrue();
		Settling.Target query = settling.targets().get(0);
		assertThat(query.name()).isEqualTo("toy-query@5");
		assertThat(query.windows()).extracting(Convergence.Window::p50Ms).containsExactly(9.0, 4.0, 2.0, 2.02, 1.98);
		assertThat(query.windows().getFirst().answers()).as("the failed answer is no p50's").isEqualTo(100);
		assertThat(query.windows().getFirst().jitMs()).as("no metrics to read").isNaN();
		assertThat(settling.targets().get(1).windows()).hasSize(3);
		// One operation a window, at its target's clients, a window long.
		assertThat(this.sent).hasSize(8);
		assertThat(this.sent.getFirst().get(WarmUp.OPERATIONS)).containsExactly(Operation.TOY_QUERY);
		assertThat(this.sent.getFirst().get(WarmUp.CLIENTS)).isEqualTo(5);
		assertThat(this.sent.getFirst().get(WarmUp.DURATION)).isEqualTo(WarmUp.DEFAULT_WINDOW);
		assertThat(this.sent.getLast().get(WarmUp.OPERATIONS)).containsExactly(Operation.REST_GET);
		assertThat(this.sent.getLast().get(WarmUp.CLIENTS)).isEqualTo(1);
	}

	@Test
	void aTargetThatKeepsImprovingStopsAtTheCap() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_BUY, 1)), Duration.ofMinutes(10));
		double[] falling = new double[Convergence.DEFAULT.maxWindows() + 10];
		for (int i = 0; i < falling.length; i++) {
			falling[i] = 100.0 * Math.pow(0.9, i);
		}
		Settling settling = this.warming.warm(warmUp, this.dir, scripted(falling));
		assertThat(settling.settled()).isFalse();
		assertThat(settling.targets().getFirst().end()).isEqualTo(Settling.End.CAP);
		assertThat(settling.targets().getFirst().windows()).hasSize(Convergence.DEFAULT.maxWindows());
		assertThat(settling.rows().getFirst().getLast()).startsWith("not settled: still warming (−")
			.endsWith("; the target's cap, 48 windows");
	}

	@Test
	void aWarmUpsOwnCapReplacesTheRules() throws Exception {
		Step warmUp = Step.of("warm-up", "WarmUpSimulation")
			.setAll(WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_BUY, 1)), Duration.ofMinutes(10)).properties())
			.set(WarmUp.MAX_WINDOWS, 20)
			.lasting(Duration.ofMinutes(10));
		double[] falling = new double[30];
		for (int i = 0; i < falling.length; i++) {
			falling[i] = 100.0 * Math.pow(0.9, i);
		}
		Settling settling = this.warming.warm(warmUp, this.dir, scripted(falling));
		assertThat(settling.targets().getFirst().windows()).hasSize(20);
		assertThat(settling.rule().maxWindows()).isEqualTo(20);
		assertThat(settling.rows().getFirst().getLast()).endsWith("; the target's cap, 20 windows");
	}

	@Test
	void onceTheBudgetIsSpentEachTargetLeftGetsItsFloorOnly() throws Exception {
		Step warmUp = Step.of("warm-up", "WarmUpSimulation")
			.set(WarmUp.TARGETS, List.of(WarmUp.Target.of(Operation.TOY_QUERY, 1), WarmUp.Target.of(Operation.TOY_BUY, 1)))
			.set(WarmUp.BUDGET, Duration.ofNanos(1))
			.lasting(Duration.ofSeconds(1));
		Settling settling = this.warming.warm(warmUp, this.dir, scripted(10, 5, 2.5, 1.2, 0.6, 0.3, 0.15));
		assertThat(settling.targets()).extracting(Settling.Target::end).containsExactly(Settling.End.BUDGET, Settling.End.BUDGET);
		assertThat(settling.targets()).allSatisfy((t) -> assertThat(t.windows()).hasSize(Convergence.DEFAULT.minWindows()));
	}

	@Test
	void aTargetWarmBeforeIsReJudgedAtItsFloorWarmsOnWhenItMovedAndIsForgottenByARestart() throws Exception {
		AtomicReference<String> started = new AtomicReference<>("1.7E9");
		HttpServer metrics = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		metrics.createContext("/actuator/prometheus", (exchange) -> {
			byte[] body = ("process_start_time_seconds " + started.get() + "\njvm_compilation_time_ms_total 100.0\n").getBytes();
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		metrics.start();
		try {
			Warmth warmth = Warmth.load(this.dir.resolve("warmth.json"));
			Warming remembering = new Warming(Convergence.DEFAULT,
					Map.of("sort-service", "http://127.0.0.1:" + metrics.getAddress().getPort() + "/actuator/prometheus"),
					this.progress, null, false).remembering(warmth);
			Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.SORT, 2)), Duration.ofMinutes(5));

			Settling.Target cold = remembering.warm(warmUp, this.dir.resolve("1"), scripted(8, 4, 2, 1, 1, 1)).targets().getFirst();
			assertThat(cold.warmBefore()).isFalse();
			assertThat(cold.windows()).hasSize(6);
			assertThat(this.printed.toString()).contains("The lab is not warm for 1 of 1 targets (sort@2): each warms until it "
					+ "settles; from cold that takes about 2 min: about 130 s a target, as measured on two cores; within the "
					+ "warm-up's cap of 5 min. A short tour that may end unsettled: --warm-cap 150s.");
			assertThat(warmth.coldStart("sort@2")).as("this machine's time to steady, measured").isPresent();
			assertThat(Warmth.load(this.dir.resolve("warmth.json")).warm("sort@2", Map.of("sort-service", 1.7e9)))
				.as("kept on disk").isTrue();

			Settling again = remembering.warm(warmUp, this.dir.resolve("2"), scripted(1, 1.01, 0.99, 1.0));
			assertThat(again.targets().getFirst().warmBefore()).isTrue();
			assertThat(again.targets().getFirst().windows()).as("re-judged at its floor").hasSize(3);
			assertThat(again.text()).endsWith("(1 warm before, steady again at their floor)");
			assertThat(this.printed.toString()).contains("The lab is warm for all 1 targets; 1 warm before: each re-judged "
					+ "at its floor (3 windows of 5 s).");
			assertThat(warmth.last("sort@2").orElseThrow().levelMs()).as("the level it settled at, kept").isEqualTo(1.0);
			assertThat(warmth.last("sort@2").orElseThrow().levelOverCpu()).as("no CPU read").isZero();

			// Three windows as far apart as a busy machine's (6.5%, beyond the rule's 3%), their median where it
			// had settled: still at its level, it stops at its floor, and the report says how it was judged.
			Settling atLevel = remembering.warm(warmUp, this.dir.resolve("2b"), scripted(1.0, 1.08, 0.95, 1.0));
			Settling.Target held = atLevel.targets().getFirst();
			assertThat(held.settled()).isTrue();
			assertThat(held.windows()).as("re-judged at its floor").hasSize(3);
			assertThat(held.kept().p50Ms()).isEqualTo(1.0);
			assertThat(atLevel.atLevelOnly(held)).isTrue();
			assertThat(atLevel.text()).endsWith("(1 warm before, steady again at their floor; 1 of them by their kept level, "
					+ "the variation of their 3 windows beyond the rule's)");
			assertThat(atLevel.rows().getFirst().getLast()).isEqualTo("settled at 0 s, at its floor (warm before: its floor's "
					+ "p50 1.000 ms, +0.0% from its kept 1.000 ms, ±6.0% allowed; its windows' variation beyond the rule's)");
			assertThat(Settling.parse(atLevel.property(), Convergence.DEFAULT).targets().getFirst().kept().p50Ms())
				.as("kept in the run's manifest").isEqualTo(1.0);

			Settling moved = remembering.warm(warmUp, this.dir.resolve("3"), scripted(2, 1.5, 1.2, 1.0, 1.0, 1.0));
			assertThat(moved.targets().getFirst().windows()).as("it moved: warmed on until steady").hasSize(6);
			assertThat(moved.rows().getFirst().getLast()).endsWith("(warm before, it had moved: its floor's p50 1.500 ms, "
					+ "+50.0% from its kept 1.000 ms, ±6.0% allowed)");

			// Flat within 10% and compiled (the JIT quiet), never within 3%: a minute of that ends it as no steady
			// state; the next warm-up on the same processes gives it its floor only.
			Step buys = WarmUp.step(List.of(WarmUp.Target.of(Operation.SORT, 5)), Duration.ofMinutes(5));
			double[] noisy = new double[40];
			for (int i = 0; i < noisy.length; i++) {
				noisy[i] = (i % 2 == 0) ? 5.0 : 5.5;
			}
			Settling.Target unsteady = remembering.warm(buys, this.dir.resolve("5"), scripted(noisy)).targets().getFirst();
			assertThat(unsteady.end()).isEqualTo(Settling.End.UNSTEADY);
			assertThat(unsteady.windows()).hasSize(Trend.SETTLED_NOISE);
			assertThat(warmth.last("sort@5").orElseThrow().verdict()).isEqualTo("no steady state");
			Settling again5 = remembering.warm(buys, this.dir.resolve("6"), scripted(noisy));
			assertThat(again5.targets().getFirst().windows()).as("as before: its floor").hasSize(3);
			assertThat(again5.rows().getFirst().getLast()).startsWith("not settled: no steady state (")
				.endsWith("; its JIT quiet and its p50 without a direction: more windows would not settle it");

			started.set("1.8E9");
			Settling restarted = remembering.warm(warmUp, this.dir.resolve("4"), scripted(1, 1, 1));
			assertThat(restarted.targets().getFirst().warmBefore()).as("a restart forgets").isFalse();
		}
		finally {
			metrics.stop(0);
		}
	}

	@Test
	void aNoisierMachineThanTheRuleLoosensItToOneAndAHalfTimesTheNoiseMeasuredOnTheReference() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_QUERY, 1)), Duration.ofMinutes(2));
		// The reference first falls (the generator's own warm-up) and stops once it no longer does, its last three
		// windows 5% apart (0.100, 0.095, 0.105): the rule allows 7.5%, and the query's 5% settles at its floor.
		Settling settling = this.warming.measuringNoise(true)
			.warm(warmUp, this.dir, scripted(0.4, 0.2, 0.1, 0.095, 0.105, 0.95, 1.0, 1.05));
		assertThat(this.sent.getFirst().get(WarmUp.OPERATIONS)).containsExactly(Operation.REFERENCE_GET);
		assertThat(this.sent).hasSize(5 + 3);
		assertThat(this.sent.get(5).get(WarmUp.OPERATIONS)).containsExactly(Operation.TOY_QUERY);
		Settling.Noise noise = settling.noise(1).orElseThrow();
		assertThat(noise.variation()).isCloseTo(0.05, within(1e-9));
		assertThat(noise.allowed()).isCloseTo(0.075, within(1e-9));
		assertThat(settling.rule(settling.targets().getFirst()).maxVariation()).isCloseTo(0.075, within(1e-9));
		assertThat(settling.rule().maxVariation()).as("the rule itself").isEqualTo(0.03);
		assertThat(settling.targets().getFirst().windows()).hasSize(3);
		assertThat(settling.settled()).isTrue();
		assertThat(this.printed.toString()).as("a cap already short").contains("cap of 2 min.").doesNotContain("A short tour");
		assertThat(noise.describe(0.03)).contains("a variation of 5.0% over the last 3, more than the rule's 3%: the rule allows 7.5% there");

		// Without the reference, the same query windows do not settle at the floor by the rule's 3%.
		this.sent.clear();
		Settling strict = this.warming.warm(warmUp, this.dir.resolve("strict"), scripted(0.95, 1.0, 1.05, 1.0, 1.0, 1.0));
		assertThat(strict.noises()).isEmpty();
		assertThat(strict.targets().getFirst().windows()).hasSizeGreaterThan(3);
	}

	@Test
	void aLapAfterTheFirstReJudgesEveryTargetOnTheNoiseMeasuredBefore() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_QUERY, 5), WarmUp.Target.of(Operation.TOY_BUY, 1)),
				Duration.ofMinutes(2));
		Warming measuring = this.warming.measuringNoise(true);
		// The reference at 5 clients, 5.6% apart: 8.4% allowed there; the query 2.8% apart settles at its floor.
		Settling first = measuring.warm(warmUp, this.dir.resolve("1"), scripted(0.1, 0.11, 0.1, 2.0, 2.1, 2.0, 3.0, 3.0, 3.0));
		assertThat(first.noises()).extracting(Settling.Noise::clients).containsExactly(5);
		this.sent.clear();

		Settling lap = measuring.lap(warmUp, this.dir.resolve("2"), scripted(2.0, 2.1, 2.0, 3.0, 3.0, 3.0), first);
		assertThat(this.sent).as("no reference again: the noise measured in the first lap holds")
			.extracting((s) -> s.get(WarmUp.OPERATIONS).getFirst() + "@" + s.get(WarmUp.CLIENTS))
			.containsExactly("TOY_QUERY@5", "TOY_QUERY@5", "TOY_QUERY@5", "TOY_BUY@1", "TOY_BUY@1", "TOY_BUY@1");
		assertThat(lap.noises()).isEqualTo(first.noises());
		assertThat(lap.rule(lap.targets().getFirst()).maxVariation()).isCloseTo(0.084, within(0.001));
		assertThat(lap.targets()).extracting(Settling.Target::name).containsExactly("toy-query@5", "toy-buy@1");
		assertThat(lap.settled()).isTrue();
	}

	@Test
	void theNoiseIsMeasuredFirstAndThenOnlyWhereATargetMissesTheRuleOnItsP50() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_QUERY, 5), WarmUp.Target.of(Operation.TOY_QUERY, 1),
				WarmUp.Target.of(Operation.TOY_BUY, 2)), Duration.ofMinutes(2));
		// At 5 clients, first: the reference not falling after its floor, 5.6% apart: 8.7% allowed there. At 1 client
		// the query settles by the rule's 3%: no reference there. At 2 the buy's three windows are 3.8% apart with
		// its JIT quiet: the reference at 2 clients (4.8%) allows 7.1%, and the same three windows settle.
		Settling settling = this.warming.measuringNoise(true)
			.warm(warmUp, this.dir, scripted(0.1, 0.11, 0.1, 2.0, 2.1, 2.0, 0.5, 0.5, 0.5, 3.0, 3.2, 3.0, 0.1, 0.105,
					0.11));
		assertThat(this.sent).extracting((s) -> s.get(WarmUp.OPERATIONS).getFirst() + "@" + s.get(WarmUp.CLIENTS))
			.containsExactly("REFERENCE_GET@5", "REFERENCE_GET@5", "REFERENCE_GET@5", "TOY_QUERY@5", "TOY_QUERY@5",
					"TOY_QUERY@5", "TOY_QUERY@1", "TOY_QUERY@1", "TOY_QUERY@1", "TOY_BUY@2", "TOY_BUY@2", "TOY_BUY@2",
					"REFERENCE_GET@2", "REFERENCE_GET@2", "REFERENCE_GET@2");
		assertThat(settling.noises()).extracting(Settling.Noise::clients).containsExactly(2, 5);
		assertThat(settling.targets()).allMatch(Settling.Target::settled);
		assertThat(settling.rule(settling.targets().get(1)).maxVariation()).isEqualTo(0.03);
		Settling.Target buy = settling.targets().get(2);
		assertThat(settling.rule(buy).maxVariation()).isCloseTo(0.071, within(0.001));
		assertThat(buy.windows()).as("at its floor: the same three windows, judged by the rule there").hasSize(3);
		assertThat(settling.caption()).contains("at another target's clients only where").contains("at 2 clients");
	}

	@Test
	void aReferenceStillGettingFasterIsTheGeneratorWarmingAndLoosensNothing() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.REST_GET, 4)), Duration.ofMinutes(2));
		// This machine's 4-client reference on a new Gatling JVM: still falling at its cap of 8 windows.
		Settling settling = this.warming.measuringNoise(true).warm(warmUp, this.dir,
				scripted(0.352, 0.221, 0.138, 0.125, 0.110, 0.100, 0.092, 0.085, 0.3, 0.3, 0.3));
		assertThat(this.sent.subList(0, Warming.NOISE_WINDOWS)).as("to its cap, still falling")
			.allMatch((s) -> s.get(WarmUp.OPERATIONS).equals(List.of(Operation.REFERENCE_GET)));
		Settling.Noise noise = settling.noise(4).orElseThrow();
		assertThat(noise.variation()).isGreaterThan(0.03);
		assertThat(noise.allowed()).isEqualTo(0.03);
		assertThat(noise.describe(0.03)).endsWith("and still falling (the load generator still warming): the rule as it is");
	}

	@Test
	void aQuietMachineKeepsTheRuleAndAVeryNoisyOneIsCappedAtTenPercent() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.REST_GET, 1)), Duration.ofMinutes(2));
		Settling quiet = this.warming.measuringNoise(true).warm(warmUp, this.dir.resolve("quiet"),
				scripted(0.1, 0.1, 0.101, 0.3, 0.3, 0.3));
		assertThat(quiet.rule().maxVariation()).isEqualTo(Convergence.DEFAULT.maxVariation());
		assertThat(quiet.noise(1).orElseThrow().p50s()).as("steady at its floor: three windows").hasSize(3);
		assertThat(quiet.noise(1).orElseThrow().describe(0.03)).endsWith("within the rule's 3%: the rule as it is");
		Settling noisy = this.warming.measuringNoise(true).warm(warmUp, this.dir.resolve("noisy"),
				scripted(0.05, 0.1, 0.2, 0.3, 0.3, 0.3));
		assertThat(noisy.rule(noisy.targets().getFirst()).maxVariation()).isEqualTo(Warming.MOST_VARIATION);
		// Kept in the run's record and read back by its report.
		Settling read = Settling.parse(noisy.property(), noisy.noiseProperty(), Convergence.DEFAULT);
		assertThat(read.noises()).isEqualTo(noisy.noises());
		assertThat(read.rule(read.targets().getFirst()).maxVariation()).isEqualTo(Warming.MOST_VARIATION);
	}

	@Test
	void aFailedWindowEndsItsTarget() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.SORT, 2)), Duration.ofMinutes(1));
		Settling settling = this.warming.warm(warmUp, this.dir, (window, windowDir) -> new Warming.Result(1, List.of()));
		assertThat(settling.targets().getFirst().end()).isEqualTo(Settling.End.FAILED);
		assertThat(settling.targets().getFirst().windows()).hasSize(1);
		assertThat(settling.targets().getFirst().windows().getFirst().p50Ms()).isNaN();
	}

	@Test
	void eachWindowKeepsTheCpuTheServicesSpentARequestAndAP50ThatFollowsItSettles() throws Exception {
		// Each window of 100 answers spends the service's CPU as it runs: 0.5, 0.55, 0.49 ms a request.
		double[] windowMs = { 50, 55, 49 };
		java.util.concurrent.atomic.AtomicLong cpuNs = new java.util.concurrent.atomic.AtomicLong();
		HttpServer metrics = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		metrics.createContext("/actuator/prometheus", (exchange) -> {
			byte[] body = ("jvm_compilation_time_ms_total 100.0\nprocess_cpu_time_ns_total{application=\"catalog\"} "
					+ cpuNs.get() + ".0\n").getBytes();
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		metrics.start();
		try {
			Warming reading = new Warming(Convergence.DEFAULT,
					Map.of("catalog-service", "http://127.0.0.1:" + metrics.getAddress().getPort() + "/actuator/prometheus"),
					this.progress, null, false);
			Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_QUERY, 1)), Duration.ofMinutes(2));
			Warming.Windows p50s = scripted(1.0, 1.1, 0.98);
			Settling settling = reading.warm(warmUp, this.dir, (window, windowDir) -> {
				cpuNs.addAndGet((long) (1e6 * windowMs[Math.min(this.sent.size(), windowMs.length - 1)]));
				return p50s.run(window, windowDir);
			});
			Settling.Target query = settling.targets().getFirst();
			assertThat(query.windows()).extracting(Convergence.Window::cpuMsPerAnswer)
				.satisfiesExactly((ms) -> assertThat(ms).isCloseTo(0.5, within(1e-9)),
						(ms) -> assertThat(ms).isCloseTo(0.55, within(1e-9)), (ms) -> assertThat(ms).isCloseTo(0.49, within(1e-9)));
			assertThat(query.end()).as("its p50 6% apart, over the CPU a request flat").isEqualTo(Settling.End.SETTLED);
			assertThat(settling.steadyOnlyOverCpu(query)).isTrue();
			assertThat(this.printed.toString()).contains("window 2: p50 1.100 ms, 100 answers, CPU 0.550 ms a request, JIT 0 ms");
		}
		finally {
			metrics.stop(0);
		}
	}

}
