package io.latencylab.meals.rest;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.latencylab.meals.MealSpec;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * What a client sends to create a meal: the meal, and the id the client chose, if it chose one.
 * Ours leave it out and get a UUID; the studied service's clients sent one ("12345").
 *
 * @param id a path segment as it stands: letters, digits and {@code - . _ ~}
 */
public record NewMeal(@Size(max = NewMeal.MAX_ID_LENGTH) @Pattern(regexp = "[A-Za-z0-9._~-]+") String id,
		@JsonUnwrapped @Valid MealSpec spec) {

	public static final int MAX_ID_LENGTH = 64;

}
