package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class WhatIfTests {

	private static final long MS = 1_000_000;

	/**
	 * 100 requests of one group: request r took r + 1 ms at its client, 1 ms of it the front door, the
	 * rest its root span; those {@code traced} picks have their trace among the spans.
	 */
	private static List<WhatIf> step(IntPredicate traced, Projection.Change change) {
		return step(traced, (r) -> false, change);
	}

	/** As above; the root spans of those {@code injected} picks say an injection acted in them. */
	private static List<WhatIf> step(IntPredicate traced, IntPredicate injected, Projection.Change change) {
		List<Request> requests = new ArrayList<>();
		List<Span> spans = new ArrayList<>();
		for (int r = 0; r < 100; r++) {
			// Trace ids as W3C's: hex, their last digits uniform over the requests.
			String trace = String.format("%024x%08x", r, (r * 2654435761L) & 0xffffffffL);
			requests.add(new Request("buy", trace, 1000L * r, r + 1, 200, "sent" + r, true));
			if (traced.test(r)) {
				Map<String, String> attributes = injected.test(r) ? Map.of(Decomposition.INJECTED_ATTRIBUTE, "p 5ms") : Map.of();
				spans.add(new Span("front", trace, "root" + r, "sent" + r, "GET /buy", Span.SERVER, 0, r * MS, false, attributes));
			}
		}
		return WhatIf.of(requests, spans, Bands.DEFAULT, change);
	}

	@Test
	void aChangeOfNothingProjectsTheMeasuredFiguresAndBands() {
		WhatIf whatIf = step((r) -> true, Projection.Change.scaled("front: GET /buy", 1)).getFirst();
		assertThat(whatIf.traced()).isEqualTo(100);
		assertThat(whatIf.projected()).isEqualTo(whatIf.measured());
		assertThat(whatIf.measured().meanMs()).isCloseTo(50.5, within(1e-9));
		assertThat(whatIf.measured().p50Ms()).isEqualTo(50);
		assertThat(whatIf.measured().p99Ms()).isEqualTo(99);
		whatIf.bands().forEach((band) -> {
			assertThat(band.projectedMs()).isEqualTo(band.measuredMs());
			assertThat(band.projectedParts()).isEqualTo(band.measuredParts());
		});
		assertThat(whatIf.bands().getLast().measuredMs()).as("the slowest 1 %: the one request of 100 ms").isEqualTo(100);
	}

	@Test
	void eachPartChangedMovesEveryRequestAndTheBandsFollow() {
		WhatIf whatIf = step((r) -> true, Projection.Change.scaled(Decomposition.FRONT_DOOR, 0)).getFirst();
		assertThat(whatIf.projected().meanMs()).isCloseTo(49.5, within(1e-9));
		assertThat(whatIf.projected().p99Ms()).isEqualTo(98);
		WhatIf.BandRow slowest = whatIf.bands().getLast();
		assertThat(slowest.projectedMs()).isEqualTo(99);
		assertThat(slowest.measuredParts()).containsEntry(Decomposition.FRONT_DOOR, 1.0);
		assertThat(slowest.projectedParts()).containsEntry(Decomposition.FRONT_DOOR, 0.0).containsEntry("front: GET /buy", 99.0);
	}

	@Test
	void eachTracedRequestStandsForTheUntracedOfItsStratum() {
		// Traced: every tenth rank and the slowest. Strata by the default bands' cuts (0, 45, 55, 90, 99, 100):
		// 5 traced of 45 (each weighs 9), 1 of 10, 3 of 35, 1 of 9, 1 of 1.
		WhatIf whatIf = step((r) -> r % 10 == 0 || r == 99, Projection.Change.scaled("front: GET /buy", 1)).getFirst();
		assertThat(whatIf.traced()).isEqualTo(11);
		double mean = (9 * (1 + 11 + 21 + 31 + 41) + 10 * 51 + 35.0 / 3 * (61 + 71 + 81) + 9 * 91 + 100) / 100.0;
		assertThat(whatIf.measured().meanMs()).isCloseTo(mean, within(1e-9));
		assertThat(whatIf.measured().p50Ms()).isEqualTo(51);
		assertThat(whatIf.measured().p99Ms()).isEqualTo(91);
		assertThat(whatIf.bands().getLast().measuredMs()).isEqualTo(100);
	}

	@Test
	void aShareOfTheRequestsIsExactlyThatManyChosenByTraceIdAndTheSameEachTime() {
		Projection.Change change = Projection.Change.shifted("front: GET /buy", 1000 * MS).in(Projection.Which.share(0.07));
		WhatIf whatIf = step((r) -> true, change).getFirst();
		// 7 of the 100 requests a second longer: the top 7 % are they, the 93rd-ranked is not.
		assertThat(whatIf.projected().meanMs()).isCloseTo(50.5 + 7 * 1000 / 100.0, within(1e-9));
		assertThat(whatIf.bands().getLast().projectedMs()).isGreaterThan(1000);
		assertThat(whatIf.projected().p90Ms()).isLessThan(100);
		// Not the slowest seven, nor the first seven: a draw over the whole step, reproducible.
		assertThat(whatIf.projected().p99Ms()).isNotEqualTo(1099).isGreaterThan(1000);
		assertThat(step((r) -> true, change).getFirst()).isEqualTo(whatIf);
		assertThat(change.describe()).isEqualTo("front: GET /buy +1000 ms in 7 % of the requests");
	}

	@Test
	void aChangeForTheInjectedRequestsLeavesTheOthersAsMeasured() {
		// Requests 90..99 were injected with 50 ms: taken out of them alone, they rank among the rest.
		Projection.Change change = Projection.Change.shifted("front: GET /buy", -50 * MS).in(Projection.Which.INJECTED);
		WhatIf whatIf = step((r) -> true, (r) -> r >= 90, change).getFirst();
		assertThat(whatIf.projected().meanMs()).isCloseTo(50.5 - 10 * 50 / 100.0, within(1e-9));
		// 1..90 ms, and 41..50 ms where 91..100 were: the 99th of 100 is 89.
		assertThat(whatIf.projected().p99Ms()).isEqualTo(89);
		assertThat(whatIf.bands().getLast().projectedMs()).as("the slowest now: request 89, not injected, as measured")
			.isEqualTo(90);
		assertThat(change.describe()).isEqualTo("front: GET /buy −50 ms in the requests an injection acted in");
	}

	@Test
	void noShareOfNothingNorMoreThanAll() {
		assertThatIllegalArgumentException().isThrownBy(() -> Projection.Which.share(0));
		assertThatIllegalArgumentException().isThrownBy(() -> Projection.Which.share(1.5));
	}

	@Test
	void requestsInFlightAtOnceAreTheirTimeOverTheStepsSpan() {
		// One at a time: 10 requests of 100 ms, back to back.
		List<Request> serial = new ArrayList<>();
		List<Request> fiveAtOnce = new ArrayList<>();
		for (int r = 0; r < 10; r++) {
			serial.add(new Request("buy", "s" + r, 100L * r, 100, 200, "s" + r, true));
			fiveAtOnce.add(new Request("buy", "f" + r, 100L * (r / 5), 100, 200, "f" + r, true));
		}
		assertThat(WhatIf.meanInFlight(serial)).isCloseTo(1.0, within(1e-9));
		assertThat(WhatIf.meanInFlight(fiveAtOnce)).isCloseTo(5.0, within(1e-9));
		fiveAtOnce.add(new Request("buy", "lost", 0, 30_000, 0, "lost", false));
		assertThat(WhatIf.meanInFlight(fiveAtOnce)).as("a request without an answer is not counted").isCloseTo(5.0, within(1e-9));
	}

}
