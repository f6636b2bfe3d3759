package io.latencylab.plan;

import java.time.Duration;
import java.util.List;

/** The open-model simulation's load: Poisson arrivals at each of {@code rates} a second, {@code step} long each. */
public record OpenLoad(Operation operation, List<Integer> rates, Duration step) {

	public static final Parameter<Operation> OPERATION = Operation.one("lab.open.operation");

	public static final Parameter<List<Integer>> RATES = Parameter.integers("lab.open.rates");

	public static final Parameter<Duration> STEP = Parameter.duration("lab.open.step");

	public static OpenLoad from(Parameters p) {
		Operation operation = p.get(OPERATION, Operation.REST_GET);
		if (operation.isEntity()) {
			throw new IllegalArgumentException(OPERATION.name() + " takes a single operation, not " + operation.label());
		}
		return new OpenLoad(operation, p.get(RATES, List.of(10, 20, 40, 80, 160)), p.get(STEP, Duration.ofSeconds(5)));
	}

}
