package io.latencylab.lab.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.Request;
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

	private final Warming warming = new Warming(Convergence.DEFAULT, Map.of(),
			new Progress(List.of(Step.of("warm-up", "WarmUpSimulation").lasting(Duration.ofSeconds(1))),
					new PrintStream(new ByteArrayOutputStream())));

	/** A window of 100 answers, every one taking ms (and one failed answer, which no p50 counts). */
	private static List<Request> answers(double ms) {
		List<Request> requests = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			requests.add(new Request("toy-query", "t" + i, i, ms, 200, null, true));
		}
		requests.add(new Request("toy-query", "failed", 0, 10_000, 500, null, false));
		return requests;
	}

	/** Windows that answer with these p50s in turn, the last one again once they run out. */
	private Warming.Windows scripted(double... p50s) {
		Deque<Double> left = new ArrayDeque<>();
		for (double p50 : p50s) {
			left.add(p50);
		}
		return (window, windowDir) -> {
			this.sent.add(window);
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
		double[] falling = new double[20];
		for (int i = 0; i < falling.length; i++) {
			falling[i] = 100.0 / (i + 1);
		}
		Settling settling = this.warming.warm(warmUp, this.dir, scripted(falling));
		assertThat(settling.settled()).isFalse();
		assertThat(settling.targets().getFirst().end()).isEqualTo(Settling.End.CAP);
		assertThat(settling.targets().getFirst().windows()).hasSize(Convergence.DEFAULT.maxWindows());
	}

	@Test
	void aWarmUpsOwnCapReplacesTheRules() throws Exception {
		Step warmUp = Step.of("warm-up", "WarmUpSimulation")
			.setAll(WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_BUY, 1)), Duration.ofMinutes(10)).properties())
			.set(WarmUp.MAX_WINDOWS, 20)
			.lasting(Duration.ofMinutes(10));
		double[] falling = new double[30];
		for (int i = 0; i < falling.length; i++) {
			falling[i] = 100.0 / (i + 1);
		}
		Settling settling = this.warming.warm(warmUp, this.dir, scripted(falling));
		assertThat(settling.targets().getFirst().windows()).hasSize(20);
		assertThat(settling.rule().maxWindows()).isEqualTo(20);
		assertThat(settling.rows().getFirst().getLast()).isEqualTo("not settled (the cap, 20 windows)");
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
	void aFailedWindowEndsItsTarget() throws Exception {
		Step warmUp = WarmUp.step(List.of(WarmUp.Target.of(Operation.SORT, 2)), Duration.ofMinutes(1));
		Settling settling = this.warming.warm(warmUp, this.dir, (window, windowDir) -> new Warming.Result(1, List.of()));
		assertThat(settling.targets().getFirst().end()).isEqualTo(Settling.End.FAILED);
		assertThat(settling.targets().getFirst().windows()).hasSize(1);
		assertThat(settling.targets().getFirst().windows().getFirst().p50Ms()).isNaN();
	}

	@Test
	void theJitsTimeIsReadFromPrometheusAndTheBusiestServiceCounts() {
		String text = """
				# HELP jvm_compilation_time_ms_total The approximate accumulated elapsed time spent in compilation
				# TYPE jvm_compilation_time_ms_total counter
				jvm_compilation_time_ms_total{compiler="HotSpot 64-Bit Tiered Compilers"} 155978.0
				jvm_info{runtime="OpenJDK Runtime Environment"} 1
				""";
		assertThat(Warming.compilationMs(text)).isCloseTo(155978.0, within(1e-9));
		assertThat(Warming.compilationMs("process_cpu_time_ns_total 1.0E9\n")).isNaN();
		assertThat(Warming.jitSpent(Map.of("catalog", 100.0, "order", 50.0), Map.of("catalog", 160.0, "order", 450.0,
				"frontend", 9_000.0))).as("the busiest of those read twice").isCloseTo(400.0, within(1e-9));
		assertThat(Warming.jitSpent(Map.of(), Map.of("catalog", 1.0))).isNaN();
	}

}
