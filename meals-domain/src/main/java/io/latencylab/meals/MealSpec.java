package io.latencylab.meals;

import java.math.BigDecimal;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * What a client sends to create or update a meal. The same limits hold in the SOAP schema
 * ({@code meals.xsd}), so both protocols accept and reject the same meals.
 */
public record MealSpec(
		@NotBlank @Size(max = MealSpec.MAX_NAME_LENGTH) String name,
		@NotNull @Min(0) @Max(MealSpec.MAX_KCAL) Integer kcal,
		@NotNull @DecimalMin("0.00") @Digits(integer = 6, fraction = 2) BigDecimal price,
		@NotNull @Size(max = MealSpec.MAX_DESCRIPTION_LENGTH) String description,
		@NotNull MealType mealType) {

	public static final int MAX_NAME_LENGTH = 100;

	public static final int MAX_KCAL = 100_000;

	/** Large enough for the 64 KB entity-size experiments. */
	public static final int MAX_DESCRIPTION_LENGTH = 1_048_576;

}
