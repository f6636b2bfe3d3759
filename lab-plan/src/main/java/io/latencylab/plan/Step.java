package io.latencylab.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One Gatling run of a plan.
 *
 * @param name unique within the plan, used for its folder and to match runs in a comparison
 * @param simulation the simulation's class name, or an outside client's name ({@link OutsideLoad#CLIENT});
 *        runs recorded before simulations were named in full have its simple name
 * @param properties the lab.* system properties it runs with, written through their typed names
 * @param estimate how long the load lasts, for the progress display
 */
public record Step(String name, String simulation, Map<String, String> properties, Duration estimate) {

	/**
	 * The parameters whose whole numbers add up to the step's load (its clients, its users, its
	 * rates): a step that names them can be split over several injectors, each sending a share. A
	 * load that is not such a sum (a schedule of bursts, a population to upload) names none.
	 */
	public static final Parameter<List<String>> DIVIDES = Parameter.texts("lab.share.divides");

	/**
	 * The operations a step's load sends, for a load whose own parameters say it otherwise (the toy
	 * store's "buy", the meals' protocol and mix): what {@link #measures} reads besides them.
	 */
	public static final Parameter<List<Operation>> MEASURES = Operation.list("lab.measures");

	public static Builder of(String name, Class<?> simulation) {
		return new Builder(name, simulation.getName());
	}

	/** A step of an outside client, named by {@code client}, or of a simulation named in full. */
	public static Builder of(String name, String client) {
		return new Builder(name, client);
	}

	/** The same step with one parameter set, or set anew; its name, simulation and estimate kept. */
	public <T> Step with(Parameter<T> parameter, T value) {
		return toBuilder().set(parameter, value).lasting(this.estimate);
	}

	/** The same step under another name. */
	public Step renamed(String name) {
		return new Step(name, this.simulation, this.properties, this.estimate);
	}

	/** A builder holding this step's name, simulation and parameters, to set more of them. */
	public Builder toBuilder() {
		return new Builder(this.name, this.simulation).setAll(this.properties);
	}

	/** The step's value of a parameter, or null when the step does not set it. */
	public <T> T get(Parameter<T> parameter) {
		String value = this.properties.get(parameter.name());
		return (value == null) ? null : parameter.parse(value);
	}

	/**
	 * Whether the step's load sends {@code operation}: one of its parameters names it (the sweep's, the
	 * outside client's, the open model's operation, {@link #MEASURES}, or a list of them).
	 */
	public boolean measures(Operation operation) {
		return this.properties.values()
			.stream()
			.anyMatch((value) -> Arrays.stream(value.split(",")).map(String::strip).anyMatch(operation.label()::equals));
	}

	/** Whether the step says how its load divides ({@link #DIVIDES}). */
	public boolean divides() {
		List<String> divides = get(DIVIDES);
		return divides != null && !divides.isEmpty();
	}

	/**
	 * Share {@code index} (from 0) of {@code count}: every parameter {@link #DIVIDES} names divided
	 * as evenly as whole numbers allow, the first shares taking one more where they do not divide
	 * exactly, a list of them number by number; so the shares add up to the step. Empty when this
	 * share would send nothing (1 client over 2 injectors: the second).
	 */
	public Optional<Step> share(int index, int count) {
		if (count < 1 || index < 0 || index >= count) {
			throw new IllegalArgumentException("share " + index + " of " + count);
		}
		if (!divides()) {
			throw new IllegalStateException("step " + this.name + " does not say how its load divides (" + DIVIDES.name() + ")");
		}
		Map<String, String> shared = new LinkedHashMap<>(this.properties);
		boolean sends = false;
		for (String name : get(DIVIDES)) {
			String value = this.properties.get(name);
			if (value == null) {
				throw new IllegalStateException("step " + this.name + " divides " + name + ", which it does not set");
			}
			List<String> parts = new ArrayList<>();
			for (String number : value.split(",")) {
				int whole = Integer.parseInt(number.strip());
				int part = whole / count + ((index < whole % count) ? 1 : 0);
				sends |= part > 0;
				parts.add(String.valueOf(part));
			}
			shared.put(name, String.join(",", parts));
		}
		return sends ? Optional.of(new Step(this.name, this.simulation, shared, this.estimate)) : Optional.empty();
	}

	/** The step's parameters as a simulation reads them. */
	public Parameters parameters() {
		return Parameters.of(this.properties);
	}

	/**
	 * Whether a recorded step ran {@code type}, by its simple name: runs recorded before named it
	 * alone, or in full in the package it had then (the load generator's simulations' simple names
	 * are unique).
	 */
	public static boolean runs(String simulation, Class<?> type) {
		return simulation.substring(simulation.lastIndexOf('.') + 1).equals(type.getSimpleName());
	}

	/** Sets a step's parameters by their typed names. */
	public static final class Builder {

		private final String name;

		private final String simulation;

		private final Map<String, String> properties = new LinkedHashMap<>();

		private Builder(String name, String simulation) {
			this.name = name;
			this.simulation = simulation;
		}

		public <T> Builder set(Parameter<T> parameter, T value) {
			this.properties.put(parameter.name(), parameter.format(value));
			return this;
		}

		public Builder setAll(Map<String, String> properties) {
			this.properties.putAll(properties);
			return this;
		}

		public Step lasting(Duration estimate) {
			return new Step(this.name, this.simulation, new LinkedHashMap<>(this.properties), estimate);
		}

	}

}
