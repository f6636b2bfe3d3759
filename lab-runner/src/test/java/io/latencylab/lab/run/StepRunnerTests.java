package io.latencylab.lab.run;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StepRunnerTests {

	@Test
	void servicesCpuCountsOnlyServicesReadAtBothEndsOfTheStep() {
		Map<String, Double> before = Map.of("catalog", 10.0, "order", 5.0, "sort", 40.0);
		// order restarted during the step (its count began again); rest started during it; sort was stopped.
		Map<String, Double> after = Map.of("catalog", 12.5, "order", 1.0, "rest", 3.0);
		assertThat(StepRunner.servicesCpu(before, after)).isCloseTo(2.5, within(1e-9));
	}

}
