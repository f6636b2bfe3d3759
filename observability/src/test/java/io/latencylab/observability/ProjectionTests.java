package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ProjectionTests {

	private static final long MS = 1_000_000;

	private static Span span(String service, String id, String parent, String name, int kind, long startMs, long endMs) {
		return new Span(service, "t", id, parent, name, kind, startMs * MS, endMs * MS, false, Map.of());
	}

	private static long sum(Map<String, Long> parts) {
		return parts.values().stream().mapToLong(Long::longValue).sum();
	}

	/** A front end that calls two back ends at once and waits for both: b (10..90) keeps it waiting, a (10..60) not. */
	private static List<Span> fanOut() {
		return List.of(span("front", "r", "p", "GET /buy", Span.SERVER, 0, 100),
				span("front", "ca", "r", "call a", Span.CLIENT, 10, 60), span("a", "sa", "ca", "serve a", Span.SERVER, 15, 55),
				span("front", "cb", "r", "call b", Span.CLIENT, 10, 90), span("b", "sb", "cb", "serve b", Span.SERVER, 15, 85));
	}

	@Test
	void aChangeOfNothingProjectsWhatWasMeasuredPartForPart() {
		List<Span> trace = fanOut();
		Span root = trace.getFirst();
		for (Projection.Change change : List.of(Projection.Change.scaled("b: serve b", 1),
				Projection.Change.shifted("no such part", 50 * MS))) {
			Projection.Projected projected = Projection.of(trace, root, 107 * MS, change);
			assertThat(projected.clientNanos()).isEqualTo(107 * MS);
			assertThat(projected.parts()).isEqualTo(Decomposition.of(trace, root, 107 * MS));
		}
	}

	@Test
	void whenTheSlowestBranchShrinksTheCriticalPathMovesToTheNextOne() {
		List<Span> trace = fanOut();
		Span root = trace.getFirst();
		// b's own 70 ms gone: b's call now takes its hop's 10 ms and ends at 20, but a still runs to 60.
		Projection.Projected projected = Projection.of(trace, root, 107 * MS, Projection.Change.scaled("b: serve b", 0));
		// 7 front door + 10 before the calls + 50 of a + 10 after: not 107 − 70 = 37.
		assertThat(projected.clientNanos()).isEqualTo(77 * MS);
		Map<String, Long> parts = projected.parts();
		assertThat(parts).containsEntry("a: serve a", 40 * MS)
			.containsEntry("network + queueing: front → call a", 10 * MS)
			.containsEntry("front: GET /buy", 20 * MS)
			.containsEntry(Decomposition.FRONT_DOOR, 7 * MS)
			.doesNotContainKey("b: serve b");
		assertThat(sum(parts)).isEqualTo(projected.clientNanos());
	}

	@Test
	void whenABranchOffThePathGrowsPastTheSlowestItBecomesThePath() {
		List<Span> trace = fanOut();
		// a's own 40 ms doubled: its call ends at 10 + 10 + 80 = 100, later than b's at 90.
		Projection.Projected projected = Projection.of(trace, trace.getFirst(), 107 * MS,
				Projection.Change.scaled("a: serve a", 2));
		assertThat(projected.clientNanos()).isEqualTo((7 + 10 + 90 + 10) * MS);
		assertThat(projected.parts()).containsEntry("a: serve a", 80 * MS);
	}

	@Test
	void aShiftOfEachOccurrenceMovesWhatFollowsItInSequence() {
		Span root = span("front", "r", "p", "GET /buy", Span.SERVER, 0, 60);
		List<Span> trace = new ArrayList<>(List.of(root));
		// Two commits one after the other, 5 ms each, in a span of their own each.
		trace.add(span("store", "c1", "r", "commit", Span.INTERNAL, 10, 15));
		trace.add(span("store", "c2", "r", "commit", Span.INTERNAL, 30, 35));
		Projection.Projected longer = Projection.of(trace, root, 62 * MS, Projection.Change.shifted("store: commit", 50 * MS));
		assertThat(longer.clientNanos()).isEqualTo((62 + 2 * 50) * MS);
		assertThat(longer.parts()).containsEntry("store: commit", 2 * 55 * MS).containsEntry(Decomposition.FRONT_DOOR, 2 * MS);
		Projection.Projected none = Projection.of(trace, root, 62 * MS, Projection.Change.shifted("store: commit", -50 * MS));
		assertThat(none.clientNanos()).as("a part takes no less than nothing").isEqualTo((62 - 2 * 5) * MS);
	}

	@Test
	void aConnectionIsHeldWhileTheCommitRunsEvenWhereTheCommitCloses() {
		// As JDBC's spans come: the connection's span (a leaf client) ends just before the commit's,
		// its sibling; a query inside it. The commit's 20 ms less gives the connection back 20 ms sooner.
		Span root = span("store", "r", "p", "Buy", Span.SERVER, 0, 100);
		List<Span> trace = List.of(root, span("store", "c", "r", "connection", Span.CLIENT, 10, 60),
				span("store", "q", "r", "query", Span.CLIENT, 15, 20), span("store", "k", "r", "commit", Span.INTERNAL, 40, 61));
		Projection.Projected projected = Projection.of(trace, root, 100 * MS, Projection.Change.shifted("store: commit", -20 * MS));
		assertThat(projected.clientNanos()).isEqualTo(80 * MS);
		assertThat(projected.parts()).containsEntry("store: commit", 1 * MS);
		assertThat(sum(projected.parts())).isEqualTo(80 * MS);
	}

	@Test
	void theFrontDoorAndAHopChangeAsPartsOfTheirOwn() {
		List<Span> trace = fanOut();
		Span root = trace.getFirst();
		assertThat(Projection.of(trace, root, 107 * MS, Projection.Change.scaled(Decomposition.FRONT_DOOR, 0)).clientNanos())
			.isEqualTo(100 * MS);
		// b's hop: 80 − 70 = 10 ms, tripled: b's call ends at 10 + 30 + 70 = 110.
		Projection.Projected hop = Projection.of(trace, root, 107 * MS,
				Projection.Change.scaled("network + queueing: front → call b", 3));
		assertThat(hop.clientNanos()).isEqualTo((7 + 10 + 100 + 10) * MS);
		assertThat(hop.parts()).containsEntry("network + queueing: front → call b", 30 * MS);
	}

	@Test
	void aChangeSaysWhatItDoesAndRefusesANegativeScale() {
		assertThat(Projection.Change.scaled("s: commit", 0).describe()).isEqualTo("s: commit ×0");
		assertThat(Projection.Change.scaled("s: commit", 1.5).describe()).isEqualTo("s: commit ×1.50");
		assertThat(Projection.Change.shifted("s: commit", -50 * MS).describe()).isEqualTo("s: commit −50 ms");
		assertThat(Projection.Change.shifted("s: commit", 2_500_000).describe()).isEqualTo("s: commit +2.50 ms");
		assertThatIllegalArgumentException().isThrownBy(() -> Projection.Change.scaled("s: commit", -1));
	}

}
