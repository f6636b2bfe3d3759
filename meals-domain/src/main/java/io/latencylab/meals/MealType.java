package io.latencylab.meals;

/** The kind of a meal, as in the studied service's contract. */
public enum MealType {
	VEGAN, VEGGIE, MEAT, FISH
}
