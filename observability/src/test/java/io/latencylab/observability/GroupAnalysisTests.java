package io.latencylab.observability;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Group statistics and decomposition of client-observed requests, as every report computes them. */
class GroupAnalysisTests {

	private static final long MS = 1_000_000;

	static Span span(String trace, String service, String id, String parent, String name, int kind, long startMs, long endMs) {
		return new Span(service, trace, id, parent, name, kind, startMs * MS, endMs * MS, false, Map.of());
	}

	/** A buy: 10 ms front door, 20 ms in the front end, 60 ms in the order service behind a 10 ms hop. */
	static List<Span> buyTrace(String trace, String sent, long extraCommitMs) {
		return List.of(span(trace, "front", trace + "1", sent, "post /orders", Span.SERVER, 0, 90 + extraCommitMs),
				span(trace, "front", trace + "2", trace + "1", "Orders/Buy", Span.CLIENT, 20, 90 + extraCommitMs),
				span(trace, "order", trace + "3", trace + "2", "Orders/Buy", Span.SERVER, 25, 85 + extraCommitMs),
				span(trace, "order", trace + "4", trace + "3", "commit", Span.INTERNAL, 40, 70 + extraCommitMs));
	}

	@Test
	void findsTheRootThroughTheSentSpanAndSplitsWhatTheClientSaw() {
		List<Request> requests = List.of(new Request("buy", "t1", 0, 100, 200, "s1", true),
				new Request("buy", "t2", 0, 120, 200, "s2", true),
				// Its trace never arrived: counted, not decomposed.
				new Request("buy", "t3", 0, 500, 200, "s3", true));
		List<Span> spans = new java.util.ArrayList<>(buyTrace("t1", "s1", 0));
		spans.addAll(buyTrace("t2", "s2", 20));
		List<GroupDecomposition> groups = GroupDecomposition.of(requests, spans);
		assertThat(groups).hasSize(1);
		GroupDecomposition buy = groups.getFirst();
		assertThat(buy.requests()).isEqualTo(3);
		assertThat(buy.decomposed()).isEqualTo(2);
		Map<String, GroupDecomposition.ComponentStats> byName = new java.util.HashMap<>();
		buy.components().forEach((c) -> byName.put(c.component(), c));
		assertThat(byName.get("front door").meanMs()).isCloseTo(10, within(1e-9));
		assertThat(byName.get("order: commit").meanMs()).isCloseTo(40, within(1e-9));
		assertThat(byName.get("order: commit").p99Ms()).isCloseTo(50, within(0.005)); // HdrHistogram: 2 µs buckets above 32.768 ms;
		assertThat(byName.get("network + queueing: front → Orders/Buy").meanMs()).isCloseTo(10, within(1e-9));
		double sum = buy.components().stream().mapToDouble(GroupDecomposition.ComponentStats::meanMs).sum();
		assertThat(sum).isCloseTo(buy.client().meanMs(), within(1e-9));
		assertThat(buy.client().meanMs()).isCloseTo(110, within(1e-9));
		assertThat(buy.sumOverClient()).isCloseTo(1.0, within(1e-12));
		assertThat(buy.overrun().requests()).isZero();
		// Largest mean first.
		assertThat(buy.components().getFirst().component()).isEqualTo("order: commit");
	}

	@Test
	void rootSpansThatOutlastTheirClientAreCountedAndThePartsStillAddUp() {
		// Root spans of 90 ms; one client saw 100 ms, the other only 85 (the span ran 5 ms on).
		List<Request> requests = List.of(new Request("buy", "t1", 0, 100, 200, "s1", true),
				new Request("buy", "t2", 0, 85, 200, "s2", true));
		List<Span> spans = new java.util.ArrayList<>(buyTrace("t1", "s1", 0));
		spans.addAll(buyTrace("t2", "s2", 0));
		GroupDecomposition buy = GroupDecomposition.of(requests, spans).getFirst();
		assertThat(buy.client().meanMs()).isCloseTo(92.5, within(1e-9));
		assertThat(buy.sumOverClient()).isCloseTo(1.0, within(1e-12));
		assertThat(buy.overrun().requests()).isEqualTo(1);
		assertThat(buy.overrun().meanMs()).isCloseTo(5, within(1e-9));
		assertThat(buy.overrun().maxMs()).isCloseTo(5, within(1e-9));
	}

	@Test
	void statsCountErrorsByTypeAndTakeHistogramPercentiles() {
		List<Request> requests = new java.util.ArrayList<>();
		for (int i = 1; i <= 100; i++) {
			requests.add(new Request("get", "t" + i, 1000L * i, i, 200, "s", true));
		}
		requests.add(new Request("get", "x", 0, 3, 503, "s", false));
		requests.add(new Request("get", "y", 0, 3, 0, "s", false));
		GroupStats stats = GroupStats.byGroup(requests).getFirst();
		assertThat(stats.count()).isEqualTo(102);
		assertThat(stats.errorsByType()).containsEntry("HTTP 503", 1L).containsEntry("no response", 1L);
		assertThat(stats.p50Ms()).isCloseTo(49, within(0.1));
		assertThat(stats.p99Ms()).isCloseTo(99, within(0.1));
		assertThat(stats.maxMs()).isCloseTo(100, within(0.1));
	}

	@Test
	void percentilesComeFromOneHdrHistogramExactToTheMicrosecondBelow32ms() {
		Latencies latencies = new Latencies();
		for (long ms = 1; ms <= 200; ms++) {
			latencies.recordMillis(ms / 10.0);
		}
		assertThat(latencies.percentileMs(50)).isEqualTo(10.0);
		assertThat(latencies.percentileMs(99)).isEqualTo(19.8);
		assertThat(latencies.meanMs()).isCloseTo(10.05, within(1e-9));
		assertThat(latencies.maxMs()).isEqualTo(20.0);
		// Above 32.768 ms a bucket is 2 µs wide, within 0.01 %.
		Latencies slow = Latencies.ofNanos(List.of(1_234_567_891L));
		assertThat(slow.percentileMs(50)).isCloseTo(1234.568, within(1234.568 * 1e-4));
		assertThat(slow.meanMs()).isCloseTo(1234.567891, within(1e-6));
	}

}
