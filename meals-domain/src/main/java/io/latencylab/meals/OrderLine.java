package io.latencylab.meals;

import java.util.Objects;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** One line of an order: a meal and how many of it. */
public record OrderLine(@NotNull String mealId, @Min(1) @Max(OrderLine.MAX_QUANTITY) int quantity) {

	public static final int MAX_QUANTITY = 1000;

	public OrderLine {
		Objects.requireNonNull(mealId, "mealId");
	}

}
