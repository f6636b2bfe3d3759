package io.latencylab.meals;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The catalogue every meals service starts with: the three meals of the studied service, with
 * their own ids, then deterministic generated meals up to the configured size.
 */
public final class MealsSeed {

	public static final String STEAK_ID = "5268203c-de76-4921-a3e3-439db69c462a";

	public static final String PORTOBELLO_ID = "4237681a-441f-47fc-a747-8e0169bacea1";

	public static final String FISH_AND_CHIPS_ID = "cfd1601f-29a0-485d-8d21-7607ec0340c8";

	private static final List<Meal> STUDY_MEALS = List.of(
			new Meal(STEAK_ID, "Steak", 1100, new BigDecimal("10.00"), "Steak with fries", MealType.MEAT),
			new Meal(PORTOBELLO_ID, "Portobello", 637, new BigDecimal("7.00"), "Portobello Mushroom Burger",
					MealType.VEGAN),
			new Meal(FISH_AND_CHIPS_ID, "Fish and Chips", 950, new BigDecimal("5.00"), "Fried fish with chips",
					MealType.FISH));

	private static final String FILLER = " lorem ipsum dolor sit amet";

	private static final long GENERATOR_SEED = 20231001L;

	private MealsSeed() {
	}

	public static List<Meal> studyMeals() {
		return STUDY_MEALS;
	}

	/** Fills an empty catalogue: the study's meals first, then generated ones, in one fixed order. */
	public static void fill(MealCatalog catalog, MealsProperties properties) {
		int size = properties.catalog().size();
		int padTo = properties.descriptionBytes();
		for (int i = 0; i < Math.min(size, STUDY_MEALS.size()); i++) {
			Meal meal = STUDY_MEALS.get(i);
			catalog.create(meal.id(), spec(meal.name(), meal.kcal(), meal.price(), meal.description(), meal.mealType(),
					padTo));
		}
		SplittableRandom random = new SplittableRandom(GENERATOR_SEED);
		MealType[] types = MealType.values();
		for (int i = STUDY_MEALS.size(); i < size; i++) {
			String name = "Meal %06d".formatted(i);
			int kcal = 150 + random.nextInt(1350);
			BigDecimal price = BigDecimal.valueOf(200 + random.nextInt(2300), 2);
			MealType type = types[random.nextInt(types.length)];
			String id = UUID.nameUUIDFromBytes(("latency-lab generated meal " + i).getBytes(StandardCharsets.UTF_8)).toString();
			catalog.create(id, spec(name, kcal, price, "Generated meal number " + i, type, padTo));
		}
	}

	/** Pads an ASCII description with filler words to exactly {@code bytes} bytes; longer ones stay as written. */
	static String pad(String description, int bytes) {
		if (description.getBytes(StandardCharsets.UTF_8).length >= bytes) {
			return description;
		}
		StringBuilder padded = new StringBuilder(bytes).append(description);
		while (padded.length() < bytes) {
			padded.append(FILLER, 0, Math.min(FILLER.length(), bytes - padded.length()));
		}
		return padded.toString();
	}

	private static MealSpec spec(String name, int kcal, BigDecimal price, String description, MealType type,
			int padTo) {
		return new MealSpec(name, kcal, price, pad(description, padTo), type);
	}

}
