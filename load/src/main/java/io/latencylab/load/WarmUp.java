package io.latencylab.load;

import java.time.Duration;
import java.util.List;

import io.latencylab.load.plan.Operation;
import io.latencylab.load.plan.Parameter;
import io.latencylab.load.plan.Step;

/** The warm-up every plan starts with ({@link WarmUpSimulation}): its parameters and its step. */
public final class WarmUp {

	public static final Parameter<Duration> DURATION = Parameter.duration("lab.warmup.duration");

	public static final Parameter<List<Operation>> OPERATIONS = Operation.list("lab.warmup.operations");

	public static final Parameter<Integer> CLIENTS = Parameter.integer("lab.warmup.clients");

	private WarmUp() {
	}

	/** A study's warm-up: 20 s at laptop scale, a minute at full scale. */
	public static Step step(List<Operation> operations, boolean full) {
		return step(operations, full ? Duration.ofMinutes(1) : Duration.ofSeconds(20));
	}

	public static Step step(List<Operation> operations, Duration duration) {
		return Step.of("warm-up", WarmUpSimulation.class)
			.set(DURATION, duration)
			.set(OPERATIONS, operations)
			.lasting(duration);
	}

}
