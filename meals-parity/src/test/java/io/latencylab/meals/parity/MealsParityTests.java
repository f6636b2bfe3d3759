package io.latencylab.meals.parity;

import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import io.latencylab.meals.Meal;
import io.latencylab.meals.MealSpec;
import io.latencylab.meals.MealType;
import io.latencylab.meals.MealsSeed;
import io.latencylab.meals.OrderLine;
import io.latencylab.meals.OrderSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same scenario through the SOAP service and through the REST service, each started for real
 * on a random port, must give the same results: same meals, same answers, same refusals. Only the
 * ids of meals created during the run differ (each service makes its own).
 */
class MealsParityTests {

	private static MealsServices services;

	@BeforeAll
	static void startBothServices() {
		services = MealsServices.start("meals.catalog.size=57");
	}

	@AfterAll
	static void stopBothServices() {
		services.close();
	}

	/** Runs the scenario and returns what it saw, with generated ids blanked out. */
	private static List<Object> scenario(MealsClient client) {
		List<Object> seen = new ArrayList<>();
		List<Meal> all = client.list(10);
		seen.add(all.stream().map(MealsParityTests::normal).sorted(Comparator.comparing(Meal::id)).toList());
		seen.add(normal(client.get(MealsSeed.PORTOBELLO_ID)));
		seen.add(normal(client.cheapest()));
		seen.add(normal(client.largest()));

		Meal created = client.create(new MealSpec("Parity Pasta", 640, new BigDecimal("3.10"), "Pasta al pomodoro",
				MealType.VEGGIE));
		seen.add(withoutId(created));
		seen.add(withoutId(client.cheapest()));
		Meal updated = client.update(created.id(),
				new MealSpec("Parity Pasta XL", 99_000, new BigDecimal("12.00"), "Pasta, much more", MealType.VEGAN));
		seen.add(withoutId(updated));
		seen.add(withoutId(client.largest()));
		seen.add(client.order(new OrderSpec("Naamsestraat 22, Leuven",
				List.of(new OrderLine(created.id(), 2), new OrderLine(MealsSeed.STEAK_ID, 1))))
			.stripTrailingZeros());
		client.delete(created.id());
		seen.add(normal(client.largest()));
		seen.add(client.list(25).size());

		seen.add(client.refusalOf(() -> client.get(created.id())));
		seen.add(client.refusalOf(() -> client.delete(UUID.randomUUID().toString())));
		seen.add(client.refusalOf(() -> client.create(new MealSpec("Bad", -1, BigDecimal.ONE, "x", MealType.FISH))));
		seen.add(client.refusalOf(() -> client.create(new MealSpec("steak", 1, BigDecimal.ONE, "x", MealType.FISH))));
		seen.add(client.refusalOf(() -> client.order(new OrderSpec("here", List.of(new OrderLine(UUID.randomUUID().toString(), 1))))));
		seen.add(client.refusalOf(() -> client.order(new OrderSpec("here", List.of(new OrderLine(MealsSeed.STEAK_ID, 0))))));
		return seen;
	}

	/** JSON and XML may write 10.0 and 10.00; the same price either way. */
	private static Meal normal(Meal meal) {
		return new Meal(meal.id(), meal.name(), meal.kcal(), meal.price().stripTrailingZeros(), meal.description(),
				meal.mealType());
	}

	private static Meal withoutId(Meal meal) {
		return normal(new Meal(new UUID(0, 0).toString(), meal.name(), meal.kcal(), meal.price(), meal.description(),
				meal.mealType()));
	}

	@Test
	void soapAndRestGiveTheSameResults() throws Exception {
		List<Object> overSoap = scenario(new SoapMealsClient("http://localhost:" + services.soapPort() + "/ws"));
		List<Object> overRest = scenario(new RestMealsClient(URI.create("http://localhost:" + services.restPort() + "/rest")));

		assertThat(overRest).isEqualTo(overSoap);
		// The scenario did see something: 57 meals, and the refusals it provoked.
		assertThat((List<?>) overSoap.get(0)).hasSize(57);
		assertThat(overSoap.subList(overSoap.size() - 6, overSoap.size())).containsExactly("not found", "not found",
				"invalid", "conflict", "not found", "invalid");
	}

}
