package io.latencylab.load.azure;

import java.util.Map;

import io.gatling.javaapi.core.ChainBuilder;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.OperationLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

/**
 * Seed 002's operation × entity size matrix on one table store: the lab's table service
 * ({@link EntityOperations}) or Azure Storage's table service ({@link AzureEntities}), the same
 * workload on both.
 */
public interface Entities extends OperationLoad {

	/** The operation's store: Azure Storage's tables with lab.entities.store=azure, else the lab's table service. */
	static Entities on(Parameters parameters, Operation operation, int entityBytes) {
		return AzureEntities.onAzure(parameters)
				? new AzureEntities(StorageAccount.from(parameters), operation, entityBytes)
				: new EntityOperations(Targets.url(parameters, Targets.TABLES), operation, entityBytes);
	}

	/** Before the step: the table and the entities the operation needs, not counted. */
	void setUp();

	/** The operation, its requests reported under {@code name}. */
	ChainBuilder chain(LoadRecorder recorder, String name);

	/** The deletes that had to make their entity first, insert's having run out. */
	long setUpsForDelete();

	/** After the step: what it did beyond its requests. */
	void tell();

	@Override
	default void before() {
		setUp();
	}

	@Override
	default void after(Map<String, Object> facts) {
		tell();
		facts.put("setUpsForDelete", setUpsForDelete());
	}

}
