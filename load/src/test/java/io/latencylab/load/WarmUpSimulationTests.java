package io.latencylab.load;

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

}
