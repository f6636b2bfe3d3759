package io.latencylab.load.meals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * Seed 000's load on one meals service, closed model as its JMeter thread groups: per region (or
 * the in-region baseline) users ramp up and keep sending their mix for {@code duration}.
 *
 * @param protocol "soap" or "rest"
 * @param mix "study": the study's own plan for that protocol (SOAP: cheapest, largest, getMeal
 * Portobello, getMeal Steak, addOrder; REST: create, update, delete, get one, order); "matched":
 * the same five operations over either protocol (cheapest, largest, get two meals, order)
 */
public record MealsLoad(String protocol, String mix, Duration duration, List<Region> regions) {

	public static final Parameter<String> PROTOCOL = Parameter.text("lab.protocol");

	public static final Parameter<String> MIX = Parameter.text("lab.meals.mix");

	public static final Parameter<Duration> DURATION = Parameter.duration("lab.meals.duration");

	/** The baseline's users and ramp; regions have their own. */
	public static final Parameter<Integer> USERS = Parameter.integer("lab.meals.users");

	public static final Parameter<Duration> RAMP = Parameter.duration("lab.meals.ramp");

	public static final Parameter<List<String>> REGIONS = Targets.REGIONS;

	/** The study's regions, North Europe starting later. */
	public static final List<String> STUDY_REGIONS = List.of("northeurope", "canada", "japan");

	/**
	 * One population: the baseline, or a region with its own target (lab.region.NAME.url), users,
	 * ramp and start offset.
	 */
	public record Region(String name, String url, int users, Duration ramp, Duration offset) {

		static Parameter<String> url(String region) {
			return Parameter.text("lab.region." + region + ".url");
		}

		static Parameter<Integer> users(String region) {
			return USERS.named("lab.region." + region + ".users");
		}

		static Parameter<Duration> ramp(String region) {
			return RAMP.named("lab.region." + region + ".ramp");
		}

		static Parameter<Duration> offset(String region) {
			return Parameter.duration("lab.region." + region + ".offset");
		}

	}

	public MealsLoad {
		if (!protocol.equals("soap") && !protocol.equals("rest")) {
			throw new IllegalArgumentException(PROTOCOL.name() + " is soap or rest, not '" + protocol + "'");
		}
		if (!mix.equals("study") && !mix.equals("matched")) {
			throw new IllegalArgumentException(MIX.name() + " is study or matched, not '" + mix + "'");
		}
	}

	/** @param defaultUrl where the regions send their requests unless told otherwise */
	public static MealsLoad from(Parameters p, String defaultUrl) {
		String protocol = p.get(PROTOCOL, "soap");
		List<Region> regions = new ArrayList<>();
		List<String> names = p.get(REGIONS, List.of());
		if (names.isEmpty()) {
			regions.add(new Region("baseline", defaultUrl, p.get(USERS, 10), p.get(RAMP, Duration.ofSeconds(10)), Duration.ZERO));
		}
		Parameter<String> target = protocol.equals("rest") ? Targets.MEALS_REST : Targets.MEALS_SOAP;
		for (String name : names) {
			// The region's own target when the runner emulates its distance (a proxy with its round trip).
			String url = p.get(Region.url(name), p.get(Targets.inRegion(name, target), defaultUrl));
			regions.add(new Region(name, url, p.get(Region.users(name), 10),
					p.get(Region.ramp(name), Duration.ofSeconds(10)),
					p.get(Region.offset(name), name.equals("northeurope") ? Duration.ofSeconds(10) : Duration.ZERO)));
		}
		return new MealsLoad(protocol, p.get(MIX, "study"), p.get(DURATION, Duration.ofSeconds(30)), regions);
	}

	/** The in-region baseline: {@code users} ramping up over {@code ramp}. */
	public static Step baseline(String name, String protocol, String mix, int users, Duration ramp, Duration duration) {
		Step.Builder builder = Step.of(name, SoapVsRestSimulation.class)
			.set(PROTOCOL, protocol)
			.set(MIX, mix)
			.set(USERS, users)
			.set(RAMP, ramp)
			.set(DURATION, duration);
		// "soap" and "study" send the operation soap-study, which a warm-up target names.
		Arrays.stream(Operation.values())
			.filter((operation) -> operation.label().equals(protocol + "-" + mix))
			.findFirst()
			.ifPresent((operation) -> builder.set(Step.MEASURES, List.of(operation)));
		return builder.lasting(ramp.plus(duration));
	}

	/** The study's three regions, {@code users} each, North Europe starting {@code offset} later. */
	public static Step regions(String protocol, int users, Duration ramp, Duration offset, Duration duration) {
		Step.Builder builder = Step.of("meals-" + protocol + "-regions-" + users, SoapVsRestSimulation.class)
			.set(PROTOCOL, protocol)
			.set(MIX, "study")
			.set(REGIONS, STUDY_REGIONS)
			.set(DURATION, duration);
		for (String region : STUDY_REGIONS) {
			builder.set(Region.users(region), users).set(Region.ramp(region), ramp);
		}
		builder.set(Region.offset("northeurope"), offset);
		return builder.lasting(offset.plus(ramp).plus(duration));
	}

	/** The users of a population by its name in the report ("baseline", a region, or "aggregate" for the first region's). */
	public int users(String population) {
		String name = population.equals("aggregate") ? this.regions.getFirst().name() : population;
		return this.regions.stream().filter((r) -> r.name().equals(name)).mapToInt(Region::users).findFirst().orElse(0);
	}

}
