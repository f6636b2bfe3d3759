package io.latencylab.observability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a request group's tail goes: its requests ranked by what the client measured and cut into
 * bands, and in each band every component's mean over the band's traced requests, adding up to
 * their mean client latency exactly (each request's parts add up to what its client measured, see
 * {@link Decomposition}). Set against the reference band (the median by default), the difference
 * per component is what grows in the tail.
 *
 * @param components every component met in any band, largest mean in the slowest band first
 * @param examples one real request of the reference band and one of the slowest, by band name
 */
public record BandDecomposition(String group, List<BandStats> bands, List<String> components,
		Map<String, Anatomy> examples) {

	/**
	 * One band of one group.
	 *
	 * @param requests the group's answered requests in the band
	 * @param clientMeanMs their mean client latency, traced or not
	 * @param decomposed those of them whose trace was found
	 * @param decomposedClientMeanMs the mean client latency of those, which the parts add up to
	 * @param parts component → mean ms over the decomposed requests (0 where a trace lacks it)
	 * @param frontDoorSplit how the front door splits where the server said when it read the request
	 * @param injected of the decomposed, those whose trace says an injection acted in it
	 * ({@link Decomposition#INJECTED_ATTRIBUTE}): a known answer's passes, told from the rest
	 */
	public record BandStats(Bands.Band band, int requests, double clientMeanMs, int decomposed,
			double decomposedClientMeanMs, Map<String, Double> parts, FrontDoorSplit frontDoorSplit, int injected) {

		public double part(String component) {
			return this.parts.getOrDefault(component, 0.0);
		}

		/** The parts' means added up, over the decomposed requests' mean client latency: 1 when they add up. */
		public double sumOverClient() {
			return (this.decomposed == 0) ? 0
					: this.parts.values().stream().mapToDouble(Double::doubleValue).sum() / this.decomposedClientMeanMs;
		}

	}

	/**
	 * The front door of the band's traced requests whose root span says when the server read the
	 * request ({@link Decomposition#READ_ATTRIBUTE}): their number, and the means of the part after
	 * the read (before the root span) and of the rest (before the read, or after the root span).
	 */
	public record FrontDoorSplit(int requests, double readToRootMeanMs, double restMeanMs) {
	}

	public BandStats band(String name) {
		return this.bands.stream().filter((b) -> b.band().name().equals(name)).findFirst().orElseThrow();
	}

	/** Per group, its bands; a group whose requests have no trace at all is left out. */
	public static List<BandDecomposition> of(List<Request> requests, List<Span> spans, Bands bands) {
		Map<String, List<Span>> traces = spans.stream().collect(Collectors.groupingBy(Span::traceId));
		List<BandDecomposition> result = new ArrayList<>();
		TraceSample.answeredByGroup(requests).entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach((entry) -> {
			List<Request> ranked = TraceSample.ranked(entry.getValue());
			List<BandStats> stats = new ArrayList<>();
			Map<String, Anatomy> examples = new LinkedHashMap<>();
			for (Bands.Band band : bands.bands()) {
				List<Request> in = ranked.subList(band.firstRank(ranked.size()), band.endRank(ranked.size()));
				List<Request> traced = new ArrayList<>();
				List<Map<String, Long>> samples = new ArrayList<>();
				double[] split = new double[3];
				int injected = 0;
				for (Request request : in) {
					List<Span> trace = traces.get(request.traceId());
					Span root = Decomposition.root(trace, request.parentSpanId());
					if (root != null) {
						traced.add(request);
						injected += Decomposition.injected(trace) ? 1 : 0;
						Map<String, Long> parts = Decomposition.of(trace, root, nanos(request));
						samples.add(parts);
						long read = Decomposition.readBeforeRootNanos(root, nanos(request));
						if (read >= 0) {
							split[0]++;
							split[1] += read / 1e6;
							split[2] += (parts.getOrDefault(Decomposition.FRONT_DOOR, 0L) - read) / 1e6;
						}
					}
				}
				FrontDoorSplit frontDoor = new FrontDoorSplit((int) split[0], split[1] / Math.max(1, split[0]),
						split[2] / Math.max(1, split[0]));
				stats.add(new BandStats(band, in.size(), mean(in), traced.size(), mean(traced), means(samples), frontDoor,
						injected));
				if ((band.equals(bands.reference()) || band.equals(bands.slowest())) && !traced.isEmpty()) {
					// The traced request in the middle of the band's traced ones stands for it.
					Request example = traced.get(traced.size() / 2);
					List<Span> trace = traces.get(example.traceId());
					examples.put(band.name(), Anatomy.of(band.label(), trace,
							Decomposition.root(trace, example.parentSpanId()), nanos(example)));
				}
			}
			if (stats.stream().anyMatch((s) -> s.decomposed() > 0)) {
				result.add(new BandDecomposition(entry.getKey(), stats, components(stats, bands), examples));
			}
		});
		return result;
	}

	private static long nanos(Request request) {
		return Math.round(request.durationMs() * 1e6);
	}

	private static double mean(List<Request> requests) {
		return requests.stream().mapToDouble(Request::durationMs).average().orElse(0);
	}

	/** Each component's mean over the samples, a sample without it counting 0. */
	private static Map<String, Double> means(List<Map<String, Long>> samples) {
		Map<String, Double> sums = new LinkedHashMap<>();
		samples.forEach((sample) -> sample.forEach((component, nanos) -> sums.merge(component, nanos / 1e6, Double::sum)));
		sums.replaceAll((component, sum) -> sum / samples.size());
		return sums;
	}

	private static List<String> components(List<BandStats> stats, Bands bands) {
		Set<String> names = new LinkedHashSet<>();
		stats.forEach((s) -> names.addAll(s.parts().keySet()));
		BandStats slowest = stats.stream().filter((s) -> s.band().equals(bands.slowest())).findFirst().orElseThrow();
		BandStats reference = stats.getFirst();
		return names.stream()
			.sorted(Comparator.comparingDouble((String c) -> slowest.part(c))
				.thenComparingDouble(reference::part)
				.reversed())
			.toList();
	}

}
