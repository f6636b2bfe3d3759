package io.latencylab.load;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Each simulation's injection profile, built from properties without running anything. */
class SimulationProfilesTests {

	@Test
	void tour() {
		assertThat(Profiles.Tour.from(LabParameters.of())).isEqualTo(new Profiles.Tour(Duration.ofSeconds(20), 2.0));
		assertThat(Profiles.Tour.from(LabParameters.of("lab.tour.duration", "7s", "lab.tour.rate", "3")))
			.isEqualTo(new Profiles.Tour(Duration.ofSeconds(7), 3.0));
	}

	@Test
	void toyStoreAtLaptopAndAtTheStudysScale() {
		assertThat(Profiles.ToyStore.from(LabParameters.of())).isEqualTo(new Profiles.ToyStore(1, 200, 0.1));
		assertThat(Profiles.ToyStore.from(LabParameters.of("lab.toystore.clients", "5", "lab.toystore.requests", "1000")))
			.isEqualTo(new Profiles.ToyStore(5, 1000, 0.1));
		assertThatIllegalArgumentException().isThrownBy(() -> Profiles.ToyStore.from(LabParameters.of("lab.toystore.clients", "0")));
	}

	@Test
	void sort() {
		assertThat(Profiles.Sort.from(LabParameters.of("lab.sort.clients", "40", "lab.sort.size", "50000", "lab.sort.algorithm",
				"exchange")))
			.isEqualTo(new Profiles.Sort(40, 50_000, "exchange", 1, Duration.ofSeconds(30)));
	}

	@Test
	void sweepDoublesUpToItsMaximum() {
		assertThat(Profiles.Sweep.levels(192)).containsExactly(1, 2, 4, 8, 16, 32, 64, 128, 192);
		assertThat(Profiles.Sweep.levels(1)).containsExactly(1);
		Profiles.Sweep sweep = Profiles.Sweep.from(LabParameters.of("lab.sweep.max", "8", "lab.sweep.step", "1m",
				"lab.sweep.operation", "toy-query"));
		assertThat(sweep.levels()).containsExactly(1, 2, 4, 8);
		assertThat(sweep.step()).isEqualTo(Duration.ofMinutes(1));
		assertThatIllegalArgumentException().isThrownBy(() -> Profiles.Sweep.from(LabParameters.of("lab.sweep.operation", "fly")))
			.withMessageContaining("fly");
	}

	@Test
	void sweepTakesExplicitLevelsAndTheEntityOperations() {
		Profiles.Sweep matrix = Profiles.Sweep.from(LabParameters.of("lab.sweep.levels", "1,4,16", "lab.sweep.operation",
				"entity-update"));
		assertThat(matrix.levels()).containsExactly(1, 4, 16);
		assertThat(matrix.operation()).isEqualTo("entity-update");
	}

	@Test
	void openModelHasOneStepPerRate() {
		assertThat(Profiles.Open.from(LabParameters.of("lab.open.rates", "5,50,500")).rates()).containsExactly(5, 50, 500);
	}

	@Test
	void mealsBaselineOrOneScenarioPerRegionAsTheStudyStartedThem() {
		Profiles.Meals baseline = Profiles.Meals.from(LabParameters.of("lab.protocol", "rest", "lab.meals.users", "100"));
		assertThat(baseline.regions()).singleElement().satisfies((region) -> {
			assertThat(region.users()).isEqualTo(100);
			assertThat(region.url()).isEqualTo("http://127.0.0.1:8082");
		});
		Profiles.Meals regions = Profiles.Meals.from(LabParameters.of("lab.regions", "japan,canada,northeurope",
				"lab.region.japan.users", "1000", "lab.region.northeurope.offset", "2m", "lab.region.canada.url",
				"http://10.0.0.5:8081"));
		assertThat(regions.regions()).extracting(Profiles.Meals.Region::name).containsExactly("japan", "canada",
				"northeurope");
		assertThat(regions.regions().get(0).users()).isEqualTo(1000);
		assertThat(regions.regions().get(1).url()).isEqualTo("http://10.0.0.5:8081");
		assertThat(regions.regions().get(2).offset()).isEqualTo(Duration.ofMinutes(2));
		assertThatIllegalArgumentException().isThrownBy(() -> Profiles.Meals.from(LabParameters.of("lab.protocol", "corba")));
	}

}
