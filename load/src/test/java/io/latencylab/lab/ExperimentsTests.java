package io.latencylab.lab;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExperimentsTests {

	@Test
	void everyPlanNamesItsStepsOnce() {
		for (Experiment experiment : Experiments.ALL) {
			for (boolean full : List.of(false, true)) {
				List<String> names = experiment.steps(full).stream().map(Step::name).toList();
				assertThat(new HashSet<>(names)).as(experiment.name()).hasSameSizeAs(names);
			}
		}
	}

	@Test
	void theQuickTourPlansAboutTwoMinutesAndVisitsEveryStudy() {
		Experiment quick = Experiments.named("quick").orElseThrow();
		assertThat(quick.estimate(false)).isLessThanOrEqualTo(Duration.ofMinutes(2));
		assertThat(quick.steps(false)).extracting(Step::simulation)
			.contains("SoapVsRestSimulation", "ToyStoreSimulation", "ConcurrencySweepSimulation", "SortSimulation");
	}

	@Test
	void seed001RunsOneToFiveClientsAndTheStudysCountsAtFullScale() {
		Experiment seed001 = Experiments.named("seed-001").orElseThrow();
		assertThat(seed001.steps(false)).extracting((s) -> s.property("lab.toystore.clients"))
			.containsExactly("1", "2", "3", "4", "5");
		assertThat(seed001.steps(true)).allSatisfy((s) -> assertThat(s.property("lab.toystore.requests")).isEqualTo("1000"));
		assertThat(seed001.steps(false)).allSatisfy((s) -> assertThat(s.property("lab.toystore.buy-probability")).isEqualTo("0.1"));
	}

	@Test
	void fullScaleUsesTheStudiesSizes() {
		assertThat(Experiments.named("seed-000").orElseThrow().steps(true)).extracting((s) -> s.property("lab.meals.users"))
			.contains("100");
		assertThat(Experiments.named("seed-002").orElseThrow().steps(true))
			.anySatisfy((s) -> assertThat(s.property("lab.sweep.levels")).endsWith(",192"));
		List<Step> sort = Experiments.named("seed-004").orElseThrow().steps(true);
		assertThat(sort).extracting((s) -> s.property("lab.sort.clients")).contains("1", "10", "20", "30", "40");
		assertThat(sort).extracting((s) -> s.property("lab.sort.size")).contains("10000", "50000");
	}

	@Test
	void seed002HasTheOperationBySizeMatrix() {
		List<Step> steps = Experiments.named("seed-002").orElseThrow().steps(false);
		assertThat(steps).filteredOn((s) -> s.name().startsWith("entity-")).hasSize(16);
		assertThat(steps).extracting((s) -> s.property("lab.entity.bytes")).contains("1024", "65536");
	}

}
