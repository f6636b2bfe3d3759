package io.latencylab.observability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A request group's decomposition: the components of the latency of every request whose trace
 * was found, summarised over those requests.
 *
 * @param requests the group's requests
 * @param decomposed the requests whose trace was found, root span included
 * @param client what the client measured for the decomposed requests
 * @param components largest mean first
 * @param overrun the decomposed requests whose root server span outlasted the client's measurement
 */
public record GroupDecomposition(String group, long requests, int decomposed, ComponentStats client,
		List<ComponentStats> components, Overrun overrun) {

	/**
	 * The requests whose root server span ran on after the client had its answer, and by how much
	 * (mean and most, over those requests). That time is left out of the components.
	 */
	public record Overrun(int requests, double meanMs, double maxMs) {

		static Overrun of(List<Long> nanos) {
			List<Long> over = nanos.stream().filter((n) -> n > 0).toList();
			if (over.isEmpty()) {
				return new Overrun(0, 0, 0);
			}
			return new Overrun(over.size(), over.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6,
					over.stream().mapToLong(Long::longValue).max().orElse(0) / 1e6);
		}

	}

	/** The components' means added up, over the client's mean: 1 when the parts add up. */
	public double sumOverClient() {
		return this.components.stream().mapToDouble(ComponentStats::meanMs).sum() / Math.max(1e-12, this.client.meanMs());
	}

	/** One component's share of the latency over the decomposed requests (0 where a trace lacks it). */
	public record ComponentStats(String component, double meanMs, double p50Ms, double p99Ms) {

		static ComponentStats of(String name, List<Long> nanos) {
			Latencies latencies = Latencies.ofNanos(nanos);
			return new ComponentStats(name, latencies.meanMs(), latencies.percentileMs(50), latencies.percentileMs(99));
		}

	}

	/**
	 * Per request group, the decomposition of every request of the even spread (see
	 * {@link TraceSample#evenSpread}) whose trace is among {@code spans}. The traces kept for the
	 * bands besides are left out: they would weigh the mean towards the tail.
	 */
	public static List<GroupDecomposition> of(List<Request> requests, List<Span> spans) {
		Map<String, String> evenSpread = TraceSample.evenSpread(requests, TraceSample.PER_GROUP);
		Map<String, List<Span>> traces = spans.stream().collect(Collectors.groupingBy(Span::traceId));
		Map<String, List<Request>> byGroup = requests.stream()
			.collect(Collectors.groupingBy(Request::group, TreeMap::new, Collectors.toList()));
		List<GroupDecomposition> result = new ArrayList<>();
		byGroup.forEach((group, list) -> {
			List<Map<String, Long>> samples = new ArrayList<>();
			List<Long> client = new ArrayList<>();
			List<Long> overruns = new ArrayList<>();
			for (Request request : list) {
				List<Span> trace = traces.get(request.traceId());
				Span root = Decomposition.root(trace, request.parentSpanId());
				if (root != null && evenSpread.containsKey(request.traceId())) {
					long observed = Math.round(request.durationMs() * 1e6);
					samples.add(Decomposition.of(trace, root, observed));
					client.add(observed);
					overruns.add(Decomposition.overrunNanos(root, observed));
				}
			}
			if (!samples.isEmpty()) {
				result.add(new GroupDecomposition(group, list.size(), samples.size(), ComponentStats.of("client observed", client),
						components(samples), Overrun.of(overruns)));
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
		values.forEach((component, list) -> stats.add(ComponentStats.of(component, list)));
		stats.sort(Comparator.comparingDouble(ComponentStats::meanMs).reversed());
		return stats;
	}

	public ComponentStats component(String name) {
		return this.components.stream()
			.filter((c) -> c.component().equals(name))
			.findFirst()
			.orElse(new ComponentStats(name, 0, 0, 0));
	}

}
