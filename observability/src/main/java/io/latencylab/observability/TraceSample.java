package io.latencylab.observability;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which requests' traces the lab keeps, chosen after a step from every request's client latency
 * (tail-based sampling, done where the lab collects the spans): an even spread over the step for
 * the decomposition of the mean, and in each band an even spread over its ranks, so that the
 * slowest requests are traced however rare they are. Only requests that got an answer and were
 * sent with a span id count.
 */
public final class TraceSample {

	/** The even spread kept per request group and step: enough for a p99, small enough to store. */
	public static final int PER_GROUP = 1000;

	/** Kept per band besides, per request group and step. */
	public static final int PER_BAND = 500;

	private TraceSample() {
	}

	/** Trace id → the span id it was sent as: the even spread and every band's share. */
	public static Map<String, String> of(List<Request> requests, Bands bands) {
		Map<String, String> wanted = new LinkedHashMap<>(evenSpread(requests, PER_GROUP));
		wanted.putAll(bands(requests, bands, PER_BAND));
		return wanted;
	}

	/**
	 * Every answered request of a group, or an even spread of {@code perGroup} of them over the
	 * step in a larger group. Trace id → the span id it was sent as.
	 */
	public static Map<String, String> evenSpread(List<Request> requests, int perGroup) {
		Map<String, String> wanted = new LinkedHashMap<>();
		answeredByGroup(requests).values().forEach((group) -> spread(group, perGroup, wanted));
		return wanted;
	}

	/** In each group and band, its requests or an even spread of {@code perBand} of them by rank. */
	public static Map<String, String> bands(List<Request> requests, Bands bands, int perBand) {
		Map<String, String> wanted = new LinkedHashMap<>();
		answeredByGroup(requests).values().forEach((group) -> {
			List<Request> ranked = ranked(group);
			for (Bands.Band band : bands.bands()) {
				List<Request> in = ranked.subList(band.firstRank(ranked.size()), band.endRank(ranked.size()));
				int count = Math.min(perBand, in.size());
				for (long k = 0; k < count; k++) {
					Request request = in.get((int) (k * in.size() / count));
					wanted.put(request.traceId(), request.parentSpanId());
				}
			}
		});
		return wanted;
	}

	/** A group's requests, fastest first; equal latencies in the order sent. */
	static List<Request> ranked(List<Request> group) {
		return group.stream().sorted(Comparator.comparingDouble(Request::durationMs)).toList();
	}

	static boolean answered(Request request) {
		return request.status() != 0 && !request.parentSpanId().isEmpty();
	}

	static Map<String, List<Request>> answeredByGroup(List<Request> requests) {
		return requests.stream()
			.filter(TraceSample::answered)
			.collect(Collectors.groupingBy(Request::group, LinkedHashMap::new, Collectors.toList()));
	}

	/** The stride as the lab has always taken it, so that older runs' traces are found again. */
	private static void spread(List<Request> requests, int most, Map<String, String> wanted) {
		double stride = Math.max(1.0, requests.size() / (double) most);
		for (double i = 0; i < requests.size(); i += stride) {
			Request request = requests.get((int) i);
			wanted.put(request.traceId(), request.parentSpanId());
		}
	}

}
