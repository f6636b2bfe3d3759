package io.latencylab.it;

import java.util.Map;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test that proves the latency decomposition, through the same pipeline as `./lab run`: real
 * Gatling in its own JVM drives the toy store, the spans are collected from the services' files,
 * and the report's analysis decomposes every buy. The same short load runs twice, the second time
 * with a known 50 ms delay injected inside the catalog's commit. The report must put 50 ms (± 5 ms,
 * compared by median) on the catalog's commit component and move no other component by more than
 * 5 ms.
 */
class KnownAnswerIT {

	private static final String COMMIT = "catalog-service: catalog.commit";

	@Test
	void anInjected50msDelayIsFoundInTheCatalogsCommitAndNowhereElse() throws Exception {
		Map<String, Double> baseline = ComponentMedians.ofBuys("baseline", 1, new LabProcesses());
		Map<String, Double> injected = ComponentMedians.ofBuys("injected", 1,
				new LabProcesses("--lab.inject.catalog-before-commit=50ms"));

		ComponentMedians.print("buy", baseline, injected);
		assertThat(injected.get(COMMIT) - baseline.get(COMMIT)).as("added to %s; baseline %s; injected %s", COMMIT, baseline,
				injected)
			.isBetween(45.0, 55.0);
		for (String component : new TreeSet<>(baseline.keySet())) {
			if (!component.equals(COMMIT) && !component.equals(ComponentMedians.CLIENT)) {
				assertThat(Math.abs(injected.getOrDefault(component, 0.0) - baseline.get(component)))
					.as("change of %s; baseline %s; injected %s", component, baseline, injected)
					.isLessThanOrEqualTo(5.0);
			}
		}
		assertThat(injected.get(ComponentMedians.CLIENT) - baseline.get(ComponentMedians.CLIENT)).isBetween(40.0, 60.0);
	}

}
