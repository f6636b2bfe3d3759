package io.latencylab.meals;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A meal on the menu. Immutable: an update replaces the whole meal. The id is opaque: ours are
 * UUIDs; the studied service's clients chose their own ("12345").
 */
public record Meal(String id, String name, int kcal, BigDecimal price, String description, MealType mealType) {

	public Meal {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(price, "price");
		Objects.requireNonNull(description, "description");
		Objects.requireNonNull(mealType, "mealType");
	}

	static Meal of(String id, MealSpec spec) {
		if (spec.name() == null || spec.name().isBlank() || spec.kcal() == null || spec.price() == null
				|| spec.description() == null || spec.mealType() == null) {
			throw new MealsException(MealsException.Reason.INVALID_INPUT,
					"a meal needs a name, kcal, price, description and meal type");
		}
		return new Meal(id, spec.name().strip(), spec.kcal(), spec.price(), spec.description(), spec.mealType());
	}

}
