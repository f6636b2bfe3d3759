package io.latencylab.lab.deploy;

import java.util.Map;

/**
 * Each service's CPU and memory, read where it runs: bare from the kernel's counts of its process,
 * in containers from their control groups, elsewhere from the services' own metrics.
 */
public interface Metering {

	/** CPU (percent of one core) and memory (MiB) of each service now; services that do not answer are left out. */
	Map<String, Usage> sample();

	/**
	 * Each service's CPU time so far (user and system, in seconds), from the kernel's own count:
	 * two readings give a step's exact CPU, however short the step.
	 */
	Map<String, Double> cpuSeconds();

	/** One service's resource use at one instant. */
	record Usage(double cpuPercentOfOneCore, double memoryMib) {
	}

}
