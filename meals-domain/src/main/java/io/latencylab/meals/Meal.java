package io.latencylab.meals;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.UUID;

/** A meal on the menu. Immutable: an update replaces the whole meal. */
public record Meal(UUID id, String name, int kcal, BigDecimal price, String description, MealType mealType) {

	public Meal {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(price, "price");
		Objects.requireNonNull(description, "description");
		Objects.requireNonNull(mealType, "mealType");
	}

	static Meal of(UUID id, MealSpec spec) {
		return new Meal(id, spec.name().strip(), spec.kcal(), spec.price(), spec.description(), spec.mealType());
	}

}
