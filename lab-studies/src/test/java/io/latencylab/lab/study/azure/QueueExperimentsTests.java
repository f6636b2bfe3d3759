package io.latencylab.lab.study.azure;

import java.util.List;

import io.latencylab.load.azure.QueueOperations;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Seed 002 §3.3 as the plan states it: Add before Peek and Receive, every size, the length check. */
class QueueExperimentsTests {

	private static List<Step> queueSteps(boolean full) {
		return new AzureStudy().plan(full).steps().stream().filter((s) -> s.name().startsWith("queue-")).toList();
	}

	@Test
	void everyOperationAtEverySizeAddFirstUntracedOnTheStudysClients() {
		List<Step> sweeps = queueSteps(false).stream().filter((s) -> !s.name().startsWith(AzureStudy.QUEUE_LENGTH)).toList();
		assertThat(sweeps).extracting(Step::name)
			.containsExactly("queue-add-512b", "queue-add-1kb", "queue-add-4kb", "queue-add-8kb", "queue-peek-512b",
					"queue-peek-1kb", "queue-peek-4kb", "queue-peek-8kb", "queue-receive-512b", "queue-receive-1kb",
					"queue-receive-4kb", "queue-receive-8kb");
		SweepLoad peek8 = SweepLoad.from(sweeps.get(7).parameters());
		assertThat(peek8.operation()).isEqualTo(Operation.QUEUE_PEEK);
		assertThat(peek8.entityBytes()).isEqualTo(8192);
		assertThat(sweeps).allSatisfy((s) -> assertThat(s.get(Plan.UNTRACED)).isTrue());
		assertThat(SweepLoad.from(queueSteps(true).getFirst().parameters()).levels()).endsWith(192);
	}

	@Test
	void theLengthCheckRunsOneClientOnQueuesTenTimesApart() {
		List<Step> lengths = queueSteps(false).stream().filter((s) -> s.name().startsWith(AzureStudy.QUEUE_LENGTH)).toList();
		assertThat(lengths).extracting(Step::name)
			.containsExactly("queue-length-1000-peek", "queue-length-1000-receive", "queue-length-1000-add",
					"queue-length-10000-peek", "queue-length-10000-receive", "queue-length-10000-add");
		assertThat(lengths).allSatisfy((s) -> assertThat(SweepLoad.from(s.parameters()).levels()).containsExactly(1));
		assertThat(lengths.get(3).get(QueueOperations.LENGTH)).isEqualTo(10_000);
		assertThat(queueSteps(true).stream().filter((s) -> s.name().startsWith(AzureStudy.QUEUE_LENGTH)).map(Step::name))
			.contains("queue-length-200000-peek", "queue-length-2000000-add");
	}

}
