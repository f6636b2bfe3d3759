package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** The CPU and memory of processes on this machine, each with the processes under it, from the kernel's counts. */
final class ProcessUsage implements Metering {

	/** The processes measured, by name, as they run now. */
	private final Supplier<Map<String, ProcessHandle>> processes;

	/** Per name: the pid, the time and its CPU nanoseconds at the last sample. */
	private final Map<String, long[]> lastCpu = new ConcurrentHashMap<>();

	ProcessUsage(Supplier<Map<String, ProcessHandle>> processes) {
		this.processes = processes;
	}

	/**
	 * CPU from the kernel's count of each process's CPU time since the last sample, and resident
	 * memory: read from /proc, so sampling asks nothing of the services while they are measured
	 * (scraping their metrics endpoint would make them render it, on the measured cores).
	 */
	@Override
	public Map<String, Usage> sample() {
		Map<String, Usage> usage = new LinkedHashMap<>();
		long now = System.nanoTime();
		this.processes.get().forEach((name, process) -> {
			Optional<Duration> cpuTime = cpuTime(process);
			if (cpuTime.isEmpty()) {
				return;
			}
			long[] last = this.lastCpu.put(name, new long[] { process.pid(), now, cpuTime.get().toNanos() });
			if (last != null && last[0] == process.pid() && now > last[1]) {
				double cpu = 100.0 * (cpuTime.get().toNanos() - last[2]) / (now - last[1]);
				usage.put(name, new Usage(cpu, residentMib(process)));
			}
		});
		return usage;
	}

	/** Each process's CPU time so far, its children's with it, in seconds. */
	@Override
	public Map<String, Double> cpuSeconds() {
		Map<String, Double> seconds = new LinkedHashMap<>();
		this.processes.get().forEach((name, process) -> cpuTime(process).ifPresent((cpu) -> seconds.put(name, cpu.toNanos() / 1e9)));
		return seconds;
	}

	/** The CPU time of a process and every process under it. */
	private static Optional<Duration> cpuTime(ProcessHandle process) {
		Optional<Duration> own = process.info().totalCpuDuration();
		return own.map((cpu) -> process.descendants()
			.map((child) -> child.info().totalCpuDuration().orElse(Duration.ZERO))
			.reduce(cpu, Duration::plus));
	}

	/** Resident memory of a process and every process under it. */
	private static double residentMib(ProcessHandle process) {
		return Stream.concat(Stream.of(process), process.descendants())
			.mapToDouble((p) -> residentMib(p.pid()))
			.filter((mib) -> !Double.isNaN(mib))
			.sum();
	}

	/** Resident memory from /proc, as the kernel counts it (heap, metaspace, threads, code). */
	private static double residentMib(long pid) {
		try {
			for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			// Not Linux, or the process just ended.
		}
		return Double.NaN;
	}

}
