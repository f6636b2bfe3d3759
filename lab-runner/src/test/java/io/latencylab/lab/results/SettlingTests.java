package io.latencylab.lab.results;

import java.util.List;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.Window;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SettlingTests {

	private static Window window(double p50, double jitMs) {
		return new Window(p50, 1_000, 5.0, jitMs);
	}

	@Test
	void theWarmUpHasSettledOnlyWhenEveryTargetHas() {
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.put("toy-query@5", List.of(window(4.0, 900), window(2.0, 10), window(2.02, 5), window(1.98, 0)),
				Settling.End.SETTLED);
		assertThat(settling.settled()).isTrue();
		assertThat(settling.text()).isEqualTo("settled: 1 of 1 targets settled in 20 s");
		settling.put("toy-buy@1", List.of(window(30, 3000), window(20, 2000), window(12, 1000)), Settling.End.BUDGET);
		assertThat(settling.settled()).isFalse();
		assertThat(settling.text()).isEqualTo("not settled: 1 of 2 targets settled in 35 s; toy-buy@1 still warming "
				+ "(−522.6%/min over 3 windows, JIT 20% of the last window)");
	}

	@Test
	void eachTargetIsARowWithItsWindowsVariationJitAndVerdict() {
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.put("rest-get@1", List.of(window(0.5, 300), window(0.3, 20), window(0.303, 10), window(0.297, 0)),
				Settling.End.SETTLED);
		settling.put("sort@2", List.of(window(8, 6000), new Window(Double.NaN, 3, 5.0, Double.NaN), window(3, 5000)),
				Settling.End.CAP);
		assertThat(settling.headers()).containsExactly("target", "windows", "seconds", "p50 per window (ms)",
				"variation, last 3", "JIT in the last window (ms)", "CPU steal, least–most of a window", "verdict");
		assertThat(settling.rows()).containsExactly(
				List.of("rest-get@1", "4", "20", "0.500 → 0.300 → 0.303 → 0.297", "1.0%", "0", "not read", "settled at 20 s"),
				List.of("sort@2", "3", "15", "8.000 → too few → 3.000", "", "5000", "not read",
						"not settled: too few windows to classify; the target's cap, 48 windows"));
	}

	@Test
	void theWindowsRoundTripThroughTheManifest() {
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.put("soap-study@4", List.of(window(37.2371, 7649), new Window(1.5, 12, 5.25, Double.NaN)),
				Settling.End.FAILED);
		Settling read = Settling.parse(settling.property(), Convergence.DEFAULT);
		assertThat(read.targets()).hasSize(1);
		Settling.Target target = read.targets().getFirst();
		assertThat(target.name()).isEqualTo("soap-study@4");
		assertThat(target.end()).isEqualTo(Settling.End.FAILED);
		assertThat(target.windows().get(0).p50Ms()).isCloseTo(37.2371, within(1e-9));
		assertThat(target.windows().get(1).answers()).isEqualTo(12);
		assertThat(target.windows().get(1).seconds()).isCloseTo(5.25, within(1e-9));
		assertThat(target.windows().get(1).jitMs()).isNaN();
		assertThat(target.windows().get(0).stealShare()).isNaN();
		assertThat(target.warmBefore()).isFalse();
		assertThat(Settling.parse(null, Convergence.DEFAULT).targets()).isEmpty();
	}

	@Test
	void aTargetWarmBeforeAndSteadyAtItsFloorIsSaidSoAndKeptSo() {
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.put("toy-query@1", List.of(window(0.70, 10), window(0.71, 0), window(0.69, 0)), Settling.End.SETTLED, true);
		settling.put("toy-buy@1", List.of(window(9, 0), window(7, 0), window(6, 0), window(6.05, 0), window(5.95, 0)),
				Settling.End.SETTLED, true);
		settling.put("rest-get@1", List.of(window(0.3, 0), window(0.3, 0), window(0.3, 0)), Settling.End.SETTLED, false);
		assertThat(settling.text()).isEqualTo("settled: 3 of 3 targets settled in 55 s (1 warm before, steady again at their floor)");
		assertThat(settling.rows()).extracting(List::getLast).containsExactly("settled at 15 s, at its floor (warm before)",
				"settled at 25 s (warm before, it had moved)", "settled at 15 s");
		Settling read = Settling.parse(settling.property(), Convergence.DEFAULT);
		assertThat(read.targets()).extracting(Settling.Target::warmBefore).containsExactly(true, true, false);
		assertThat(read.rows()).isEqualTo(settling.rows());
	}


	@Test
	void aTargetSteadyOnlyOverItsCpuARequestIsSaidSoAndItsCpuRoundTrips() {
		Settling settling = new Settling(Convergence.DEFAULT);
		// Warm before, its p50 10% apart with the CPU a request, the ratio flat: settled at its floor, and said how.
		settling.put("toy-query@1", List.of(new Window(0.50, 1000, 5, 0, Double.NaN, 0.25),
				new Window(0.55, 1000, 5, 0, Double.NaN, 0.275), new Window(0.49, 1000, 5, 0, Double.NaN, 0.245)),
				Settling.End.SETTLED, true);
		settling.put("rest-get@1", List.of(window(0.3, 0), window(0.3, 0), window(0.3, 0)), Settling.End.SETTLED, false);
		assertThat(settling.text()).isEqualTo("settled: 2 of 2 targets settled in 30 s (1 warm before, steady again at "
				+ "their floor), 1 of them steady only with the machine's speed taken out (the p50 over the services' CPU a "
				+ "request)");
		assertThat(settling.rows().getFirst().get(4)).isEqualTo("6.3% (0.0% over the CPU a request)");
		assertThat(settling.rows().getFirst().getLast()).isEqualTo("settled at 15 s, at its floor (warm before)");
		assertThat(settling.rows().get(1).get(4)).as("no CPU read: the p50's own").isEqualTo("0.0%");
		Settling read = Settling.parse(settling.property(), Convergence.DEFAULT);
		assertThat(read.targets().getFirst().windows()).extracting(Window::cpuMsPerAnswer).containsExactly(0.25, 0.275, 0.245);
		assertThat(read.rows()).isEqualTo(settling.rows());
		assertThat(read.text()).isEqualTo(settling.text());
		// A manifest written before the CPU was read: five fields a window.
		Settling old = Settling.parse("toy-query@1=SETTLED|0.5:1000:5.00:0:NaN|0.5:1000:5.00:0:NaN|0.5:1000:5.00:0:NaN",
				Convergence.DEFAULT);
		assertThat(old.targets().getFirst().windows()).extracting(Window::cpuMsPerAnswer).allMatch((v) -> v.isNaN());
	}

	@Test
	void theJsonHasEveryWindowsFiguresAndPropertiesThatReadBack() throws Exception {
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.noise(4, new Settling.Noise(4, List.of(0.1, 0.11, 0.1), 0.05, 0.075));
		settling.put("toy-query@1", List.of(new Window(0.50, 1000, 5, 0, Double.NaN, 0.25),
				new Window(0.55, 1000, 5, 0, Double.NaN, 0.275), new Window(0.49, 1000, 5, 0, Double.NaN, 0.245)),
				Settling.End.SETTLED, true);
		settling.put("rest-study@4", List.of(new Window(0.9, 800, 5, 300, 0.02), window(0.7, 20)), Settling.End.CAP, false);
		JsonNode json = Manifest.JSON.readTree(Manifest.JSON.writeValueAsString(settling.json()));
		assertThat(json.path("settled").asBoolean()).isFalse();
		assertThat(json.path("text").asString()).isEqualTo(settling.text());
		JsonNode query = json.path("targets").get(0);
		assertThat(query.path("name").asString()).isEqualTo("toy-query@1");
		assertThat(query.path("end").asString()).isEqualTo("SETTLED");
		assertThat(query.path("warmBefore").asBoolean()).isTrue();
		assertThat(query.path("steadyOnlyOverCpu").asBoolean()).isTrue();
		assertThat(query.path("windows").get(1).path("p50Ms").asDouble()).isEqualTo(0.55);
		assertThat(query.path("windows").get(1).path("cpuMsPerAnswer").asDouble()).isEqualTo(0.275);
		assertThat(query.path("windows").get(1).path("stealShare").isNull()).as("not read").isTrue();
		JsonNode study = json.path("targets").get(1);
		assertThat(study.path("end").asString()).isEqualTo("CAP");
		assertThat(study.path("windows").get(0).path("jitMs").asDouble()).isEqualTo(300);
		assertThat(study.path("windows").get(0).path("stealShare").asDouble()).isEqualTo(0.02);
		assertThat(study.path("windows").get(0).path("cpuMsPerAnswer").isNull()).isTrue();
		Settling read = Settling.parse(json.path(RunFolder.SETTLING).asString(), json.path(RunFolder.NOISE).asString(),
				Convergence.DEFAULT);
		assertThat(read.rows()).isEqualTo(settling.rows());
		assertThat(read.text()).isEqualTo(settling.text());
	}

	@Test
	void aTargetThatMovedWithTheMachinesStealIsSaidToAndTheStealRoundTrips() {
		Settling settling = new Settling(Convergence.DEFAULT);
		// The p50 of a buy rising and falling with the hypervisor's steal, the JIT quiet: no steady state.
		double[] steal = { 0.01, 0.06, 0.13, 0.05, 0.002, 0.003, 0.09, 0.02, 0.001, 0.07, 0.11, 0.004 };
		List<Window> windows = new java.util.ArrayList<>();
		for (double s : steal) {
			windows.add(new Window(3.0 + 26 * s, 1_000, 5.0, 10, s));
		}
		settling.put("toy-buy@1", windows, Settling.End.UNSTEADY);
		assertThat(settling.stealLink(settling.targets().getFirst())).hasValueSatisfying((link) -> {
			assertThat(link.r()).isCloseTo(1.0, within(1e-9));
			assertThat(link.msPerPoint()).isCloseTo(0.26, within(1e-9));
		});
		assertThat(settling.rows().getFirst().get(6)).isEqualTo("0.1–13.0%");
		assertThat(settling.rows().getFirst().getLast())
			.contains("; its p50 moved with this machine's CPU steal (0.1–13.0% of the CPU, r = 1.00, +0.26 ms a point, 12 windows); ");
		assertThat(settling.text()).contains("of the last window), its p50 moved with this machine's CPU steal");
		Settling read = Settling.parse(settling.property(), Convergence.DEFAULT);
		assertThat(read.targets().getFirst().windows()).extracting(Window::stealShare)
			.containsExactly(java.util.Arrays.stream(steal).boxed().toArray(Double[]::new));
		assertThat(read.rows()).isEqualTo(settling.rows());
	}

	@Test
	void aSteadyStealOrOneThatDoesNotFollowThePfiftyExplainsNothing() {
		Settling settling = new Settling(Convergence.DEFAULT);
		List<Window> flatSteal = new java.util.ArrayList<>();
		List<Window> unrelated = new java.util.ArrayList<>();
		double[] p50 = { 3.0, 4.1, 2.9, 4.4, 3.2, 4.0, 2.8, 4.3 };
		for (int i = 0; i < p50.length; i++) {
			flatSteal.add(new Window(p50[i], 1_000, 5.0, 10, 0.01 + 0.001 * (i % 2)));
			unrelated.add(new Window(p50[i], 1_000, 5.0, 10, (i % 4 < 2) ? 0.10 : 0.0));
		}
		settling.put("toy-buy@1", flatSteal, Settling.End.UNSTEADY);
		settling.put("toy-buy@5", unrelated, Settling.End.UNSTEADY);
		assertThat(settling.targets()).allSatisfy((t) -> assertThat(settling.stealLink(t)).isEmpty());
		assertThat(settling.rows()).allSatisfy((row) -> assertThat(row.getLast()).doesNotContain("steal"));
	}

}
