package io.latencylab.observability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * A step's requests as their clients would have seen them had one part taken another time
 * ({@link Projection}), beside what they saw: per request group, the mean, p50, p90 and p99, and
 * each band of the tail decomposition with its parts.
 * <p>
 * Only traced requests can be projected, and they are a sample stratified by rank: an even spread
 * over the step and a share of each band ({@link TraceSample}). Each traced request stands, by
 * weight, for the requests of its stratum (a band, or the ranks between bands) that were not
 * traced; the measured and the projected figures come from the same weighted sample, so that a
 * change of nothing projects exactly what was measured. The bands of the projection are its own:
 * its requests ranked anew by their projected latency.
 *
 * @param traced the group's requests whose trace was found, those projected
 */
public record WhatIf(String group, Projection.Change change, int traced, Figures measured, Figures projected,
		List<BandRow> bands) {

	/** A distribution's mean and percentiles, in ms. */
	public record Figures(double meanMs, double p50Ms, double p90Ms, double p99Ms) {
	}

	/** One band, measured and projected: its clients' mean and each part's mean, in ms. */
	public record BandRow(Bands.Band band, double measuredMs, double projectedMs, Map<String, Double> measuredParts,
			Map<String, Double> projectedParts) {
	}

	/** A group's part gone and twice as long: the client's figures measured, and projected each way. */
	public record Sensitivity(String group, String part, double partMeanMs, Figures measured, Figures ifNone,
			Figures ifTwice) {
	}

	/** One traced request, measured and projected, with the weight it carries. */
	private record Sample(double weight, long measured, Map<String, Long> measuredParts, long projected,
			Map<String, Long> projectedParts) {
	}

	public static List<WhatIf> of(List<Request> requests, List<Span> spans, Bands bands, Projection.Change change) {
		return of(requests, spans.stream().collect(Collectors.groupingBy(Span::traceId)), bands, change, true);
	}

	/**
	 * Per group, its {@code most} largest parts by mean (as {@code decomposition} ranks them), each
	 * projected gone (×0) and twice as long (×2): what the report prints per step.
	 */
	public static List<Sensitivity> sensitivities(List<Request> requests, List<Span> spans, Bands bands,
			List<GroupDecomposition> decomposition, int most) {
		Map<String, List<Span>> traces = spans.stream().collect(Collectors.groupingBy(Span::traceId));
		List<Sensitivity> result = new ArrayList<>();
		for (GroupDecomposition group : decomposition) {
			List<Request> ofGroup = requests.stream().filter((r) -> r.group().equals(group.group())).toList();
			for (GroupDecomposition.ComponentStats part : group.components().stream().limit(most).toList()) {
				List<WhatIf> none = of(ofGroup, traces, bands, Projection.Change.scaled(part.component(), 0), false);
				List<WhatIf> twice = of(ofGroup, traces, bands, Projection.Change.scaled(part.component(), 2), false);
				if (!none.isEmpty() && !twice.isEmpty()) {
					result.add(new Sensitivity(group.group(), part.component(), part.meanMs(), none.getFirst().measured(),
							none.getFirst().projected(), twice.getFirst().projected()));
				}
			}
		}
		return result;
	}

	/**
	 * How many of the requests were in flight at once, on average over the step (Little's law: their
	 * time added over the step's span). Above one they overlapped, and could wait for one another:
	 * what a projection of each request alone cannot know.
	 */
	public static double meanInFlight(List<Request> requests) {
		List<Request> answered = requests.stream().filter((r) -> r.status() != 0).toList();
		if (answered.isEmpty()) {
			return 0;
		}
		long start = answered.stream().mapToLong(Request::startMillis).min().orElseThrow();
		long end = answered.stream().mapToLong(Request::endMillis).max().orElseThrow();
		double busyMs = answered.stream().mapToDouble(Request::durationMs).sum();
		return busyMs / Math.max(1, end - start);
	}

	/** @param withParts whether to decompose each request, for the bands' parts (the figures need none) */
	private static List<WhatIf> of(List<Request> requests, Map<String, List<Span>> traces, Bands bands,
			Projection.Change change, boolean withParts) {
		List<WhatIf> result = new ArrayList<>();
		TraceSample.answeredByGroup(requests).entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach((entry) -> {
			List<Sample> samples = samples(TraceSample.ranked(entry.getValue()), traces, bands, change, withParts);
			if (samples.isEmpty()) {
				return;
			}
			List<BandRow> rows = new ArrayList<>();
			for (Bands.Band band : bands.bands()) {
				List<Sample> measuredIn = in(samples, band, Sample::measured);
				List<Sample> projectedIn = in(samples, band, Sample::projected);
				rows.add(new BandRow(band, mean(measuredIn, Sample::measured), mean(projectedIn, Sample::projected),
						parts(measuredIn, true), parts(projectedIn, false)));
			}
			result.add(new WhatIf(entry.getKey(), change, samples.size(), figures(samples, Sample::measured),
					figures(samples, Sample::projected), rows));
		});
		return result;
	}

	/** One traced request with the weight it carries for its stratum. */
	private record Traced(Request request, List<Span> trace, Span root, double weight) {
	}

	/** The group's traced requests, each weighted for its stratum, measured and projected. */
	private static List<Sample> samples(List<Request> ranked, Map<String, List<Span>> traces, Bands bands,
			Projection.Change change, boolean withParts) {
		List<Traced> traced = traced(ranked, traces, bands);
		Set<String> changed = changed(traced, change.which());
		List<Sample> samples = new ArrayList<>();
		for (Traced each : traced) {
			long measured = Math.round(each.request().durationMs() * 1e6);
			Map<String, Long> measuredParts = withParts ? Decomposition.of(each.trace(), each.root(), measured) : Map.of();
			if (changed.contains(each.request().traceId())) {
				Projection.Projected projected = Projection.of(each.trace(), each.root(), measured, change);
				samples.add(new Sample(each.weight(), measured, measuredParts, projected.clientNanos(),
						withParts ? projected.parts() : Map.of()));
			}
			else {
				samples.add(new Sample(each.weight(), measured, measuredParts, measured, measuredParts));
			}
		}
		return samples;
	}

	/** The requests whose trace was found, each weighted for the untraced ones of its stratum. */
	private static List<Traced> traced(List<Request> ranked, Map<String, List<Span>> traces, Bands bands) {
		int n = ranked.size();
		TreeSet<Integer> cuts = new TreeSet<>(List.of(0, n));
		bands.bands().forEach((band) -> {
			cuts.add(band.firstRank(n));
			cuts.add(band.endRank(n));
		});
		List<Traced> traced = new ArrayList<>();
		List<Integer> bounds = new ArrayList<>(cuts);
		for (int s = 0; s + 1 < bounds.size(); s++) {
			List<Traced> stratum = new ArrayList<>();
			for (Request request : ranked.subList(bounds.get(s), bounds.get(s + 1))) {
				List<Span> trace = traces.get(request.traceId());
				Span root = Decomposition.root(trace, request.parentSpanId());
				if (root != null) {
					stratum.add(new Traced(request, trace, root, 0));
				}
			}
			double weight = (bounds.get(s + 1) - bounds.get(s)) / (double) Math.max(1, stratum.size());
			stratum.forEach((each) -> traced.add(new Traced(each.request(), each.trace(), each.root(), weight)));
		}
		return traced;
	}

	/**
	 * The trace ids the change acts on: all; those an injection acted in; or, for a share, the
	 * requests with the lowest draws ({@link Projection.Which#draw}) until their weight is that share
	 * of the group's: as many requests as the share says, not a count left to chance.
	 */
	private static Set<String> changed(List<Traced> traced, Projection.Which which) {
		Set<String> ids = new HashSet<>();
		if (which.injectedOnly()) {
			traced.stream().filter((t) -> Decomposition.injected(t.trace())).forEach((t) -> ids.add(t.request().traceId()));
			return ids;
		}
		double total = traced.stream().mapToDouble(Traced::weight).sum();
		double taken = 0;
		for (Traced each : traced.stream()
			.sorted(Comparator.comparingDouble((Traced t) -> Projection.Which.draw(t.request().traceId())))
			.toList()) {
			if (taken + each.weight() / 2 > which.share() * total) {
				break;
			}
			ids.add(each.request().traceId());
			taken += each.weight();
		}
		return ids;
	}

	private static Figures figures(List<Sample> samples, ToLongFunction<Sample> value) {
		List<Sample> sorted = samples.stream().sorted(Comparator.comparingLong(value)).toList();
		return new Figures(mean(samples, value), percentile(sorted, value, 50), percentile(sorted, value, 90),
				percentile(sorted, value, 99));
	}

	/** The value at or below which {@code percentile}% of the weight lies. */
	private static double percentile(List<Sample> sorted, ToLongFunction<Sample> value, double percentile) {
		double total = sorted.stream().mapToDouble(Sample::weight).sum();
		double cumulative = 0;
		for (Sample sample : sorted) {
			cumulative += sample.weight();
			if (cumulative >= total * percentile / 100 * (1 - 1e-12)) {
				return value.applyAsLong(sample) / 1e6;
			}
		}
		return sorted.isEmpty() ? 0 : value.applyAsLong(sorted.getLast()) / 1e6;
	}

	/** The samples whose weighted rank by {@code value} (the middle of their weight) falls in the band. */
	private static List<Sample> in(List<Sample> samples, Bands.Band band, ToLongFunction<Sample> value) {
		List<Sample> sorted = samples.stream().sorted(Comparator.comparingLong(value)).toList();
		double total = sorted.stream().mapToDouble(Sample::weight).sum();
		List<Sample> in = new ArrayList<>();
		double before = 0;
		for (Sample sample : sorted) {
			double middle = (before + sample.weight() / 2) / total * 100;
			if (middle >= band.from() && middle < band.to()) {
				in.add(sample);
			}
			before += sample.weight();
		}
		return in;
	}

	private static double mean(List<Sample> samples, ToLongFunction<Sample> value) {
		double weight = samples.stream().mapToDouble(Sample::weight).sum();
		return (weight == 0) ? 0
				: samples.stream().mapToDouble((s) -> s.weight() * value.applyAsLong(s)).sum() / weight / 1e6;
	}

	/** Each part's weighted mean in ms over the samples (0 where a request lacks it), largest first. */
	private static Map<String, Double> parts(List<Sample> samples, boolean measured) {
		double weight = samples.stream().mapToDouble(Sample::weight).sum();
		Map<String, Double> sums = new LinkedHashMap<>();
		for (Sample sample : samples) {
			(measured ? sample.measuredParts() : sample.projectedParts())
				.forEach((part, nanos) -> sums.merge(part, sample.weight() * nanos / 1e6, Double::sum));
		}
		Map<String, Double> means = new LinkedHashMap<>();
		sums.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Double>comparingByValue().reversed())
			.forEach((e) -> means.put(e.getKey(), (weight == 0) ? 0 : e.getValue() / weight));
		return means;
	}

}
