package io.latencylab.telemetry;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * The known-answer and teaching knobs: a delay or a failure at a named point in a service, off
 * unless configured as {@code lab.inject.<point>=SPEC}. SPEC is a delay ({@code 50ms}, {@code 1s},
 * or {@code 40ms-60ms} for a uniform spread) or {@code fail}, either followed by {@code @P%} to
 * act on that share of the passes only ({@code 200ms@10%}, {@code fail@25%}). The lab injects a
 * delay it knows and checks that the latency decomposition finds it where it was put; a class
 * injects failures and watches them travel through the traces. A delay is no span of its own: it
 * shows up in the time of the span it sits in, which carries {@value #MARK} (the point and what was
 * done there: {@code order-before-catalog 200ms}), so that a trace says which passes were injected
 * and a known answer is judged on those passes whatever else was slow. A failure is an
 * {@link InjectedFault} thrown there, which the gRPC services answer as UNAVAILABLE, like a server
 * failing mid-call.
 *
 * Points: {@code catalog-before-commit} (inside the catalog's commit span; a failure rolls the buy
 * back), {@code order-before-catalog} (the order service, before it calls the catalog; a failure
 * leaves the order pending, for the reconciler to settle), {@code order-before-complete} (the order
 * service, inside the write that records an order completed: after a buy was answered, so off its
 * client's path; a failure leaves the order pending). {@code /actuator/injections} changes them
 * while the service runs (InjectionsEndpoint): a known answer set against the same JVMs, warm, with
 * and without it.
 */
public class LatencyInjector {

	/** The points the services pass, by name. */
	public static final Set<String> POINTS = Set.of("catalog-before-commit", "order-before-catalog",
			"order-before-complete");

	/** The attribute of the span a pass was injected in: {@code POINT DELAY} or {@code POINT fail}. */
	public static final String MARK = "lab.injected";

	/** Point → its action and the spec it was parsed from; changed while the service runs by {@link #set}. */
	private final Map<String, Action> actions = new ConcurrentHashMap<>();

	private final Map<String, String> specs = new ConcurrentHashMap<>();

	private final ObservationRegistry observations;

	private final DoubleSupplier random;

	/** {@code observations}: whose current observation, at a pass, is marked as injected. */
	public LatencyInjector(Map<String, String> specs, ObservationRegistry observations) {
		this(specs, observations, () -> ThreadLocalRandom.current().nextDouble());
	}

	LatencyInjector(Map<String, String> specs, ObservationRegistry observations, DoubleSupplier random) {
		this.observations = observations;
		this.random = random;
		specs.forEach(this::put);
	}

	/**
	 * Sets what happens at a point from now on, or nothing when {@code spec} is null: the passes
	 * already past it are not touched. Refuses a point no service passes and a spec that is none.
	 */
	public void set(String point, String spec) {
		if (!POINTS.contains(point)) {
			throw new IllegalArgumentException("no point '" + point + "'; the points are " + new TreeSet<>(POINTS));
		}
		if (spec == null) {
			this.actions.remove(point);
			this.specs.remove(point);
		}
		else {
			put(point, spec);
		}
	}

	private void put(String point, String spec) {
		Action action = Action.parse(spec);
		this.actions.put(point, action);
		this.specs.put(point, spec.strip());
	}

	/** Point → spec, as set now. */
	public Map<String, String> specs() {
		return new TreeMap<>(this.specs);
	}

	/**
	 * {@code "catalog-before-commit=50ms,order-before-catalog=fail@10%"} as a map from point to
	 * what happens there; blank is none.
	 */
	public static Map<String, String> parseList(String list) {
		Map<String, String> specs = new LinkedHashMap<>();
		for (String item : list.split(",")) {
			String injection = item.strip();
			if (injection.isEmpty()) {
				continue;
			}
			int equals = injection.indexOf('=');
			if (equals < 1 || equals == injection.length() - 1) {
				throw new IllegalArgumentException("lab.injections: '" + injection + "' is not POINT=DELAY");
			}
			specs.put(injection.substring(0, equals).strip(), injection.substring(equals + 1).strip());
		}
		return specs;
	}

	/**
	 * Passes the point: sleeps, or throws an InjectedFault, where so configured, and marks the
	 * current observation (its span) with {@value #MARK}.
	 */
	public void at(String point) {
		Action action = this.actions.get(point);
		if (action == null || (action.share() < 1 && this.random.getAsDouble() >= action.share())) {
			return;
		}
		long nanos = action.fail() ? 0 : action.nanos();
		Observation current = this.observations.getCurrentObservation();
		if (current != null) {
			current.highCardinalityKeyValue(MARK, point + " " + (action.fail() ? "fail"
					: BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString() + "ms"));
		}
		if (action.fail()) {
			throw new InjectedFault(point);
		}
		try {
			Thread.sleep(Duration.ofNanos(nanos));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** A failure injected at a point: a teaching knob, not a bug. */
	public static final class InjectedFault extends RuntimeException {

		InjectedFault(String point) {
			super("a failure injected at " + point + " (lab.inject." + point + ")");
		}

	}

	/** What a spec asks for: a delay between low and high nanoseconds, or a failure; on a share of the passes. */
	record Action(boolean fail, long low, long high, double share) {

		static Action parse(String spec) {
			String text = spec.strip().toLowerCase(Locale.ROOT);
			double share = 1;
			int at = text.indexOf('@');
			if (at >= 0) {
				share = percent(text.substring(at + 1), spec);
				text = text.substring(0, at).strip();
			}
			if (text.equals("fail")) {
				return new Action(true, 0, 0, share);
			}
			int dash = text.indexOf('-', 1);
			long low = parse((dash < 0) ? text : text.substring(0, dash), spec);
			long high = (dash < 0) ? low : parse(text.substring(dash + 1), spec);
			if (high < low) {
				throw invalid(spec);
			}
			return new Action(false, low, high, share);
		}

		long nanos() {
			return this.low + ThreadLocalRandom.current().nextLong(this.high - this.low + 1);
		}

		private static double percent(String text, String spec) {
			String value = text.strip();
			if (!value.endsWith("%")) {
				throw invalid(spec);
			}
			try {
				double percent = Double.parseDouble(value.substring(0, value.length() - 1));
				if (percent < 0 || percent > 100) {
					throw invalid(spec);
				}
				return percent / 100;
			}
			catch (NumberFormatException ex) {
				throw invalid(spec);
			}
		}

		private static long parse(String text, String spec) {
			String value = text.strip();
			try {
				if (value.endsWith("ms")) {
					return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2))).toNanos();
				}
				if (value.endsWith("s")) {
					return Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1))).toNanos();
				}
			}
			catch (NumberFormatException ex) {
				throw invalid(spec);
			}
			throw invalid(spec);
		}

		private static IllegalArgumentException invalid(String spec) {
			return new IllegalArgumentException("an injection is a delay like 50ms, 1s or 40ms-60ms, or fail, "
					+ "optionally on a share of the passes like 50ms@10% or fail@25%; not '" + spec + "'");
		}

	}

}
