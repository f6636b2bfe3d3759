package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BandDecompositionTests {

	/**
	 * 200 buys of GroupAnalysisTests' shape (10 ms front door, 10 ms hop, 30 ms commit), the front
	 * door growing by 1 µs a request so that no two take as long; every 50th buy's commit takes
	 * 50 ms more: four buys, the slowest 2 %.
	 */
	private static List<Request> requests = new ArrayList<>();

	private static List<Span> spans = new ArrayList<>();

	static {
		for (int i = 0; i < 200; i++) {
			long extra = (i % 50 == 49) ? 50 : 0;
			String trace = "t" + i;
			requests.add(new Request("buy", trace, i, 100 + extra + i / 1000.0, 200, "s" + i, true));
			spans.addAll(GroupAnalysisTests.buyTrace(trace, "s" + i, extra));
		}
	}

	@Test
	void eachBandsPartsAddUpToItsClientAndTheSlowPassesGrowOnlyTheirComponent() {
		Bands bands = Bands.parse("median=45-55,tail=90-98,extreme=98-100");
		BandDecomposition buy = BandDecomposition.of(requests, spans, bands).getFirst();
		BandDecomposition.BandStats median = buy.band("median");
		BandDecomposition.BandStats tail = buy.band("tail");
		BandDecomposition.BandStats extreme = buy.band("extreme");
		assertThat(median.requests()).isEqualTo(20);
		assertThat(tail.requests()).isEqualTo(16);
		assertThat(extreme.requests()).isEqualTo(4);
		assertThat(extreme.decomposed()).isEqualTo(4);
		for (BandDecomposition.BandStats band : buy.bands()) {
			assertThat(band.sumOverClient()).as(band.band().name()).isCloseTo(1.0, within(1e-12));
		}
		assertThat(extreme.part("order: commit") - median.part("order: commit")).isCloseTo(50, within(1e-9));
		assertThat(extreme.part("network + queueing: front → Orders/Buy")).isCloseTo(median.part("network + queueing: front → Orders/Buy"),
				within(1e-9));
		// The front door grew by 1 µs a rank: between the extreme and the median band, a tenth of a millisecond at most.
		assertThat(extreme.part("front door") - median.part("front door")).isBetween(0.0, 0.2);
		assertThat(tail.part("order: commit")).isCloseTo(30, within(1e-9));
		// Largest in the slowest band first.
		assertThat(buy.components().getFirst()).isEqualTo("order: commit");
		assertThat(buy.examples()).containsOnlyKeys("median", "extreme");
	}

	@Test
	void eachBandCountsItsTracedRequestsWhoseTraceSaysAnInjectionActedThere() {
		// The four slow buys' commit spans carry the injector's mark, as the services' do.
		List<Span> marked = spans.stream().map((s) -> (s.name().equals("commit") && Integer.parseInt(s.traceId().substring(1)) % 50 == 49)
				? new Span(s.service(), s.traceId(), s.spanId(), s.parentSpanId(), s.name(), s.kind(), s.startNanos(), s.endNanos(),
						false, java.util.Map.of(Decomposition.INJECTED_ATTRIBUTE, "catalog-before-commit 50ms"))
				: s).toList();
		assertThat(marked).filteredOn((s) -> s.attribute(Decomposition.INJECTED_ATTRIBUTE) != null).hasSize(4);
		BandDecomposition buy = BandDecomposition.of(requests, marked, Bands.parse("median=45-55,tail=90-98,extreme=98-100"))
			.getFirst();
		assertThat(buy.band("extreme").injected()).isEqualTo(4);
		assertThat(buy.band("tail").injected()).isZero();
		assertThat(buy.band("median").injected()).isZero();
		assertThat(BandDecomposition.of(requests, spans, Bands.DEFAULT).getFirst().band("extreme").injected()).isZero();
	}

	@Test
	void aBandHoldsWhatItsTracesHoldAndSaysHowManyThatIs() {
		// Only the even half of the traces arrived.
		List<Span> half = spans.stream().filter((s) -> Integer.parseInt(s.traceId().substring(1)) % 2 == 0).toList();
		BandDecomposition buy = BandDecomposition.of(requests, half, Bands.DEFAULT).getFirst();
		BandDecomposition.BandStats median = buy.band("median");
		assertThat(median.requests()).isEqualTo(20);
		assertThat(median.decomposed()).isEqualTo(10);
		assertThat(median.sumOverClient()).isCloseTo(1.0, within(1e-12));
		assertThat(median.clientMeanMs()).isCloseTo(100.1, within(0.01));
	}

	@Test
	void whereTheServerSaidWhenItReadTheRequestTheFrontDoorIsSplitThere() {
		// Half the buys' root spans say the server read the request 3 ms before them (of a 10 ms front door).
		List<Span> said = spans.stream().map((s) -> (s.name().equals("post /orders") && Integer.parseInt(s.traceId().substring(1)) % 2 == 0)
				? new Span(s.service(), s.traceId(), s.spanId(), s.parentSpanId(), s.name(), s.kind(), s.startNanos(), s.endNanos(),
						false, java.util.Map.of(Decomposition.READ_ATTRIBUTE, "3000000"))
				: s).toList();
		BandDecomposition.BandStats median = BandDecomposition.of(requests, said, Bands.DEFAULT).getFirst().band("median");
		assertThat(median.frontDoorSplit().requests()).isEqualTo(10);
		assertThat(median.frontDoorSplit().readToRootMeanMs()).isCloseTo(3, within(1e-9));
		assertThat(median.frontDoorSplit().restMeanMs()).isCloseTo(7.1, within(0.02));
		// Drawn right before the root span, which moves to leave room for it when half the front door is less.
		List<Span> trace = said.stream().filter((s) -> s.traceId().equals("t100")).toList();
		Anatomy anatomy = Anatomy.of("median", trace, Decomposition.root(trace, "s100"), 100_100_000);
		Anatomy.Bar read = anatomy.bars().get(2);
		assertThat(read.label()).isEqualTo("of it, the server reading the request before the root span");
		assertThat(read.endNanos()).isEqualTo(anatomy.bars().get(4).startNanos()).isEqualTo(5_050_000);
		assertThat(read.endNanos() - read.startNanos()).isEqualTo(3_000_000);
		// A server's read before a front door shorter than it: at most the front door.
		Span root = new Span("front", "x", "r", "sent", "get", Span.SERVER, 0, 1_000_000, false,
				java.util.Map.of(Decomposition.READ_ATTRIBUTE, "900000000"));
		assertThat(Decomposition.readBeforeRootNanos(root, 1_500_000)).isEqualTo(500_000);
		assertThat(Decomposition.readBeforeRootNanos(trace.getFirst(), -1)).isEqualTo(-1);
	}

	@Test
	void theAnatomyPutsTheRootBetweenTheFrontDoorsHalvesAndEachCalleeInsideItsCall() {
		// t49: 150.049 ms for the client, a root span of 140 ms.
		List<Span> trace = spans.stream().filter((s) -> s.traceId().equals("t49")).toList();
		Anatomy anatomy = Anatomy.of("extreme (p98–p100)", trace, Decomposition.root(trace, "s49"), 150_049_000);
		assertThat(anatomy.frontDoorNanos()).isEqualTo(10_049_000);
		assertThat(anatomy.bars()).extracting(Anatomy.Bar::label)
			.containsExactly("client (what the load generator measured)",
					"front door (its split in and out unknown: half drawn each side)", "front door", "front: post /orders",
					"front → Orders/Buy", "order: Orders/Buy", "order: commit");
		Anatomy.Bar root = anatomy.bars().get(3);
		assertThat(root.startNanos()).isEqualTo(5_024_500);
		assertThat(root.endNanos()).isEqualTo(145_024_500);
		assertThat(anatomy.bars().get(2).endNanos()).isEqualTo(150_049_000);
		Anatomy.Bar call = anatomy.bars().get(4);
		Anatomy.Bar callee = anatomy.bars().get(5);
		assertThat(call.kind()).isEqualTo(Anatomy.Kind.HOP);
		// The callee centred in its call: 10 ms of hop split 5 and 5 around it.
		assertThat(callee.startNanos() - call.startNanos()).isEqualTo(5_000_000);
		assertThat(call.endNanos() - callee.endNanos()).isEqualTo(5_000_000);
		assertThat(anatomy.traceId()).isEqualTo("t49");
	}

}
