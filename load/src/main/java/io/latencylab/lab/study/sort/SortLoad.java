package io.latencylab.lab.study.sort;

import java.time.Duration;

import io.latencylab.lab.plan.Parameter;
import io.latencylab.lab.plan.Parameters;
import io.latencylab.lab.plan.Step;

/**
 * Seed 004's clients: {@code clients} clients, each uploading a file of {@code size} integers to
 * be sorted with {@code algorithm}, for {@code duration}: back to back, or with a {@code pace} one
 * upload every pace (experiment 6: 20 clients, a file every 300 s, for 24 hours). The file comes
 * from the service's own generator with a fixed {@code seed}.
 */
public record SortLoad(String algorithm, int size, int clients, int seed, Duration duration, Duration pace) {

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
		return new SortLoad(p.get(ALGORITHM, "quick"), p.get(SIZE, 10_000), p.get(CLIENTS, 1), p.get(SEED, 1),
				p.get(DURATION, Duration.ofSeconds(30)), p.get(PACE, Duration.ZERO));
	}

	/** Back to back. */
	public SortLoad(String algorithm, int size, int clients, Duration duration) {
		this(algorithm, size, clients, 1, duration, Duration.ZERO);
	}

	public boolean paced() {
		return !this.pace.isZero();
	}

	public String stepName() {
		return (paced() ? "sort-soak-" : "sort-") + this.algorithm + "-n" + this.size + "-c" + this.clients;
	}

	public Step step() {
		Step.Builder builder = Step.of(stepName(), "SortSimulation")
			.set(ALGORITHM, this.algorithm)
			.set(SIZE, this.size)
			.set(CLIENTS, this.clients)
			.set(DURATION, this.duration);
		if (paced()) {
			builder.set(PACE, this.pace);
		}
		return builder.lasting(this.duration);
	}

}
