package io.latencylab.lab.study;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;

import io.latencylab.load.meals.MealsLoad;
import io.latencylab.load.meals.SoapVsRestSimulation;
import io.latencylab.load.operation.ConcurrencySweepSimulation;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.load.sort.SortLoad;
import io.latencylab.load.sort.SortSimulation;
import io.latencylab.load.toystore.ToyStoreLoad;
import io.latencylab.load.toystore.ToyStoreSimulation;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class StudiesTests {

	@Test
	void theRegistryFindsEveryStudyInItsPackageWithItsPaper() {
		assertThat(Studies.all()).extracting(Study::name)
			.containsExactly("quick", "seed-000", "seed-001", "seed-002", "seed-003", "seed-004", "agreement");
		assertThat(Studies.all()).allSatisfy((s) -> assertThat(s.paper()).isNotBlank());
		assertThat(Studies.named("seed-001").orElseThrow().paper()).contains("Toy Store");
	}

	@Test
	void theQuickTourNarrowedToSomeStepsWarmsOnlyTheTargetsTheySend() {
		Plan quick = Studies.named("quick").orElseThrow().plan(false);
		assertThat(quick.only(List.of("toystore-buy-c1")).warmUp().get(WarmUp.TARGETS))
			.containsExactly(WarmUp.Target.of(Operation.TOY_BUY, 5), WarmUp.Target.of(Operation.TOY_BUY, 1));
		assertThat(quick.only(List.of("meals-soap-study", "sort-quick-n10000-c2")).warmUp().get(WarmUp.TARGETS))
			.containsExactly(WarmUp.Target.of(Operation.SOAP_STUDY, 4), WarmUp.Target.of(Operation.SORT, 2));
		assertThat(quick.only(List.of("toystore-query-c5")).warmUp().get(WarmUp.TARGETS))
			.containsExactly(WarmUp.Target.of(Operation.TOY_QUERY, 5), WarmUp.Target.of(Operation.TOY_QUERY, 1));
	}

	@Test
	void theAgreementCheckPairsEachLabStepWithAnOutsideOneAndTakesTurnsGoingFirst() {
		List<Step> steps = Studies.named("agreement").orElseThrow().plan(false).steps();
		// Settling rounds 0 and 1, then six that count: each side first in three of them; four services'
		// operations and the reference (nginx) in each.
		assertThat(steps).hasSize(8 * 5 * 2);
		assertThat(steps).extracting(Step::name)
			.startsWith("wrk-toy-query-r0", "lab-toy-query-r0", "wrk-toy-buy-r0", "lab-toy-buy-r0")
			.contains("lab-toy-query-r1", "wrk-toy-query-r1", "wrk-toy-query-r2", "lab-toy-query-r2", "lab-soap-get-r3",
					"wrk-soap-get-r3", "wrk-soap-get-r4", "lab-soap-get-r4", "lab-reference-get-r7", "wrk-reference-get-r7");
		assertThat(steps.get(10).name()).isEqualTo("lab-toy-query-r1");
		assertThat(steps.get(20).name()).isEqualTo("wrk-toy-query-r2");
		// nginx traces nothing: the runner waits for no spans after the lab's turn on it.
		assertThat(steps).filteredOn((s) -> s.name().startsWith("lab-reference-get"))
			.hasSize(8)
			.allSatisfy((s) -> assertThat(s.properties()).containsEntry("lab.untraced", "true"));
		assertThat(steps).filteredOn((s) -> s.name().startsWith("lab-"))
			.allSatisfy((s) -> assertThat(s.properties()).containsEntry("lab.sweep.levels", "1"));
		assertThat(steps).filteredOn((s) -> s.name().startsWith("wrk-")).extracting(Step::simulation).containsOnly("wrk");
	}

	@Test
	void seed000SendsItsOwnPlansByEachGeneratorAskedForAndOthersRefuseJMeter() {
		Plan plan = Studies.named("seed-000").orElseThrow().plan(false, List.of("gatling", "jmeter", "wrk"));
		assertThat(plan.steps()).extracting(Step::name)
			.startsWith("meals-soap-study", "meals-rest-study", "meals-soap-study-jmeter", "meals-rest-study-jmeter",
					"meals-soap-study-wrk", "meals-rest-study-wrk", "meals-soap-matched");
		Step jmeter = plan.steps().get(3);
		assertThat(jmeter.simulation()).isEqualTo("jmeter");
		assertThat(jmeter.properties()).containsEntry("lab.jmeter.plan", "load-jmeter/plans/seed-000-rest.jmx")
			.containsEntry("lab.jmeter.target", "lab.meals.rest.url")
			.containsEntry("lab.jmeter.users", "20")
			.containsEntry("lab.protocol", "rest")
			.containsEntry("lab.meals.mix", "study");
		assertThat(java.nio.file.Files.exists(java.nio.file.Path.of("..").resolve(jmeter.properties().get("lab.jmeter.plan"))))
			.isTrue();
		Step wrk = plan.steps().get(4);
		assertThat(wrk.simulation()).isEqualTo("wrk");
		assertThat(wrk.properties()).containsEntry("lab.outside.mix", "seed-000-soap")
			.containsEntry("lab.outside.connections", "20")
			.containsEntry("lab.outside.duration", "25s");
		// Only JMeter: the matched mix and the regions stay with Gatling.
		assertThat(Studies.named("seed-000").orElseThrow().plan(false, List.of("jmeter")).steps()).extracting(Step::name)
			.startsWith("meals-soap-study-jmeter", "meals-rest-study-jmeter", "meals-soap-matched")
			.doesNotContain("meals-soap-study");
		assertThatIllegalArgumentException().isThrownBy(() -> Studies.named("seed-001").orElseThrow().plan(false, List.of("jmeter")))
			.withMessageContaining("gatling, not jmeter");
	}

	@Test
	void aRepeatedPlanRunsEachComparisonTheOtherWayRoundEveryOtherTime() {
		Plan seed000 = Studies.named("seed-000").orElseThrow().plan(false);
		List<String> first = seed000.repetition(1).steps().stream().map(Step::name).toList();
		List<String> second = seed000.repetition(2).steps().stream().map(Step::name).toList();
		assertThat(first).startsWith("meals-soap-study", "meals-rest-study", "meals-soap-matched", "meals-rest-matched");
		assertThat(second).startsWith("meals-rest-study", "meals-soap-study", "meals-rest-matched", "meals-soap-matched");
		assertThat(seed000.repetition(3).steps()).isEqualTo(seed000.steps());
		assertThat(second).containsExactlyInAnyOrderElementsOf(first);
		// Steps that compare with nothing keep their place: seed 004's sweeps and its soak.
		List<String> sort = Studies.named("seed-004").orElseThrow().plan(false).repetition(2).steps().stream()
			.map(Step::name)
			.toList();
		assertThat(sort.getFirst()).isEqualTo(Studies.named("seed-004").orElseThrow().plan(false).steps().getFirst().name());
		assertThat(sort).containsSubsequence("sort-exchange-n20000-c1-cpus2", "sort-exchange-n20000-c1-cpus1",
				"sort-exchange-n20000-c4-cpus2", "sort-exchange-n20000-c4-cpus1");
		assertThat(sort.getLast()).startsWith("sort-soak");
	}

	@Test
	void everyPlanNamesItsStepsOnce() {
		for (Study study : Studies.all()) {
			for (boolean full : List.of(false, true)) {
				List<String> names = study.plan(full).steps().stream().map(Step::name).toList();
				assertThat(new HashSet<>(names)).as(study.name()).hasSameSizeAs(names);
			}
		}
	}

	@Test
	void theQuickTourPlansAtMostFiveMinutesOnAWarmLabAndVisitsEveryStudy() {
		Plan quick = Studies.named("quick").orElseThrow().plan(false);
		// Its steps, and on a warm lab the warm-up's floors: nine targets, three 5 s windows each.
		Duration floors = Duration.ofSeconds(9 * 3 * 5);
		assertThat(Plan.estimate(quick.steps()).plus(floors)).isLessThanOrEqualTo(Duration.ofMinutes(5));
		// From cold, the warm-up takes what settling takes, within its cap.
		assertThat(quick.warmUp().get(WarmUp.BUDGET)).isEqualTo(WarmUp.DEFAULT_CAP);
		// Every step's operation warmed at the clients the step uses, the toy store at 5 before 1.
		assertThat(quick.warmUp().get(WarmUp.TARGETS)).extracting(WarmUp.Target::toString)
			.containsExactly("soap-study@4", "rest-study@4", "toy-query@5", "toy-buy@5", "toy-query@1", "toy-buy@1",
					"rest-get@1", "soap-get@1", "sort@2");
		assertThat(quick.steps()).extracting(Step::simulation)
			.contains(SoapVsRestSimulation.class.getName(), ToyStoreSimulation.class.getName(),
					ConcurrencySweepSimulation.class.getName(), SortSimulation.class.getName());
	}

	@Test
	void seed001MeasuresQueriesAndBuysInRunsOfTheirOwnAtTheStudysCounts() {
		List<ToyStoreLoad> full = Studies.named("seed-001").orElseThrow().plan(true).steps().stream()
			.map((s) -> ToyStoreLoad.from(s.parameters()))
			.toList();
		assertThat(full).contains(new ToyStoreLoad("query", 1, 1000), new ToyStoreLoad("buy", 1, 100),
				new ToyStoreLoad("query", 5, 1000), new ToyStoreLoad("buy", 5, 100));
		assertThat(full).hasSize(10);
	}

	@Test
	void seed000SendsTheStudysMixesAndTheMatchedOne() {
		List<Step> steps = Studies.named("seed-000").orElseThrow().plan(true).steps();
		assertThat(steps).extracting((s) -> s.get(MealsLoad.MIX)).contains("study", "matched");
		assertThat(steps).extracting((s) -> s.get(MealsLoad.USERS)).contains(100);
		assertThat(steps).extracting(Step::name).contains("meals-soap-regions-5000", "meals-rest-regions-1000");
	}

	@Test
	void fullScaleUsesTheStudiesSizes() {
		assertThat(Studies.named("seed-002").orElseThrow().plan(true).steps())
			.anySatisfy((s) -> assertThat(s.get(SweepLoad.LEVELS)).endsWith(192));
		List<SortLoad> sort = Studies.named("seed-004").orElseThrow().plan(true).steps().stream()
			.map((s) -> SortLoad.from(s.parameters()))
			.toList();
		assertThat(sort).extracting(SortLoad::clients).contains(1, 10, 20, 30, 40);
		assertThat(sort).extracting(SortLoad::size).contains(10_000, 50_000);
	}

	@Test
	void seed002HasTheOperationBySizeMatrix() {
		List<Step> steps = Studies.named("seed-002").orElseThrow().plan(false).steps();
		// On the lab's table service, and again on Azure Storage's (TableExperimentsTests).
		assertThat(steps).filteredOn((s) -> s.name().startsWith("entity-") && !s.name().endsWith("-azure")).hasSize(16);
		assertThat(steps).filteredOn((s) -> s.name().startsWith("entity-") && s.name().endsWith("-azure")).hasSize(16);
		assertThat(steps).extracting((s) -> s.get(SweepLoad.ENTITY_BYTES)).contains(1024, 65536);
	}

	@Test
	void everyPublishedFigureNamesItsTableAndHasRows() {
		for (Class<?> study : List.of(io.latencylab.lab.study.soapvsrest.SoapVsRestStudy.class,
				io.latencylab.lab.study.toystore.ToyStoreStudy.class, io.latencylab.lab.study.azure.AzureStudy.class,
				io.latencylab.lab.study.sort.SortStudy.class)) {
			Published published = Published.of(study);
			assertThat(published.figures()).as(study.getSimpleName()).isNotEmpty().allSatisfy((f) -> {
				assertThat(f.id()).matches("(Table|Figure) [A-Z0-9.]+");
				assertThat(f.rows()).isNotEmpty().allSatisfy((row) -> assertThat(f.columns()).containsAll(row.keySet()));
			});
		}
		assertThat(Published.of(io.latencylab.lab.study.sort.SortStudy.class).figure("Table 1.2")
			.row(java.util.Map.of("clients", 40))).hasValueSatisfying((row) -> assertThat(row.get("mean")).isEqualTo(393.277));
	}

}
