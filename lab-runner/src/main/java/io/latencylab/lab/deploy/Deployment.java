package io.latencylab.lab.deploy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.Traces;
import io.latencylab.plan.Services;

/**
 * Where the services run: bare JVMs on this machine, docker compose, Kubernetes, or started
 * elsewhere. Its roles beyond starting and stopping are small interfaces each deployment has as it
 * can: {@link Metering} (all), {@link CpuControl} and {@link ProbeHost} (where the lab runs the
 * services on this machine), a study's {@link #backing} systems.
 */
public interface Deployment {

	String mode();

	/** The deployment as a run's report names it: its mode, and where it runs when it can tell more. */
	default String describe() {
		return mode();
	}

	/** The services, in start order, with their ports. */
	Services services();

	/** Where each service answers, its spans are read and its metrics scraped. */
	Topology topology();

	/** Whether {@code up} starts {@code service}: every one, unless the user named some (--services). */
	default boolean starts(String service) {
		return true;
	}

	/** How the services' JVMs started, where the lab starts them: from a start-up cache, or cold. */
	default Optional<String> jvmStart() {
		return Optional.empty();
	}

	/** True when every service answers its readiness probe. */
	default boolean isUp() {
		return topology().services().values().stream().allMatch((service) -> Http.get(service.readiness()).isPresent());
	}

	/**
	 * Whether some of the lab's services answer already: a lab its user started in part (./lab up
	 * --services meals-rest), which a run completes but must not take down.
	 */
	default boolean someAnswer() {
		return topology().services().values().stream().anyMatch((service) -> Http.get(service.readiness()).isPresent());
	}

	/**
	 * Whether one of its services runs but does not answer yet (a container recreated, a JVM starting
	 * again): a run waits for it rather than start the lab again, which would drop what the lab was
	 * started with, its injections. None by default.
	 */
	default boolean partlyUp() throws IOException, InterruptedException {
		return false;
	}

	/**
	 * Why this deployment cannot run a plan whose steps limit a service's cores; empty when it can:
	 * by default, when it has no {@link #cpuControl()}.
	 */
	default Optional<String> cannotRun(boolean limitsCpus) {
		return (limitsCpus && cpuControl().isEmpty())
				? Optional.of("the lab cannot limit a service's cores, as a step of this plan does, where " + describe() + " runs")
				: Optional.empty();
	}

	/** Starts what does not run yet and waits until all are ready. */
	void up(List<String> injections) throws IOException, InterruptedException;

	void down() throws IOException, InterruptedException;

	/** Each service's CPU and memory, read where it runs. */
	Metering metering();

	/** The services' cores, where the lab can change them while they run; empty where it cannot. */
	default Optional<CpuControl> cpuControl() {
		return Optional.empty();
	}

	/** Where the network probe's server runs beside the services; empty where the lab cannot start it. */
	default Optional<ProbeHost> probeHost() {
		return Optional.empty();
	}

	Traces traces();

	/**
	 * What the services run with that could change their latency, as this deployment can tell it:
	 * how they run, database, span export, CPU and memory limits, network, JVM options (see
	 * {@link Factors}, which adds what the services' own metrics say of their JVMs).
	 */
	Map<String, String> factors();

	/** What a service wrote to its standard output since it last started; empty when it cannot be read. */
	Optional<String> startLog(String service);

	/**
	 * The system of a study's that this deployment runs as a {@code type} (seed studies find their
	 * own through it); empty when it runs none.
	 */
	default <T> Optional<T> backing(Class<T> type) {
		return Optional.empty();
	}

}
