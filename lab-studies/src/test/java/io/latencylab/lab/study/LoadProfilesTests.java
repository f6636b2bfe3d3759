package io.latencylab.lab.study;

import java.time.Duration;
import java.util.List;

import io.latencylab.load.meals.MealsLoad;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.load.sort.SortLoad;
import io.latencylab.load.tour.TourLoad;
import io.latencylab.load.toystore.ToyStoreLoad;
import io.latencylab.plan.OpenLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.entry;

/** Each simulation's load, read from the parameters a plan writes, without running anything. */
class LoadProfilesTests {

	@Test
	void tour() {
		assertThat(TourLoad.from(Parameters.of())).isEqualTo(new TourLoad(Duration.ofSeconds(20), 2.0, Duration.ofSeconds(60)));
		assertThat(TourLoad.from(Parameters.of("lab.tour.duration", "7s", "lab.tour.rate", "3")))
			.isEqualTo(new TourLoad(Duration.ofSeconds(7), 3.0, Duration.ofSeconds(60)));
	}

	@Test
	void toyStoreQueriesAndBuysRunApart() {
		assertThat(ToyStoreLoad.from(Parameters.of())).isEqualTo(new ToyStoreLoad("query", 1, 200));
		ToyStoreLoad buys = new ToyStoreLoad("buy", 5, 100);
		assertThat(ToyStoreLoad.from(buys.step().parameters())).isEqualTo(buys);
		assertThat(buys.step().name()).isEqualTo("toystore-buy-c5");
		assertThatIllegalArgumentException().isThrownBy(() -> ToyStoreLoad.from(Parameters.of("lab.toystore.clients", "0")));
		assertThatIllegalArgumentException().isThrownBy(() -> ToyStoreLoad.from(Parameters.of("lab.toystore.operation", "sell")))
			.withMessageContaining("lab.toystore.operation");
	}

	@Test
	void sort() {
		SortLoad load = new SortLoad("exchange", 50_000, 40, Duration.ofSeconds(30));
		assertThat(SortLoad.from(load.step().parameters())).isEqualTo(load);
		SortLoad soak = new SortLoad("exchange", 20_000, 20, 1, Duration.ofHours(24), Duration.ofSeconds(300));
		assertThat(SortLoad.from(soak.step().parameters())).isEqualTo(soak);
		assertThat(soak.step().name()).isEqualTo("sort-soak-exchange-n20000-c20");
	}

	@Test
	void sweepDoublesUpToItsMaximumOrTakesItsLevels() {
		assertThat(SweepLoad.levels(192)).containsExactly(1, 2, 4, 8, 16, 32, 64, 128, 192);
		assertThat(SweepLoad.levels(1)).containsExactly(1);
		SweepLoad sweep = SweepLoad.from(Parameters.of("lab.sweep.max", "8", "lab.sweep.step", "1m", "lab.sweep.operation",
				"toy-query"));
		assertThat(sweep.levels()).containsExactly(1, 2, 4, 8);
		assertThat(sweep.step()).isEqualTo(Duration.ofMinutes(1));
		SweepLoad matrix = new SweepLoad(Operation.ENTITY_UPDATE, java.util.List.of(1, 4, 16), Duration.ofSeconds(2), 4096);
		assertThat(SweepLoad.from(matrix.step("m").parameters())).isEqualTo(matrix);
		assertThatIllegalArgumentException().isThrownBy(() -> SweepLoad.from(Parameters.of("lab.sweep.operation", "fly")))
			.withMessageContaining("fly");
	}

	@Test
	void openModelHasOneStepPerRateOfOneSingleOperation() {
		assertThat(OpenLoad.from(Parameters.of("lab.open.rates", "5,50,500")).rates()).containsExactly(5, 50, 500);
		assertThatIllegalArgumentException().isThrownBy(() -> OpenLoad.from(Parameters.of("lab.open.operation", "entity-query")));
	}

