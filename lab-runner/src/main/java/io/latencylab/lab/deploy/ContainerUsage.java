package io.latencylab.lab.deploy;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The CPU and memory of a compose project's service containers: from their control groups, or from
 * `docker stats` where those cannot be read; each container's id looked up once, again when it is gone.
 */
final class ContainerUsage implements Metering {

	/** Runs a docker command as the deployment runs it (its compose files, its variables) and returns its output. */
	interface Docker {

		String output(List<String> command) throws IOException, InterruptedException;

	}

	private final List<String> services;

	private final Docker docker;

	private final Cgroups cgroups = Cgroups.host();

	/** Per service: its container's id, looked up once (again when the container is gone). */
	private final Map<String, String> containers = new ConcurrentHashMap<>();

	/** Per service: the time and the container's CPU nanoseconds at the last sample. */
	private final Map<String, long[]> lastCpu = new HashMap<>();

	ContainerUsage(List<String> services, Docker docker) {
		this.services = services;
		this.docker = docker;
	}

	/** The service's container id; empty when it does not run. */
	String id(String service) {
		return this.containers.computeIfAbsent(service, this::lookUp);
	}

	/** New containers, new ids: those looked up before are of containers that are gone. */
	void forget() {
		this.containers.clear();
	}

	/** CPU (percent of one core) and memory (MiB) of each service's container since the last sample. */
	@Override
	public Map<String, Usage> sample() {
		return fromCgroups().orElseGet(this::dockerStats);
	}

	/**
	 * From the control groups: CPU over the time since the last sample, memory now; empty when no
	 * container's group could be read (a first sample yields no CPU figure, only the clock).
	 */
	private Optional<Map<String, Usage>> fromCgroups() {
		Map<String, Usage> usage = new LinkedHashMap<>();
		boolean found = false;
		long now = System.nanoTime();
		for (String service : this.services) {
			String id = id(service);
			Optional<Long> cpu = id.isEmpty() ? Optional.empty() : this.cgroups.cpuNanos(id);
			if (cpu.isEmpty()) {
				// Not started yet, or restarted under a new id: look again next time.
				this.containers.remove(service);
				continue;
			}
			found = true;
			long[] last = this.lastCpu.put(service, new long[] { now, cpu.get() });
			if (last != null && now > last[0] && cpu.get() >= last[1]) {
				usage.put(service, new Usage(100.0 * (cpu.get() - last[1]) / (now - last[0]),
						this.cgroups.memoryBytes(id).map((bytes) -> bytes / 1024.0 / 1024.0).orElse(Double.NaN)));
			}
		}
		return found ? Optional.of(usage) : Optional.empty();
	}

	/** Each container's CPU time so far, from its control group. */
	@Override
	public Map<String, Double> cpuSeconds() {
		Map<String, Double> seconds = new LinkedHashMap<>();
		for (String service : this.services) {
			String id = id(service);
			if (!id.isEmpty()) {
				this.cgroups.cpuNanos(id).ifPresent((nanos) -> seconds.put(service, nanos / 1e9));
			}
		}
		return seconds;
	}

	private String lookUp(String service) {
		try {
			String ids = this.docker.output(List.of("docker", "compose", "ps", "-q", "--no-trunc", service)).strip();
			return ids.isEmpty() ? "" : ids.lines().findFirst().orElse("").strip();
		}
		catch (IOException | RuntimeException ex) {
			return "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

	private Map<String, Usage> dockerStats() {
		Map<String, Usage> usage = new LinkedHashMap<>();
		try {
			String stats = this.docker.output(List.of("docker", "stats", "--no-stream", "--format",
					"{{.Name}}\t{{.CPUPerc}}\t{{.MemUsage}}"));
			for (String line : stats.split("\n")) {
				String[] fields = line.split("\t");
				if (fields.length < 3) {
					continue;
				}
				for (String service : this.services) {
					if (fields[0].contains(service)) {
						usage.put(service, new Usage(Double.parseDouble(fields[1].replace("%", "").trim()),
								mebibytes(fields[2].split("/")[0].trim())));
					}
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// No sample this time; the next one may work.
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return usage;
	}

	/** "512MiB", "1.2GiB", "800KiB", "12MB" → MiB. */
	static double mebibytes(String text) {
		String number = text.replaceAll("[^0-9.]", "");
		String unit = text.replaceAll("[0-9.\\s]", "").toLowerCase(Locale.ROOT);
		double value = Double.parseDouble(number);
		return switch (unit) {
			case "b" -> value / 1024 / 1024;
			case "kib", "kb" -> value / 1024;
			case "gib", "gb" -> value * 1024;
			default -> value;
		};
	}

}
