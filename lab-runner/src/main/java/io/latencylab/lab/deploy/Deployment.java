package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.Traces;
import io.latencylab.plan.Services;

/** Where the services run: bare JVMs on this machine, or docker compose. */
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

	/** How the services' JVMs started, where the lab starts them: from a start-up cache, or cold. */
	default Optional<String> jvmStart() {
		return Optional.empty();
	}

	/** True when every service answers its readiness probe. */
	default boolean isUp() {
		return topology().services().values().stream().allMatch((service) -> Http.get(service.readiness()).isPresent());
	}

	/**
	 * Whether one of its services runs but does not answer yet (a container recreated, a JVM starting
	 * again): a run waits for it rather than start the lab again, which would drop what the lab was
	 * started with, its injections. None by default.
	 */
	default boolean partlyUp() throws IOException, InterruptedException {
		return false;
	}

	/** Why this deployment cannot run a plan whose steps limit a service's cores; empty when it can. */
	default Optional<String> cannotRun(boolean limitsCpus) {
		return Optional.empty();
	}

	/** Starts what does not run yet and waits until all are ready. */
	void up(List<String> injections) throws IOException, InterruptedException;

	void down() throws IOException, InterruptedException;

	/**
	 * Lets {@code service} use only {@code cpus} cores from now on (0: all of them again), without
	 * restarting it: bare, through its CPU affinity; in a container, through its CPU quota.
	 */
	void limitCpus(String service, int cpus) throws IOException, InterruptedException;

	/**
	 * Runs every service on {@code cores}' services' cores from now on, and counts the cores that
	 * {@link #limitCpus} gives within them: bare, through each process's CPU affinity; under
	 * compose, through each container's cpuset.
	 */
	void placeServices(Cores cores) throws IOException, InterruptedException;

	/** CPU (percent of one core) and memory (MiB) of each service now; services that do not answer are left out. */
	Map<String, Usage> sample();

	/**
	 * Each service's CPU time so far (user and system, in seconds), from the kernel's own count:
	 * two readings give a step's exact CPU, however short the step.
	 */
	Map<String, Double> cpuSeconds();

	Traces traces();

	/**
	 * What the services run with that could change their latency, as this deployment can tell it:
	 * how they run, database, span export, CPU and memory limits, network, JVM options (see
	 * {@link Factors}, which adds what the services' own metrics say of their JVMs).
	 */
	Map<String, String> factors();

	/**
	 * Starts the network probe's server (NetworkProbe: the JDK's file server, serving {@code files}
	 * on 127.0.0.1:NetworkProbe.PORT) where this deployment runs its services; closing stops it.
	 */
	AutoCloseable startProbeServer(Path files) throws IOException, InterruptedException;

	/** What a service wrote to its standard output since it last started; empty when it cannot be read. */
	Optional<String> startLog(String service);

	/**
	 * The system of a study's that this deployment runs as a {@code type} (seed studies find their
	 * own through it); empty when it runs none.
	 */
	default <T> Optional<T> backing(Class<T> type) {
		return Optional.empty();
	}

	/** One service's resource use at one instant. */
	record Usage(double cpuPercentOfOneCore, double memoryMib) {
	}

}
