package io.latencylab.lab.deploy;

import java.io.IOException;

/**
 * The cores of the services the lab runs on this machine, changed while they run: bare through
 * each process's CPU affinity, in containers through their CPU quota and cpuset.
 */
public interface CpuControl {

	/** Lets {@code service} use only {@code cpus} cores from now on (0: all of them again), without restarting it. */
	void limitCpus(String service, int cpus) throws IOException, InterruptedException;

	/**
	 * Runs every service on {@code cores}' services' cores from now on, and counts the cores that
	 * {@link #limitCpus} gives within them.
	 */
	void placeServices(Cores cores) throws IOException, InterruptedException;

}
