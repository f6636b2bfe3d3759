package io.latencylab.lab.deploy;

import java.util.LinkedHashMap;
import java.util.Map;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology;

/**
 * The CPU and memory of services the lab reaches but did not start, from their own metrics: each
 * JVM's process CPU time between two samples, memory as its heap and non-heap in use.
 */
final class MetricsUsage implements Metering {

	private final Topology topology;

	/** Per service: the time and its CPU seconds at the last sample. */
	private final Map<String, double[]> lastCpu = new LinkedHashMap<>();

	MetricsUsage(Topology topology) {
		this.topology = topology;
	}

	@Override
	public Map<String, Usage> sample() {
		Map<String, Usage> usage = new LinkedHashMap<>();
		long now = System.nanoTime();
		metrics().forEach((name, metrics) -> {
			if (Double.isNaN(metrics.cpuSeconds())) {
				return;
			}
			double[] last = this.lastCpu.put(name, new double[] { now, metrics.cpuSeconds() });
			if (last != null && now > last[0] && metrics.cpuSeconds() >= last[1]) {
				usage.put(name, new Usage(100 * (metrics.cpuSeconds() - last[1]) * 1e9 / (now - last[0]),
						metrics.memoryBytes() / 1024 / 1024));
			}
		});
		return usage;
	}

	@Override
	public Map<String, Double> cpuSeconds() {
		Map<String, Double> seconds = new LinkedHashMap<>();
		metrics().forEach((name, metrics) -> {
			if (!Double.isNaN(metrics.cpuSeconds())) {
				seconds.put(name, metrics.cpuSeconds());
			}
		});
		return seconds;
	}

	private Map<String, ProcessMetrics> metrics() {
		Map<String, ProcessMetrics> metrics = new LinkedHashMap<>();
		this.topology.services()
			.forEach((name, endpoint) -> Http.get(endpoint.metrics()).ifPresent((text) -> metrics.put(name, ProcessMetrics.of(text))));
		return metrics;
	}

	/** A JVM's CPU time so far (NaN when its metrics do not say) and its memory in use, from its Prometheus text. */
	record ProcessMetrics(double cpuSeconds, double memoryBytes) {

		static ProcessMetrics of(String text) {
			double cpu = Double.NaN;
			double memory = 0;
			for (String line : text.split("\n")) {
				// Micrometer 1.17's name (older ones wrote no CPU time); the kernel's 10 ms steps, as bare's /proc.
				if (line.startsWith("process_cpu_time_ns_total")) {
					cpu = Factors.value(line) / 1e9;
				}
				else if (line.startsWith("jvm_memory_used_bytes{")) {
					memory += Factors.value(line);
				}
			}
			return new ProcessMetrics(cpu, memory);
		}

	}

}
