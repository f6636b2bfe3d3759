package io.latencylab.meals;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MealsSeedTests {

	private static MealCatalog seeded(int size, int descriptionBytes) {
		MealCatalog catalog = new MealCatalog();
		MealsSeed.fill(catalog, new MealsProperties(new MealsProperties.Catalog(size), descriptionBytes, 10_000));
		return catalog;
	}

	@Test
	void startsWithTheStudysThreeMeals() {
		MealCatalog catalog = seeded(3, 0);
		assertThat(catalog.size()).isEqualTo(3);
		Meal steak = catalog.getById(MealsSeed.STEAK_ID);
		assertThat(steak).isEqualTo(new Meal(MealsSeed.STEAK_ID, "Steak", 1100, new BigDecimal("10.00"),
				"Steak with fries", MealType.MEAT));
		assertThat(catalog.getByName("Portobello").kcal()).isEqualTo(637);
		assertThat(catalog.cheapest().id()).isEqualTo(MealsSeed.FISH_AND_CHIPS_ID);
		assertThat(catalog.largest().id()).isEqualTo(MealsSeed.STEAK_ID);
	}

	@Test
	void generatesTheSameMealsOnEveryStart() {
		MealCatalog one = seeded(1_000, 0);
		MealCatalog two = seeded(1_000, 0);
		assertThat(one.size()).isEqualTo(1_000);
		assertThat(one.page(0, 1_000).content()).isEqualTo(two.page(0, 1_000).content());
	}

	@Test
	void cheapestAndLargestOfAHundredThousandMealsMatchAFullScan() {
		MealCatalog catalog = seeded(100_000, 0);
		var all = catalog.page(0, 100_000).content();
		assertThat(catalog.cheapest().price())
			.isEqualTo(all.stream().map(Meal::price).min(BigDecimal::compareTo).orElseThrow());
		assertThat(catalog.largest().kcal()).isEqualTo(all.stream().mapToInt(Meal::kcal).max().orElseThrow());
	}

	@Test
	void padsEveryDescriptionToTheRequestedSize() {
		MealCatalog catalog = seeded(10, 4096);
		for (Meal meal : catalog.page(0, 10).content()) {
			assertThat(meal.description().getBytes(StandardCharsets.UTF_8)).hasSize(4096);
		}
		assertThat(catalog.getById(MealsSeed.STEAK_ID).description()).startsWith("Steak with fries lorem");
	}

}
