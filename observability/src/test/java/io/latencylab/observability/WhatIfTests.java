package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WhatIfTests {

	private static final long MS = 1_000_000;

	/**
	 * 100 requests of one group: request r took r + 1 ms at its client, 1 ms of it the front door, the
	 * rest its root span; those {@code traced} picks have their trace among the spans.
	 */
	private static List<WhatIf> step(IntPredicate traced, Projection.Change change) {
		List<Request> requests = new ArrayList<>();
		List<Span> spans = new ArrayList<>();
		for (int r = 0; r < 100; r++) {
			String trace = "t" + r;
			requests.add(new Request("buy", trace, 1000L * r, r + 1, 200, "sent" + r, true));
			if (traced.test(r)) {
				spans.add(new Span("front", trace, "root" + r, "sent" + r, "GET /buy", Span.SERVER, 0, r * MS, false, Map.of()));
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

}