	@Test
	void mealsBaselineOrOneScenarioPerRegionAsTheStudyStartedThem() {
		MealsLoad baseline = MealsLoad.from(
				MealsLoad.baseline("b", "rest", "matched", 100, Duration.ofMinutes(5), Duration.ofMinutes(20)).parameters(),
				"http://127.0.0.1:8082");
		assertThat(baseline.mix()).isEqualTo("matched");
		assertThat(baseline.regions()).singleElement().satisfies((region) -> {
			assertThat(region.users()).isEqualTo(100);
			assertThat(region.url()).isEqualTo("http://127.0.0.1:8082");
		});
		Parameters regions = MealsLoad.regions("soap", 1000, Duration.ofMinutes(5), Duration.ofMinutes(2), Duration.ofMinutes(20))
			.parameters()
			.with(io.latencylab.plan.Parameter.text("lab.region.canada.url"), "http://10.0.0.5:8081");
		MealsLoad load = MealsLoad.from(regions, "http://127.0.0.1:8081");
		assertThat(load.mix()).isEqualTo("study");
		assertThat(load.regions()).extracting(MealsLoad.Region::name).containsExactly("northeurope", "canada", "japan");
		assertThat(load.regions().get(0).offset()).isEqualTo(Duration.ofMinutes(2));
		assertThat(load.regions().get(1).url()).isEqualTo("http://10.0.0.5:8081");
		assertThat(load.regions().get(2).users()).isEqualTo(1000);
		assertThat(load.users("aggregate")).isEqualTo(1000);
		assertThatIllegalArgumentException().isThrownBy(() -> MealsLoad.from(Parameters.of("lab.protocol", "corba"), ""));
	}

	@Test
	void aRegionWhoseDistanceTheRunnerEmulatesSendsToItsOwnProxyOfItsProtocolsTarget() {
		Parameters emulated = MealsLoad.regions("rest", 10, Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(30))
			.parameters()
			.with(Targets.inRegion("japan", Targets.MEALS_REST), "http://127.0.0.1:40001")
			.with(Targets.inRegion("japan", Targets.MEALS_SOAP), "http://127.0.0.1:40002");
		MealsLoad load = MealsLoad.from(emulated, "http://127.0.0.1:8082");
		assertThat(load.regions()).extracting(MealsLoad.Region::url)
			.containsExactly("http://127.0.0.1:8082", "http://127.0.0.1:8082", "http://127.0.0.1:40001");
	}

	@Test
	void seed000sRegionsAreAsFarFromAustraliaEastAsTheirGeographyAllows() {
		Study seed000 = Studies.named("seed-000").orElseThrow();
		// The study: Japan nearest the server, then Canada, then North Europe.
		assertThat(seed000.regionRoundTrips()).containsExactly(entry("northeurope", Duration.ofMillis(172)),
				entry("canada", Duration.ofMillis(156)), entry("japan", Duration.ofMillis(78)));
		assertThat(Studies.named("seed-001").orElseThrow().regionRoundTrips()).isEmpty();
	}

	@Test
	void seed004SendsTheSameUploadsFromNearAndFarEachStepFromOnePlace() {
		Study seed004 = Studies.named("seed-004").orElseThrow();
		// Ljubljana to Frankfurt is about 620 km, to San Francisco about 9,750 km.
		assertThat(seed004.regionRoundTrips()).containsExactly(entry("frankfurt", Duration.ofMillis(6)),
				entry("san-francisco", Duration.ofMillis(97)));
		List<SortLoad> placed = seed004.plan(false).steps().stream()
			.map((step) -> SortLoad.from(step.parameters()))
			.filter(SortLoad::placed)
			.toList();
		assertThat(placed).extracting(SortLoad::place).containsOnly("frankfurt", "san-francisco");
		assertThat(placed).extracting(SortLoad::stepName).contains("sort-from-frankfurt-exchange-n20000-c1",
				"sort-from-san-francisco-exchange-n20000-c4");
		// Its region tells the runner which proxy; the simulation sends there.
		assertThat(placed.getFirst().step().get(Targets.REGIONS)).containsExactly("frankfurt");
		assertThat(new SortLoad("exchange", 20_000, 1, Duration.ofSeconds(10)).placed()).isFalse();
	}

}
