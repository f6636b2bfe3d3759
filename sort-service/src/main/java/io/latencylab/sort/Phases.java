package io.latencylab.sort;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Callable;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * The phases of one sort request (parse, queue, sort, write), each observed (a timer now, a span
 * once tracing is on) and timed for the W3C {@code Server-Timing} header.
 */
final class Phases {

	private final ObservationRegistry observations;

	private final SortAlgorithm algorithm;

	private final Map<String, Long> nanos = new LinkedHashMap<>();

	// The request's observation: every phase is its child, also the ones on the pool's threads.
	private final Observation parent;

	Phases(ObservationRegistry observations, SortAlgorithm algorithm) {
		this.observations = observations;
		this.algorithm = algorithm;
		this.parent = observations.getCurrentObservation();
	}

	<T> T run(String phase, Callable<T> work) throws Exception {
		long start = System.nanoTime();
		try {
			return observation(phase).observeChecked(work::call);
		}
		finally {
			record(phase, System.nanoTime() - start);
		}
	}

	Observation observation(String phase) {
		return Observation.createNotStarted("sort." + phase, this.observations)
			.lowCardinalityKeyValue("algorithm", this.algorithm.id())
			.parentObservation(this.parent);
	}

	void record(String phase, long durationNanos) {
		this.nanos.put(phase, durationNanos);
	}

	/** {@code parse;dur=1.204, queue;dur=0.051, ...} in milliseconds. */
	String serverTiming() {
		StringJoiner header = new StringJoiner(", ");
		this.nanos.forEach((phase, duration) -> header.add(phase + ";dur=" + String.format(Locale.ROOT, "%.3f", duration / 1e6)));
		return header.toString();
	}

}
