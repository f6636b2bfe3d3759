package io.latencylab.load;

import io.gatling.javaapi.core.ChainBuilder;

/**
 * Seed 002's operation × entity size matrix on one table store: the lab's table service
 * ({@link EntityOperations}) or Azure Storage's table service ({@link AzureEntities}), the same
 * workload on both.
 */
public interface Entities {

	/** Before the step: the table and the entities the operation needs, not counted. */
	void setUp();

	/** The operation, its requests reported under {@code name}. */
	ChainBuilder chain(LoadRecorder recorder, String name);

	/** The deletes that had to make their entity first, insert's having run out. */
	long setUpsForDelete();

	/** After the step: what it did beyond its requests. */
	void tell();

}
