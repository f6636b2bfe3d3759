package io.latencylab.lab.deploy;

import java.io.IOException;
import java.util.Locale;

/**
 * Which cores the services run on, and which the lab's own processes (this runner, the load
 * generator, wrk) run on. Shared: every core for everyone, as a laptop runs them. Separate: the
 * last core for the lab and the others for the services. A client's work on each answer then
 * never runs on a core where a service is still busy with that request: sharing two cores, the
 * kernel woke the generator on the service's core, and the server's own span of a REST get grew by
 * about 40 µs under Gatling, not under wrk, whose work on an answer is a few µs.
 *
 * @param count the machine's cores
 * @param separate whether the lab keeps its last core to itself
 */
public record Cores(int count, boolean separate) {

	public Cores {
		if (separate && count < 2) {
			throw new IllegalArgumentException("separate cores need 2 or more; this machine has " + count);
		}
	}

	/** This machine's cores, shared or separate; read before the runner pins itself, which would hide them. */
	public static Cores here(boolean separate) {
		return new Cores(Runtime.getRuntime().availableProcessors(), separate);
	}

	/** How many cores the services may use. */
	public int forServices() {
		return this.separate ? this.count - 1 : this.count;
	}

	/** The services' cores as taskset writes them. */
	public String services() {
		return list(0, forServices() - 1);
	}

	/** The lab's cores as taskset writes them. */
	public String lab() {
		return this.separate ? list(this.count - 1, this.count - 1) : list(0, this.count - 1);
	}

	/** The first {@code n} of the services' cores, for a step that limits a service to n of them. */
	public String firstForServices(int n) {
		if (n < 1 || n > forServices()) {
			throw new IllegalArgumentException("the services have " + forServices() + " core(s) (" + describe()
					+ "), so a service cannot have " + n);
		}
		return list(0, n - 1);
	}

	public String describe() {
		return this.separate
				? String.format(Locale.ROOT, "separate: services on %s %s, the lab (runner, load generator, wrk) on core %s",
						(forServices() == 1) ? "core" : "cores", services(), lab())
				: String.format(Locale.ROOT, "shared: services and the lab on all %d cores", this.count);
	}

	/** Pins every thread of a process, and every thread or process they start later, to {@code cores}. */
	public static void pin(long pid, String cores) throws IOException, InterruptedException {
		Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", cores, String.valueOf(pid))
			.redirectErrorStream(true)
			.start();
		String output = new String(taskset.getInputStream().readAllBytes());
		if (taskset.waitFor() != 0) {
			throw new IOException("taskset could not pin process " + pid + " to cores " + cores + ": " + output.strip());
		}
	}

	private static String list(int first, int last) {
		return (first == last) ? String.valueOf(first) : first + "-" + last;
	}

}
