package io.latencylab.load.operation;

import java.time.Duration;
import java.util.List;

import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The plan names the warm-up's simulation by name, since it knows no simulation class. */
class WarmUpSimulationTests {

	@Test
	void thePlansWarmUpNamesThisSimulation() {
		assertThat(WarmUp.SIMULATION).isEqualTo(WarmUpSimulation.class.getName());
		assertThat(Step.runs(WarmUp.load(List.of(), 1, Duration.ofSeconds(1)).simulation(), WarmUpSimulation.class)).isTrue();
	}

	@Test
	void runsRecordedBeforeItsPackageAreItsRuns() {
		// Named alone (the first runs), then in full in the load generator's one package.
		assertThat(Step.runs("WarmUpSimulation", WarmUpSimulation.class)).isTrue();
		assertThat(Step.runs("io.latencylab.load.WarmUpSimulation", WarmUpSimulation.class)).isTrue();
		assertThat(Step.runs("io.latencylab.load.TourSimulation", WarmUpSimulation.class)).isFalse();
		assertThat(Step.runs("jmeter", WarmUpSimulation.class)).isFalse();
	}

}
