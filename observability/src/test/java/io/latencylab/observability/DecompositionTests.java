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

}
