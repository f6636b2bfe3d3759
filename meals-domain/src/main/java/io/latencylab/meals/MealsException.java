package io.latencylab.meals;

/**
 * A request the meals domain refuses. Both services map the {@link Reason} to their protocol's
 * error (a SOAP client fault, an HTTP status), so that both refuse in the same way.
 */
public class MealsException extends RuntimeException {

	public enum Reason {
		MEAL_NOT_FOUND, ORDER_NOT_FOUND, DUPLICATE_NAME, INVALID_INPUT
	}

	private final Reason reason;

	public MealsException(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public Reason reason() {
		return this.reason;
	}

	static MealsException mealNotFound(Object key) {
		return new MealsException(Reason.MEAL_NOT_FOUND, "no meal " + key);
	}

}
