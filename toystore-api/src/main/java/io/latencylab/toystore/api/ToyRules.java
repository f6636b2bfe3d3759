package io.latencylab.toystore.api;

import java.util.Locale;
import java.util.Optional;

/**
 * The toy store's rules, written once and applied at every service's boundary (the front end's
 * REST contract, the order service's and the catalog's gRPC): what names a toy, and what a valid
 * buy is.
 */
public final class ToyRules {

	/** The largest quantity one buy may take: more than any stock the restocker refills to. */
	public static final int MAX_QUANTITY = 1_000_000;

	/** The longest toy name accepted: the catalog's name_key column holds 64 characters. */
	public static final int MAX_NAME_LENGTH = 64;

	private ToyRules() {
	}

	/** The key a toy is stored, looked up and cached under: "  Tux " and "tux" name the same toy. */
	public static String key(String name) {
		return name.strip().toLowerCase(Locale.ROOT);
	}

	/** Why {@code name} names no toy, or empty when it may. */
	public static Optional<String> invalidName(String name) {
		if (name == null || name.isBlank()) {
			return Optional.of("name must be a non-empty string");
		}
		if (name.length() > MAX_NAME_LENGTH) {
			return Optional.of("name must be at most " + MAX_NAME_LENGTH + " characters");
		}
		return Optional.empty();
	}

	/** Why buying {@code quantity} of {@code name} is not a valid buy, or empty when it is. */
	public static Optional<String> invalidBuy(String name, long quantity) {
		return invalidName(name).or(() -> (quantity < 1 || quantity > MAX_QUANTITY)
				? Optional.of("quantity must be an integer from 1 to " + MAX_QUANTITY) : Optional.empty());
	}

}
