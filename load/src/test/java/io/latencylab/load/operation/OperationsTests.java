package io.latencylab.load.operation;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import io.latencylab.load.OperationLoad;
import io.latencylab.load.azure.AzureEntities;
import io.latencylab.load.azure.EntityOperations;
import io.latencylab.load.azure.QueueOperations;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameters;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which study's load each operation gets, and what an operation without set-up adds to a step's facts. */
class OperationsTests {

	private final Parameters lab = Parameters.of(Map.of());

	@Test
	void entityOperationsGoToTheLabsTableServiceUnlessTheStepNamesAzure() {
		Parameters azure = Parameters.of(Map.of(AzureEntities.STORE.name(), "azure"));
		for (Operation operation : Arrays.stream(Operation.values()).filter(Operation::isEntity).toList()) {
			assertThat(Operations.of(operation, this.lab, 1024)).as(operation.label()).isInstanceOf(EntityOperations.class);
			assertThat(Operations.of(operation, azure, 1024)).as(operation.label()).isInstanceOf(AzureEntities.class);
		}
	}

	@Test
	void queueOperationsAreTheQueuesOwnWithTheirMessageSize() {
		for (Operation operation : Arrays.stream(Operation.values()).filter(Operation::isQueue).toList()) {
			assertThat(Operations.of(operation, this.lab, 512)).isInstanceOfSatisfying(QueueOperations.class,
					(queue) -> assertThat(queue.queueUrl()).endsWith("/" + QueueOperations.queueName(512)));
		}
	}

	@Test
	void aSingleRequestsLoadNeedsNothingBeforeAndAddsNoFact() {
		OperationLoad load = Operations.of(Operation.REST_GET, this.lab, 1024);
		load.before();
		Map<String, Object> facts = new LinkedHashMap<>();
		load.after(facts);
		assertThat(facts).isEmpty();
	}

}
