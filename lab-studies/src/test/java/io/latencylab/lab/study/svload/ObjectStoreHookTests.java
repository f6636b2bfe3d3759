package io.latencylab.lab.study.svload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.ComposeDeployment;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.study.RunHook;
import io.latencylab.load.svload.ObjectCacheSimulation;
import io.latencylab.load.svload.StoreWrites;
import io.latencylab.load.svload.SvLoadPopulation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** Seed 003's part of a run, against a cache tier that records what it was asked. */
class ObjectStoreHookTests {

	/** The tier as a deployment runs it, in memory: what it fronts, how it is tuned, every change. */
	static final class RecordingTier implements ObjectTier {

		ObjectBackend backend = ObjectBackend.LAB;

		Tuning tuning = Tuning.BEFORE;

		final List<String> asked = new ArrayList<>();

		@Override
		public Tuning tuning() {
			return this.tuning;
		}

		@Override
		public void tune(Tuning tuning) {
			this.asked.add("tune " + tuning.key());
			this.tuning = tuning;
		}

		@Override
		public ObjectBackend backend() {
			return this.backend;
		}

		@Override
		public void use(ObjectBackend backend) {
			this.asked.add("use " + backend.key());
			this.backend = backend;
		}

		@Override
		public String describe() {
			return "fronting " + this.backend.key();
		}

	}

	private static Step objects(String name, Tuning tuning) {
		return Step.of(name, ObjectCacheSimulation.class).set(SvLoadPopulation.ACCOUNTS, 2).set(Plan.TUNING, tuning.key())
			.lasting(java.time.Duration.ofSeconds(1));
	}

	private static Deployment compose(RecordingTier tier) {
		ComposeDeployment deployment = mock(ComposeDeployment.class);
		when(deployment.backing(ObjectTier.class)).thenReturn(Optional.of(tier));
		when(deployment.mode()).thenReturn("compose");
		return deployment;
	}

	@Test
	void eachStepMeetsItsTuningAndTheRunLeavesTheTierAsItWas() throws Exception {
		RecordingTier tier = new RecordingTier();
		List<Step> steps = List.of(objects("tc1-before", Tuning.BEFORE), objects("tc1-after", Tuning.AFTER));
		RunHook.Active active = ObjectStoreHook.forRun("lab").open(compose(tier), steps);
		assertThat(active.step(steps.get(0)).get(StoreWrites.BACKEND)).isEqualTo("fronting lab");
		for (Step step : steps) {
			active.beforeStep(step);
		}
		assertThat(active.untraced(steps.get(0))).as("the lab's store is traced").isFalse();
		active.close();
		assertThat(tier.asked).containsExactly("use lab", "tune after", "tune before");
	}

	@Test
	void swiftTakesTheStoresTargetsAndItsStepsWaitForNoSpans() throws Exception {
		RecordingTier tier = new RecordingTier();
		List<Step> steps = List.of(objects("tc1-before", Tuning.BEFORE));
		RunHook.Active active = ObjectStoreHook.forRun("swift").open(compose(tier), steps);
		Map<String, String> direct = new LinkedHashMap<>(Map.of(Targets.OBJECTS.name(), "http://store",
				Targets.SWIFT.name(), "http://swift", Targets.SWIFT_TLS.name(), "https://swift"));
		active.route(direct);
		assertThat(direct).containsEntry(Targets.OBJECTS.name(), "http://swift")
			.containsEntry(Targets.OBJECTS_TLS.name(), "https://swift");
		assertThat(active.targets()).containsEntry(StoreWrites.AUTH_URL.name(), "http://swift/auth/v1.0")
			.containsEntry(StoreWrites.USER.name(), SwiftStore.USER);
		assertThat(active.untraced(steps.getFirst())).isTrue();
		active.close();
		assertThat(tier.asked).containsExactly("use swift", "use lab");
	}

	@Test
	void aDeploymentWithoutTheTierIsRefusedBeforeAnythingRuns() {
		Deployment elsewhere = mock(Deployment.class);
		when(elsewhere.backing(ObjectTier.class)).thenReturn(Optional.empty());
		when(elsewhere.mode()).thenReturn("topology");
		when(elsewhere.topology()).thenReturn(io.latencylab.lab.topology.Topology.here(
				io.latencylab.lab.topology.Topology.Kind.EXTERNAL, io.latencylab.plan.Services.here(),
				io.latencylab.lab.topology.Topology.TraceSource.jaeger("http://127.0.0.1:1")));
		List<Step> steps = List.of(objects("tc1-after", Tuning.AFTER));
		assertThat(ObjectStoreHook.forRun(null).cannotRun(elsewhere, steps)).get().asString().contains("did not start");
		assertThatThrownBy(() -> ObjectStoreHook.forRun("swift").backend(elsewhere, steps))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("fronts the store its topology names");
		assertThat(ObjectStoreHook.forComparison(null).backend(elsewhere, steps)).isEqualTo(ObjectBackend.LAB);
	}

}
