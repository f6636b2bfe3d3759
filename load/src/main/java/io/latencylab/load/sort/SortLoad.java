package io.latencylab.load.sort;

import java.time.Duration;
import java.util.List;

import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * Seed 004's clients: {@code clients} clients, each uploading a file of {@code size} integers to
 * be sorted with {@code algorithm}, for {@code duration}: back to back, or with a {@code pace} one
 * upload every pace (experiment 6: 20 clients, a file every 300 s, for 24 hours). The file comes
 * from the service's own generator with a fixed {@code seed}. A {@code place} (experiment 4:
 * frankfurt, san-francisco) is the region the clients send from, at its distance under
 * ./lab run --regions; empty: no place.
 */
public record SortLoad(String algorithm, int size, int clients, int seed, Duration duration, Duration pace, String place) {

	public static final Parameter<String> ALGORITHM = Parameter.text("lab.sort.algorithm");

	public static final Parameter<Integer> SIZE = Parameter.integer("lab.sort.size");

	public static final Parameter<Integer> CLIENTS = Parameter.integer("lab.sort.clients");

	public static final Parameter<Integer> SEED = Parameter.integer("lab.sort.seed");

	public static final Parameter<Duration> DURATION = Parameter.duration("lab.sort.duration");

	/** 0: back to back. */
	public static final Parameter<Duration> PACE = Parameter.duration("lab.sort.pace");

	public SortLoad {
		if (clients < 1 || size < 1) {
			throw new IllegalArgumentException(CLIENTS.name() + " and " + SIZE.name() + " must be 1 or more");
		}
	}

	public static SortLoad from(Parameters p) {
		List<String> regions = p.get(Targets.REGIONS, List.of());
		return new SortLoad(p.get(ALGORITHM, "quick"), p.get(SIZE, 10_000), p.get(CLIENTS, 1), p.get(SEED, 1),
				p.get(DURATION, Duration.ofSeconds(30)), p.get(PACE, Duration.ZERO), regions.isEmpty() ? "" : regions.getFirst());
	}

	/** Back to back. */
	public SortLoad(String algorithm, int size, int clients, Duration duration) {
		this(algorithm, size, clients, 1, duration, Duration.ZERO, "");
	}

	/** Paced, from no place. */
	public SortLoad(String algorithm, int size, int clients, int seed, Duration duration, Duration pace) {
		this(algorithm, size, clients, seed, duration, pace, "");
	}

	/** The same clients sending from {@code place}. */
	public SortLoad sentFrom(String place) {
		return new SortLoad(this.algorithm, this.size, this.clients, this.seed, this.duration, this.pace, place);
	}

	public boolean placed() {
		return !this.place.isEmpty();
	}

	public boolean paced() {
		return !this.pace.isZero();
	}

	public String stepName() {
		return (paced() ? "sort-soak-" : "sort-") + (placed() ? "from-" + this.place + "-" : "") + this.algorithm + "-n" + this.size
				+ "-c" + this.clients;
	}

	public Step step() {
		Step.Builder builder = Step.of(stepName(), SortSimulation.class)
			.set(ALGORITHM, this.algorithm)
			.set(Step.MEASURES, List.of(Operation.SORT))
			.set(SIZE, this.size)
			.set(CLIENTS, this.clients)
			.set(DURATION, this.duration)
			// Split over injectors by its clients (closed: each keeps its own in flight).
			.set(Step.DIVIDES, List.of(CLIENTS.name()));
		if (paced()) {
			builder.set(PACE, this.pace);
		}
		if (placed()) {
			builder.set(Targets.REGIONS, List.of(this.place));
		}
		return builder.lasting(this.duration);
	}

}
