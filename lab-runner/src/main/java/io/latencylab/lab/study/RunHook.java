package io.latencylab.lab.study;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.plan.Step;

/**
 * What a study does around a run's steps on a deployment: sets its systems as the steps need them,
 * adds what the load generator needs to reach them, and puts them back after the steps.
 */
public interface RunHook {

	/**
	 * Before anything starts, from its options alone: why the run cannot go as asked on {@code deployment}
	 * with {@code injectors}; empty when it can. A refusal leaves nothing running.
	 */
	default Optional<String> refuses(Deployment deployment, List<Step> steps, List<InjectorHost> injectors) {
		return Optional.empty();
	}

	/** Once the deployment is up, before the steps: why {@code deployment} cannot run {@code steps}; empty when it can. */
	default Optional<String> cannotRun(Deployment deployment, List<Step> steps) {
		return Optional.empty();
	}

	/** Once the run's checks passed: its systems set for {@code steps}. */
	Active open(Deployment deployment, List<Step> steps) throws IOException, InterruptedException;

	/** A hook while its run's steps run; closed after the last step, even a failed one. */
	interface Active extends AutoCloseable {

		/** May point a target the steps reach at another system; before the emulated distance wraps them. */
		default void route(Map<String, String> direct) {
		}

		/** Added to every step's targets as they are, not through an emulated distance. */
		default Map<String, String> targets() {
			return Map.of();
		}

		/** The step as it runs and the manifest records it (what stood behind it, for the report). */
		default Step step(Step step) {
			return step;
		}

		/** Right before {@code step} starts: its systems set as it needs them. */
		default void beforeStep(Step step) throws IOException, InterruptedException {
		}

		/** Whether no traced service answers {@code step}'s requests, so that no span is waited for. */
		default boolean untraced(Step step) {
			return false;
		}

		/** Its systems as they were before the run. */
		@Override
		default void close() throws IOException, InterruptedException {
		}

	}

}
