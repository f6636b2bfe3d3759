package io.latencylab.lab.run;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GeneratorsTests {

	private final InjectorHost near = new InjectorHost("near", InjectorHost.Placement.LOCAL, "").sending(List.of("japan"));

	private final InjectorHost far = new InjectorHost("far", InjectorHost.Placement.LOCAL, "").sending(List.of("northeurope"));

	private final Step regions = Step.of("meals-rest-regions-10", "io.latencylab.load.SoapVsRestSimulation")
		.set(Targets.REGIONS, List.of("northeurope", "canada", "japan"))
		.set(io.latencylab.plan.Parameter.integer("lab.region.japan.users"), 10)
		.lasting(Duration.ofSeconds(50));

	@Test
	void aStepsRegionsGoToTheInjectorsThatNameThemTheRestToTheFirst() {
		Map<InjectorHost, Step> assigned = Generators.assign(this.regions, List.of(this.near, this.far));
		assertThat(assigned).containsOnlyKeys(this.near, this.far);
		assertThat(assigned.get(this.near).get(Targets.REGIONS)).containsExactly("canada", "japan");
		assertThat(assigned.get(this.far).get(Targets.REGIONS)).containsExactly("northeurope");
		// Each share keeps the step's name and every other setting.
		assertThat(assigned.get(this.near).name()).isEqualTo("meals-rest-regions-10");
		assertThat(assigned.get(this.near).properties()).containsEntry("lab.region.japan.users", "10");
		assertThat(assigned.get(this.far).estimate()).isEqualTo(Duration.ofSeconds(50));
	}

	@Test
	void aStepWithoutRegionsOrOneInjectorRunsWholeOnTheFirst() {
		Step query = Step.of("toystore-query-c1", "io.latencylab.load.ToyStoreSimulation").lasting(Duration.ofSeconds(5));
		assertThat(Generators.assign(query, List.of(this.far, this.near))).containsExactly(Map.entry(this.far, query));
		assertThat(Generators.assign(this.regions, List.of(this.near))).containsExactly(Map.entry(this.near, this.regions));
	}

	@Test
	void onAJobsPodsAStepThatDividesIsSharedByItsClientsAndAnyOtherRunsWholeOnTheFirstPod() {
		InjectorHost first = InjectorHost.pod("injectors-0", java.util.Optional.empty(), "latency-lab", "injectors-0-a");
		InjectorHost second = InjectorHost.pod("injectors-1", java.util.Optional.empty(), "latency-lab", "injectors-1-b");
		io.latencylab.plan.Parameter<Integer> clients = io.latencylab.plan.Parameter.integer("lab.toystore.clients");
		Step query = Step.of("toystore-query-c5", "io.latencylab.load.toystore.ToyStoreSimulation")
			.set(clients, 5)
			.set(Step.DIVIDES, List.of(clients.name()))
			.lasting(Duration.ofSeconds(5));
		Map<InjectorHost, Step> assigned = Generators.assign(query, List.of(first, second));
		assertThat(assigned).containsOnlyKeys(first, second);
		assertThat(assigned.get(first).get(clients)).isEqualTo(3);
		assertThat(assigned.get(second).get(clients)).isEqualTo(2);
		// One client: the second pod sends nothing.
		assertThat(Generators.assign(query.with(clients, 1), List.of(first, second))).containsOnlyKeys(first);
		Step whole = Step.of("svload-population", "io.latencylab.load.svload.ObjectPopulationSimulation").lasting(Duration.ZERO);
		assertThat(Generators.assign(whole, List.of(first, second))).containsExactly(Map.entry(first, whole));
		// Injectors that are no Job's pods do not divide a step (their steps are split by regions only).
		assertThat(Generators.assign(query, List.of(this.far, this.near))).containsExactly(Map.entry(this.far, query));
	}

}
