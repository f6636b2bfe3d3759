package io.latencylab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What each simulation's injection is built from, read from the system properties. Kept apart
 * from the Gatling DSL (which only runs inside Gatling) so that tests can check it.
 */
public final class Profiles {

	private Profiles() {
	}

	/** The default tour: every system, `rate` users a second each, for `duration`. */
	public record Tour(Duration duration, double rate) {

		static Tour from(LabParameters p) {
			return new Tour(p.duration("lab.tour.duration", Duration.ofSeconds(20)), p.decimal("lab.tour.rate", 2.0));
		}

	}

	/** Seed 001: `clients` sessions, each making `requests` queries, buying after each with `buyProbability`. */
	public record ToyStore(int clients, int requests, double buyProbability) {

		static ToyStore from(LabParameters p) {
			return new ToyStore(positive(p.integer("lab.toystore.clients", 1), "lab.toystore.clients"),
					positive(p.integer("lab.toystore.requests", 200), "lab.toystore.requests"),
					p.decimal("lab.toystore.buy-probability", 0.1));
		}

	}

	/** Seed 004: `clients` closed-model clients sorting files of `size` integers with `algorithm`. */
	public record Sort(int clients, int size, String algorithm, int seed, Duration duration) {

		static Sort from(LabParameters p) {
			return new Sort(positive(p.integer("lab.sort.clients", 1), "lab.sort.clients"),
					positive(p.integer("lab.sort.size", 10_000), "lab.sort.size"), p.string("lab.sort.algorithm", "quick"),
					p.integer("lab.sort.seed", 1), p.duration("lab.sort.duration", Duration.ofSeconds(30)));
		}

	}

	/** Seed 002: closed-model steps of `levels` concurrent clients on one `operation`, `step` long each. */
	public record Sweep(String operation, List<Integer> levels, Duration step) {

		static Sweep from(LabParameters p) {
			String operation = p.string("lab.sweep.operation", "rest-get");
			if (!EntityOperations.NAMES.contains(operation)) {
				knownOperation(operation);
			}
			List<Integer> levels = p.string("lab.sweep.levels", null) != null ? p.integers("lab.sweep.levels", null)
					: levels(positive(p.integer("lab.sweep.max", 16), "lab.sweep.max"));
			return new Sweep(operation, levels, p.duration("lab.sweep.step", Duration.ofSeconds(5)));
		}

		/** 1, 2, 4, … and max itself when it is not a power of two. */
		static List<Integer> levels(int max) {
			List<Integer> levels = new ArrayList<>();
			for (int level = 1; level < max; level *= 2) {
				levels.add(level);
			}
			levels.add(max);
			return levels;
		}

	}

	/** Open model: Poisson arrivals at each of `rates` per second, `step` long each. */
	public record Open(String operation, List<Integer> rates, Duration step) {

		static Open from(LabParameters p) {
			return new Open(knownOperation(p.string("lab.open.operation", "rest-get")),
					p.integers("lab.open.rates", "10,20,40,80,160"), p.duration("lab.open.step", Duration.ofSeconds(5)));
		}

	}

	/** Seed 000: one population per region (or the baseline), closed model. */
	public record Meals(String protocol, Duration duration, List<Region> regions) {

		public record Region(String name, String url, int users, Duration ramp, Duration offset) {
		}

		static Meals from(LabParameters p) {
			String protocol = p.string("lab.protocol", "soap");
			if (!protocol.equals("soap") && !protocol.equals("rest")) {
				throw new IllegalArgumentException("lab.protocol is soap or rest, not '" + protocol + "'");
			}
			String defaultUrl = protocol.equals("rest") ? p.mealsRestUrl() : p.mealsSoapUrl();
			List<Region> regions = new ArrayList<>();
			String names = p.string("lab.regions", "");
			if (names.isEmpty()) {
				regions.add(new Region("baseline", defaultUrl, p.integer("lab.meals.users", 10),
						p.duration("lab.meals.ramp", Duration.ofSeconds(10)), Duration.ZERO));
			}
			for (String raw : names.isEmpty() ? new String[0] : names.split(",")) {
				String name = raw.strip();
				String prefix = "lab.region." + name + ".";
				regions.add(new Region(name, p.string(prefix + "url", defaultUrl), p.integer(prefix + "users", 10),
						p.duration(prefix + "ramp", Duration.ofSeconds(10)), p.duration(prefix + "offset",
								name.equals("northeurope") ? Duration.ofSeconds(10) : Duration.ZERO)));
			}
			return new Meals(protocol, p.duration("lab.meals.duration", Duration.ofSeconds(30)), regions);
		}

	}

	private static String knownOperation(String name) {
		if (!Operations.NAMES.contains(name)) {
			throw new IllegalArgumentException("unknown operation '" + name + "'; one of " + Operations.NAMES);
		}
		return name;
	}

	private static int positive(int value, String name) {
		if (value < 1) {
			throw new IllegalArgumentException(name + " must be 1 or more, got " + value);
		}
		return value;
	}

}
