package io.latencylab.lab;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Where the services run: bare JVMs on this machine, or docker compose. */
public interface Deployment {

	/** The services, with the HTTP port that answers their actuator. */
	Map<String, Integer> SERVICES = Map.of("meals-soap", 8081, "meals-rest", 8082, "sort-service", 8084,
			"catalog-service", 8091, "order-service", 8092, "frontend-service", 8080);

	/** In start order: the front end needs catalog and order. */
	List<String> START_ORDER = List.of("meals-soap", "meals-rest", "sort-service", "catalog-service", "order-service",
			"frontend-service");

	String mode();

	/** True when every service answers its readiness probe on its published port. */
	default boolean isUp() {
		return START_ORDER.stream().allMatch((name) -> Http.ready(SERVICES.get(name)));
	}

	/** Starts what does not run yet and waits until all are ready. */
	void up(List<String> injections) throws IOException, InterruptedException;

	void down() throws IOException, InterruptedException;

	/** CPU (percent of one core) and memory (MiB) of each service now; services that do not answer are left out. */
	Map<String, Usage> sample();

	Traces traces();

	/** One service's resource use at one instant. */
	record Usage(double cpuPercentOfOneCore, double memoryMib) {
	}

}
