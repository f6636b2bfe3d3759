package io.latencylab.observability;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DecompositionTests {

	private static final long MS = 1_000_000;

	private static Span span(String service, String id, String parent, String name, int kind, long startMs, long endMs) {
		return new Span(service, "t", id, parent, name, kind, startMs * MS, endMs * MS, false, Map.of());
	}

	private static long sum(Map<String, Long> components) {
		return components.values().stream().mapToLong(Long::longValue).sum();
	}

	@Test
	void sequentialChildrenAndAHopAddUpToWhatTheClientSaw() {
		Span root = span("front", "a", "p", "GET /x", Span.SERVER, 0, 100);
		List<Span> trace = List.of(root, span("front", "b", "a", "db", Span.INTERNAL, 10, 30),
				span("front", "c", "a", "call back", Span.CLIENT, 40, 90),
				span("back", "d", "c", "serve", Span.SERVER, 45, 85));
		Map<String, Long> parts = Decomposition.of(trace, root, 110 * MS);
		assertThat(parts).containsEntry(Decomposition.FRONT_DOOR, 10 * MS)
			.containsEntry("front: GET /x", (10 + 10 + 10) * MS)
			.containsEntry("front: db", 20 * MS)
			.containsEntry("network + queueing: front → call back", 10 * MS)
			.containsEntry("back: serve", 40 * MS);
		assertThat(sum(parts)).isEqualTo(110 * MS);
	}

	@Test
	void aRootThatOutlastsTheClientLosesItsTailAndTheRestStillAddsUp() {
		// The client had its answer at 80 ms; the server span ran to 100 (a child ended at 90).
		Span root = span("s", "a", "p", "GET /x", Span.SERVER, 0, 100);
		List<Span> trace = List.of(root, span("s", "b", "a", "render", Span.INTERNAL, 50, 90));
		Map<String, Long> parts = Decomposition.of(trace, root, 80 * MS);
		assertThat(parts).containsEntry(Decomposition.FRONT_DOOR, 0L)
			.containsEntry("s: render", 30 * MS)
			.containsEntry("s: GET /x", 50 * MS);
		assertThat(sum(parts)).isEqualTo(80 * MS);
		assertThat(Decomposition.overrunNanos(root, 80 * MS)).isEqualTo(20 * MS);
		assertThat(Decomposition.overrunNanos(root, 120 * MS)).isZero();
	}

	@Test
	void concurrentChildrenCountOnlyAlongTheCriticalPath() {
		Span root = span("s", "a", "p", "root", Span.SERVER, 0, 100);
		// Two calls in parallel: 10..60 and 20..90. The parent waited for the second.
		List<Span> trace = List.of(root, span("s", "b", "a", "first", Span.INTERNAL, 10, 60),
				span("s", "c", "a", "second", Span.INTERNAL, 20, 90));
		Map<String, Long> parts = Decomposition.of(trace, root, -1);
		assertThat(parts).containsEntry("s: second", 70 * MS)
			.containsEntry("s: first", 10 * MS)
			.containsEntry("s: root", 20 * MS);
		assertThat(sum(parts)).isEqualTo(100 * MS);
	}

	@Test
	void aChildFullyInsideAnotherConcurrentOneAddsNothing() {
		Span root = span("s", "a", "p", "root", Span.SERVER, 0, 100);
		List<Span> trace = List.of(root, span("s", "b", "a", "long", Span.INTERNAL, 10, 90),
				span("s", "c", "a", "short", Span.INTERNAL, 30, 50));
		Map<String, Long> parts = Decomposition.of(trace, root, -1);
		assertThat(parts).containsEntry("s: long", 80 * MS).containsEntry("s: root", 20 * MS);
		assertThat(parts.getOrDefault("s: short", 0L)).isZero();
		assertThat(sum(parts)).isEqualTo(100 * MS);
	}

	@Test
	void aChildThatOutlivesItsParentIsClippedToIt() {
		Span root = span("s", "a", "p", "root", Span.SERVER, 0, 50);
		List<Span> trace = List.of(root, span("s", "b", "a", "async", Span.INTERNAL, 20, 80));
		Map<String, Long> parts = Decomposition.of(trace, root, 50 * MS);
		assertThat(parts).containsEntry("s: async", 30 * MS).containsEntry("s: root", 20 * MS);
		assertThat(sum(parts)).isEqualTo(50 * MS);
	}

	@Test
	void jdbcQueriesOpenedAsSiblingsOfTheirConnectionCountInsideIt() {
		Span root = span("db-user", "a", "p", "Buy", Span.SERVER, 0, 100);
		// As datasource-micrometer reports them: connection, query and commit all children of Buy.
		List<Span> trace = List.of(root, span("db-user", "c", "a", "connection", Span.CLIENT, 10, 90),
				span("db-user", "q", "a", "query", Span.CLIENT, 20, 40),
				span("db-user", "k", "a", "commit", Span.INTERNAL, 60, 85));
		Map<String, Long> parts = Decomposition.of(trace, root, -1);
		assertThat(parts).containsEntry("db-user: query", 20 * MS)
			.containsEntry("db-user: commit", 25 * MS)
			.containsEntry("db-user: connection", 35 * MS)
			.containsEntry("db-user: Buy", 20 * MS);
		assertThat(sum(parts)).isEqualTo(100 * MS);
	}

	@Test
	void parallelCallsToTracedServicesAreNotNested() {
		Span root = span("s", "a", "p", "root", Span.SERVER, 0, 100);
		List<Span> trace = List.of(root, span("s", "b", "a", "slow call", Span.CLIENT, 10, 90),
				span("t", "bs", "b", "slow serve", Span.SERVER, 12, 88),
				span("s", "c", "a", "fast call", Span.CLIENT, 30, 50),
				span("u", "cs", "c", "fast serve", Span.SERVER, 32, 48));
		Map<String, Long> parts = Decomposition.of(trace, root, -1);
		assertThat(parts).containsEntry("t: slow serve", 76 * MS)
			.containsEntry("network + queueing: s → slow call", 4 * MS)
			.doesNotContainKey("u: fast serve");
		assertThat(sum(parts)).isEqualTo(100 * MS);
	}

	/** A buy's shape: front → catalog (its commit) and front → orders → catalog, the callee's clock skewed by {@code skewMs}. */
	private static List<Span> threeServices(long catalogSkewMs, long ordersSkewMs) {
		long c = catalogSkewMs;
		long o = ordersSkewMs;
		return List.of(span("front", "a", "p", "POST /orders", Span.SERVER, 0, 100),
				span("front", "b", "a", "Catalog/Buy", Span.CLIENT, 5, 45),
				span("catalog", "bs", "b", "Catalog/Buy", Span.SERVER, 7 + c, 43 + c),
				span("catalog", "bc", "bs", "commit", Span.INTERNAL, 20 + c, 40 + c),
				span("front", "d", "a", "Orders/Place", Span.CLIENT, 50, 95),
				span("orders", "ds", "d", "Orders/Place", Span.SERVER, 53 + o, 91 + o),
				span("orders", "dc", "ds", "Catalog/Reserve", Span.CLIENT, 60 + o, 80 + o),
				span("catalog", "dcs", "dc", "Catalog/Reserve", Span.SERVER, 62 + c, 78 + c));
	}

	@Test
	void hostsWhoseClocksDisagreeByFiftyMillisecondsChangeNothing() {
		List<Span> agreed = threeServices(0, 0);
		Map<String, Long> expected = Decomposition.of(agreed, agreed.getFirst(), 104 * MS);
		assertThat(expected).containsEntry("network + queueing: front → Catalog/Buy", 4 * MS)
			.containsEntry("catalog: commit", 20 * MS)
			.containsEntry("network + queueing: orders → Catalog/Reserve", 4 * MS);
		for (long[] skew : new long[][] { { 50, 0 }, { -50, 0 }, { 0, 50 }, { 0, -50 }, { 50, -50 }, { -50, 50 } }) {
			List<Span> skewed = threeServices(skew[0], skew[1]);
			assertThat(Decomposition.of(skewed, skewed.getFirst(), 104 * MS)).as("catalog %+d ms, orders %+d ms", skew[0], skew[1])
				.isEqualTo(expected);
		}
	}

	@Test
	void aCalleeLongerThanItsCallerOnItsOwnClockHasNoNetworkTimeAndIsClippedToTheCall() {
		// The callee's clock runs fast: 44 ms of server inside a 40 ms call.
		Span root = span("front", "a", "p", "GET /x", Span.SERVER, 0, 50);
		List<Span> trace = List.of(root, span("front", "b", "a", "call", Span.CLIENT, 5, 45),
				span("back", "bs", "b", "serve", Span.SERVER, 1000, 1044));
		Map<String, Long> parts = Decomposition.of(trace, root, 50 * MS);
		assertThat(parts).containsEntry("network + queueing: front → call", 0L).containsEntry("back: serve", 40 * MS);
		assertThat(sum(parts)).isEqualTo(50 * MS);
	}

}
