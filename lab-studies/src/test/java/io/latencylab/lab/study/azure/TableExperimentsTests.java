package io.latencylab.lab.study.azure;

import java.util.List;

import io.latencylab.load.azure.AzureEntities;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Seed 002's Table 1 as the plan states it: on the lab's table service, then again on Azure Storage's. */
class TableExperimentsTests {

	private static List<Step> entitySteps(boolean full) {
		return new AzureStudy().plan(full).steps().stream().filter((s) -> s.name().startsWith("entity-")).toList();
	}

	@Test
	void everyOperationAtEverySizeOnTheLabsStoreThenOnAzureStorageUntraced() {
		List<Step> steps = entitySteps(false);
		assertThat(steps).hasSize(32);
		List<Step> lab = steps.subList(0, 16);
		List<Step> azure = steps.subList(16, 32);
		assertThat(lab).allSatisfy((s) -> {
			assertThat(AzureEntities.onAzure(s.parameters())).isFalse();
			assertThat(s.get(Plan.UNTRACED)).isNull();
		});
		assertThat(azure).extracting(Step::name).startsWith("entity-insert-1kb-azure", "entity-insert-4kb-azure")
			.endsWith("entity-delete-64kb-azure");
		assertThat(azure).allSatisfy((s) -> {
			assertThat(AzureEntities.onAzure(s.parameters())).isTrue();
			assertThat(s.get(Plan.UNTRACED)).isTrue();
		});
		for (int i = 0; i < 16; i++) {
			SweepLoad ours = SweepLoad.from(lab.get(i).parameters());
			SweepLoad theirs = SweepLoad.from(azure.get(i).parameters());
			assertThat(theirs).as("the same workload on both stores").isEqualTo(ours);
			assertThat(azure.get(i).estimate()).isEqualTo(lab.get(i).estimate());
		}
		assertThat(SweepLoad.from(azure.getLast().parameters()).operation()).isEqualTo(Operation.ENTITY_DELETE);
		assertThat(SweepLoad.from(entitySteps(true).getLast().parameters()).levels()).endsWith(192);
	}

}
