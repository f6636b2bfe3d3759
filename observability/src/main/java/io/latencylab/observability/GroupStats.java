package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Latency as the clients measured it, for one request group.
 *
 * @param throughputPerSec requests per second from the group's first start to its last end
 */
public record GroupStats(String group, long count, long errors, Map<String, Long> errorsByType, double meanMs,
		double stdDevMs, double p50Ms, double p95Ms, double p99Ms, double maxMs, double throughputPerSec) {

	public double errorPercent() {
		return (this.count == 0) ? 0 : 100.0 * this.errors / this.count;
	}

	/** One entry per request group, by name. */
	public static List<GroupStats> byGroup(List<Request> requests) {
		Map<String, List<Request>> groups = requests.stream()
			.collect(Collectors.groupingBy(Request::group, TreeMap::new, Collectors.toList()));
		List<GroupStats> stats = new ArrayList<>();
		groups.forEach((group, list) -> stats.add(of(group, list)));
		return stats;
	}

	public static GroupStats of(String group, List<Request> requests) {
		Latencies latencies = new Latencies();
		Map<String, Long> errors = new TreeMap<>();
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		for (Request r : requests) {
			latencies.recordMillis(r.durationMs());
			if (!r.ok()) {
				errors.merge(r.errorType(), 1L, Long::sum);
			}
			first = Math.min(first, r.startMillis());
			last = Math.max(last, r.endMillis());
		}
		long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
		double seconds = Math.max(0.001, (last - first) / 1000.0);
		return new GroupStats(group, requests.size(), errorCount, errors, latencies.meanMs(), latencies.stdDevMs(),
				latencies.percentileMs(50), latencies.percentileMs(95), latencies.percentileMs(99), latencies.maxMs(),
				requests.size() / seconds);
	}

	/** Per second from the first request's start: {second, requests ended, their mean ms, errors}. */
	public static List<double[]> timeline(List<Request> requests) {
		if (requests.isEmpty()) {
			return List.of();
		}
		long start = requests.stream().mapToLong(Request::startMillis).min().orElseThrow();
		Map<Long, double[]> seconds = new TreeMap<>();
		for (Request r : requests) {
			double[] bin = seconds.computeIfAbsent((r.endMillis() - start) / 1000, (s) -> new double[3]);
			bin[0]++;
			bin[1] += r.durationMs();
			bin[2] += r.ok() ? 0 : 1;
		}
		List<double[]> rows = new ArrayList<>();
		seconds.forEach((second, bin) -> rows.add(new double[] { second, bin[0], bin[1] / bin[0], bin[2] }));
		return rows;
	}

}
