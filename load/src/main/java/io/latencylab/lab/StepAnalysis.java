package io.latencylab.lab;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.latencylab.observability.Decomposition;
import io.latencylab.observability.Span;
import org.HdrHistogram.Histogram;

/** The figures of one step: latency per request group, and the decomposition from its traces. */
public final class StepAnalysis {

	/** Latency as the virtual users measured it, for one request group. */
	public record GroupStats(String group, long count, long errors, Map<String, Long> errorsByType, double meanMs,
			double stdDevMs, double p50Ms, double p95Ms, double p99Ms, double maxMs, double throughputPerSec) {

		public double errorPercent() {
			return (this.count == 0) ? 0 : 100.0 * this.errors / this.count;
		}

	}

	/** One component's share of the latency over the decomposed requests (0 where a trace lacks it). */
	public record ComponentStats(String component, double meanMs, double p50Ms, double p99Ms) {
	}

	/**
	 * A request group's decomposition.
	 *
	 * @param decomposed the requests whose trace was found, root span included
	 * @param client what the client measured for those requests
	 */
	public record GroupDecomposition(String group, long requests, int decomposed, ComponentStats client,
			List<ComponentStats> components) {
	}

	private StepAnalysis() {
	}

	public static List<GroupStats> stats(List<Request> requests) {
		Map<String, List<Request>> byGroup = requests.stream()
			.collect(Collectors.groupingBy(Request::group, TreeMap::new, Collectors.toList()));
		List<GroupStats> stats = new ArrayList<>();
		byGroup.forEach((group, list) -> stats.add(stats(group, list)));
		return stats;
	}

	public static GroupStats stats(String group, List<Request> requests) {
		Histogram histogram = new Histogram(3_600_000_000L, 3);
		Map<String, Long> errors = new TreeMap<>();
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		for (Request r : requests) {
			histogram.recordValue(Math.min(Math.max(1, Math.round(r.durationMs() * 1000)), histogram.getHighestTrackableValue()));
			if (!r.ok()) {
				errors.merge(r.errorType(), 1L, Long::sum);
			}
			first = Math.min(first, r.startMillis());
			last = Math.max(last, r.endMillis());
		}
		long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
		double seconds = Math.max(0.001, (last - first) / 1000.0);
		return new GroupStats(group, requests.size(), errorCount, errors, histogram.getMean() / 1000,
				histogram.getStdDeviation() / 1000, histogram.getValueAtPercentile(50) / 1000.0,
				histogram.getValueAtPercentile(95) / 1000.0, histogram.getValueAtPercentile(99) / 1000.0,
				histogram.getMaxValue() / 1000.0, requests.size() / seconds);
	}

	/** Per request group, the components of the latency of every request whose trace is among {@code spans}. */
	public static List<GroupDecomposition> decompose(List<Request> requests, List<Span> spans) {
		Map<String, List<Span>> traces = spans.stream().collect(Collectors.groupingBy(Span::traceId));
		Map<String, List<Request>> byGroup = requests.stream()
			.collect(Collectors.groupingBy(Request::group, TreeMap::new, Collectors.toList()));
		List<GroupDecomposition> result = new ArrayList<>();
		byGroup.forEach((group, list) -> {
			List<Map<String, Long>> samples = new ArrayList<>();
			List<Long> client = new ArrayList<>();
			for (Request request : list) {
				List<Span> trace = traces.get(request.traceId());
				if (trace == null) {
					continue;
				}
				Span root = trace.stream()
					.filter((s) -> s.parentSpanId().equals(request.parentSpanId()))
					.findFirst()
					.orElse(null);
				if (root != null) {
					long observed = Math.round(request.durationMs() * 1e6);
					samples.add(Decomposition.of(trace, root, observed));
					client.add(observed);
				}
			}
			if (!samples.isEmpty()) {
				result.add(new GroupDecomposition(group, list.size(), samples.size(), summarize("client observed", client),
						components(samples)));
			}
		});
		return result;
	}

	/** Every component's mean, p50 and p99, largest mean first; a trace without a component adds 0 to it. */
	static List<ComponentStats> components(List<Map<String, Long>> samples) {
		Map<String, List<Long>> values = new LinkedHashMap<>();
		samples.forEach((sample) -> sample.keySet().forEach((c) -> values.putIfAbsent(c, new ArrayList<>())));
		for (Map<String, Long> sample : samples) {
			values.forEach((component, list) -> list.add(sample.getOrDefault(component, 0L)));
		}
		List<ComponentStats> stats = new ArrayList<>();
		values.forEach((component, list) -> stats.add(summarize(component, list)));
		stats.sort(Comparator.comparingDouble(ComponentStats::meanMs).reversed());
		return stats;
	}

	static ComponentStats summarize(String name, List<Long> nanos) {
		List<Long> sorted = new ArrayList<>(nanos);
		sorted.sort(Long::compare);
		double mean = sorted.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6;
		return new ComponentStats(name, mean, percentile(sorted, 50) / 1e6, percentile(sorted, 99) / 1e6);
	}

	/** Nearest rank: the smallest value with at least p% of the values at or below it. */
	static long percentile(List<Long> sorted, double p) {
		if (sorted.isEmpty()) {
			return 0;
		}
		int rank = (int) Math.ceil(p / 100 * sorted.size());
		return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
	}

	/** Requests, mean latency and errors per second of a step, from its first request on. */
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

	/** The group's stats by name, for the seed tables. */
	static Map<String, GroupStats> byGroup(List<GroupStats> stats) {
		Map<String, GroupStats> map = new HashMap<>();
		stats.forEach((s) -> map.put(s.group(), s));
		return map;
	}

}
