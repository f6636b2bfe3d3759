package io.latencylab.lab.results;

import java.util.List;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.Window;
import org.junit.jupiter.api.Test;

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
				"variation, last 3", "JIT in the last window (ms)", "verdict");
		assertThat(settling.rows()).containsExactly(
				List.of("rest-get@1", "4", "20", "0.500 → 0.300 → 0.303 → 0.297", "1.0%", "0", "settled at 20 s"),
				List.of("sort@2", "3", "15", "8.000 → too few → 3.000", "", "5000", "not settled: too few windows to classify; the target's cap, 48 windows"));
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

}
