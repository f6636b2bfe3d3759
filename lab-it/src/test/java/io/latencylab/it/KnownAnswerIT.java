package io.latencylab.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.latencylab.lab.plan.Operation;
import io.latencylab.lab.plan.Plan;
import io.latencylab.lab.plan.Step;
import io.latencylab.lab.plan.Targets;
import io.latencylab.lab.run.GatlingStep;
import io.latencylab.lab.study.toystore.ToyStoreLoad;
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

	private static final Path ROOT = Path.of(System.getProperty("lab.root", ".."));

	@Test
	void anInjected50msDelayIsFoundInTheCatalogsCommitAndNowhereElse() throws Exception {
		Map<String, Double> baseline = buyMedians("baseline");
		Map<String, Double> injected = buyMedians("injected", "--lab.inject.catalog-before-commit=50ms");

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

	/** A fresh toy store, warmed up, then a Gatling run of buys; the median of each buy component. */
	private static Map<String, Double> buyMedians(String name, String... catalogArgs) throws Exception {
		Path dir = Files.createTempDirectory("known-answer-" + name);
		try (GatlingStep gatling = new GatlingStep(ROOT); LabProcesses lab = new LabProcesses(catalogArgs)) {
			lab.startAll();
			Map<String, String> target = Map.of(Targets.TOY_STORE.name(), lab.frontend("").toString().replaceAll("/$", ""));
			Step warmUp = Plan.warmUp(List.of(Operation.TOY_QUERY, Operation.TOY_BUY), Duration.ofSeconds(8));
			assertThat(gatling.run(warmUp, dir.resolve("warm-up"), name, target, ComponentMedians.progress(warmUp))).isZero();
			return ComponentMedians.of(gatling, new ToyStoreLoad("buy", 1, 60).step(), dir.resolve("buys"), name, target,
					lab.tracesDir(), "buy", 50);
		}
	}

}
