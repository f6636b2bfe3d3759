package io.latencylab.sort;

import java.util.Optional;
import java.util.concurrent.Callable;

import io.latencylab.telemetry.ServerTiming;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * The phases of one sort request (parse, queue, sort, write), each observed (a metric and a
 * span). The request's W3C {@code Server-Timing} header (written by the telemetry module) shows
 * the phases that end on the request thread by itself; queue and sort end on the pool's threads
 * and are added to it here.
 */
final class Phases {

	private final ObservationRegistry observations;

	private final SortAlgorithm algorithm;

	private final Optional<ServerTiming.Timings> timings = ServerTiming.current();

	// The request's observation: every phase is its child, also the ones on the pool's threads.
	private final Observation parent;

	Phases(ObservationRegistry observations, SortAlgorithm algorithm) {
		this.observations = observations;
		this.algorithm = algorithm;
		this.parent = observations.getCurrentObservation();
	}

	<T> T run(String phase, Callable<T> work) throws Exception {
		return observation(phase).observeChecked(work::call);
	}

	Observation observation(String phase) {
		return Observation.createNotStarted("sort." + phase, this.observations)
			.lowCardinalityKeyValue("algorithm", this.algorithm.id())
			.parentObservation(this.parent);
	}

	/** A phase that ran on another thread, for the request's Server-Timing header. */
	void record(String phase, long durationNanos) {
		this.timings.ifPresent((t) -> t.add("sort." + phase, durationNanos));
	}

}
