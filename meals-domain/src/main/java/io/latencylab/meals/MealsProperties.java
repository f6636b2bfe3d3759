package io.latencylab.meals;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Experiment knobs of the meals services.
 *
 * @param catalog how many meals the catalogue starts with
 * @param descriptionBytes pads every description to this many bytes (0: as written), for the
 * entity-size experiments of the Azure storage study (1, 4, 16, 64 KB)
 * @param ordersKept how many orders the service keeps, the latest ones: a lab under load for
 * hours places millions, and a heap that grows with them moves every figure measured on it
 */
@ConfigurationProperties("meals")
public record MealsProperties(@DefaultValue Catalog catalog, @DefaultValue("0") int descriptionBytes,
		@DefaultValue("10000") int ordersKept) {

	public MealsProperties {
		if (descriptionBytes < 0 || descriptionBytes > MealSpec.MAX_DESCRIPTION_LENGTH) {
			throw new IllegalArgumentException(
					"meals.description-bytes must be between 0 and " + MealSpec.MAX_DESCRIPTION_LENGTH);
		}
		if (ordersKept < 1) {
			throw new IllegalArgumentException("meals.orders-kept must be 1 or more");
		}
	}

	/**
	 * @param size total meals at start-up: the study's three, then generated ones up to this
	 * number (deterministic: every start makes the same ones)
	 */
	public record Catalog(@DefaultValue("3") int size) {

		public Catalog {
			if (size < 0) {
				throw new IllegalArgumentException("meals.catalog.size must be 0 or more");
			}
		}

	}

}
