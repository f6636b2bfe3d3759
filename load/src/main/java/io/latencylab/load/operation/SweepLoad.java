package io.latencylab.load.operation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;

/**
 * Seed 002's concurrency sweep: closed-model steps of each of {@code levels} concurrent clients on
 * one operation, {@code step} long each. The entity operations make the operation × entity size
 * matrix, with entities of {@code entityBytes}; the queue operations send and find messages of
 * that size.
 */
public record SweepLoad(Operation operation, List<Integer> levels, Duration step, int entityBytes) {

	public static final Parameter<Operation> OPERATION = Operation.one("lab.sweep.operation");

	public static final Parameter<List<Integer>> LEVELS = Parameter.integers("lab.sweep.levels");

	/** Instead of levels: 1, 2, 4, … up to this many clients. */
	public static final Parameter<Integer> MAX = Parameter.integer("lab.sweep.max");

	public static final Parameter<Duration> STEP = Parameter.duration("lab.sweep.step");

	/** An entity's size, or a queue message's. */
	public static final Parameter<Integer> ENTITY_BYTES = Parameter.integer("lab.entity.bytes");

	public static SweepLoad from(Parameters p) {
		List<Integer> levels = p.has(LEVELS) ? p.get(LEVELS, null) : levels(p.get(MAX, 16));
		if (levels.stream().anyMatch((level) -> level < 1)) {
			throw new IllegalArgumentException(LEVELS.name() + " must be 1 or more, got " + levels);
		}
		return new SweepLoad(p.get(OPERATION, Operation.REST_GET), levels, p.get(STEP, Duration.ofSeconds(5)),
				Math.max(1, p.get(ENTITY_BYTES, 1024)));
	}

	/** 1, 2, 4, … and max itself when it is not a power of two. */
	public static List<Integer> levels(int max) {
		if (max < 1) {
			throw new IllegalArgumentException(MAX.name() + " must be 1 or more, got " + max);
		}
		List<Integer> levels = new ArrayList<>();
		for (int level = 1; level < max; level *= 2) {
			levels.add(level);
		}
		levels.add(max);
		return levels;
	}

	public Step step(String name) {
		Step.Builder builder = Step.of(name, ConcurrencySweepSimulation.class)
			.set(OPERATION, this.operation)
			.set(LEVELS, this.levels)
			.set(STEP, this.step);
		if (this.operation.isEntity() || this.operation.isQueue()) {
			builder.set(ENTITY_BYTES, this.entityBytes);
		}
		if (this.operation.isQueue()) {
			// Azure Storage (Azurite or an account) sends no spans: the client's latency is all there is.
			builder.set(Plan.UNTRACED, true);
		}
		return builder.lasting(this.step.multipliedBy(this.levels.size()));
	}

}
