package io.latencylab.lab.study.agreement;

import java.util.List;
import java.util.Map;

import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class AgreementVerdictTests {

	@Test
	void withinTenPercentAgrees() {
		assertThat(AgreementStudy.agrees(1.08, 40, 0)).isTrue();
		assertThat(AgreementStudy.agrees(0.93, -140, 0)).isTrue();
	}

	@Test
	void aSubMillisecondAnswerAgreesWithinTwentyMicrosecondsThoughTenPercentIsLess() {
		// CI's REST get: p50s of 0.14 and 0.125 ms.
		assertThat(AgreementStudy.agrees(1.11, 15, 0)).isTrue();
		assertThat(AgreementStudy.agrees(1.11, -19.9, 0)).isTrue();
	}

	@Test
	void beyondBothAgreesNot() {
		assertThat(AgreementStudy.agrees(1.11, 25, 0)).isFalse();
		assertThat(AgreementStudy.agrees(0.85, -30, 0)).isFalse();
	}

	@Test
	void theClientsOwnDifferenceOnTheReferenceIsTakenOut() {
		// agreement-20261125-175132: REST get's lab 42 µs above wrk, the clients 27 µs apart on nginx (means of four rounds).
		assertThat(AgreementStudy.agrees(1.19, 42, 27)).isTrue();
		assertThat(AgreementStudy.agrees(1.19, 42, 0)).isFalse();
		// Taken out, not forgiven: 20 µs beyond it, or below it, disagrees.
		assertThat(AgreementStudy.agrees(1.30, 48, 27)).isFalse();
		assertThat(AgreementStudy.agrees(0.88, 6, 27)).isFalse();
	}

	@Test
	void theMedianOfTheRoundsStandsForThem() {
		// One disturbed round of six (the toy query's 2.10 on 2026-11-25) does not move it.
		assertThat(AgreementStudy.median(new double[] { 1.03, 2.10, 0.97, 1.01, 0.99, 1.02 })).isCloseTo(1.015, within(1e-9));
		assertThat(AgreementStudy.median(new double[] { 1.2, 0.9, 1.0 })).isEqualTo(1.0);
	}

	@Test
	void theLabIsHeldAsCloseToWrkAsWrkIsToItselfFromRoundToRound() {
		// agreement-20261125-180822's buy: wrk's p50 over six rounds, moving by a median of 67%.
		double moves = AgreementStudy.roundToRound(new double[] { 10.07, 6.04, 4.83, 2.27, 2.63, 5.70 });
		assertThat(moves).isCloseTo(0.667, within(0.001));
		assertThat(AgreementStudy.agrees(1.25, 370, 25, moves)).isTrue();
		assertThat(AgreementStudy.agrees(1.25, 370, 25, 0)).isFalse();
		// Steady services leave the 10% as it was: wrk within 2% of itself, the lab 15% above it.
		double steady = AgreementStudy.roundToRound(new double[] { 0.50, 0.51, 0.50, 0.49 });
		assertThat(steady).isLessThan(0.03);
		assertThat(AgreementStudy.agrees(1.15, 300, 25, steady)).isFalse();
		assertThat(AgreementStudy.roundToRound(new double[] { 0.5 })).isZero();
	}

	@Test
	void theServicesOwnTimeIsTheServerSpanWhereEachRequestEntered() {
		// Two toy queries: the front door's server span (parent: the client's), a gRPC client span and the
		// catalog's server span under it. Only the front door's counts; a trace without spans adds nothing.
		List<Span> spans = List.of(span("t1", "a", "client1", Span.SERVER, 0, 400_000),
				span("t1", "b", "a", Span.CLIENT, 100_000, 300_000), span("t1", "c", "b", Span.SERVER, 120_000, 280_000),
				span("t2", "d", "client2", Span.SERVER, 0, 600_000), span("t2", "e", "d", Span.INTERNAL, 10_000, 20_000),
				span("t3", "f", "client3", Span.SERVER, 0, 500_000));
		assertThat(AgreementStudy.serviceP50Ms(spans)).isCloseTo(0.5, within(1e-9));
		assertThat(AgreementStudy.serviceP50Ms(List.of())).isNaN();
	}

	@Test
	void whatEachClientAddsToTheServicesOwnTimeTakesTheServicesStateOut() {
		// CI's SOAP get, agreement-20261125-185547, round 2: the service slower in the lab's turn (p50 525 µs
		// against 358), the clients' p50s 88 µs apart where each added 114–128 and 80–93 µs to it.
		AgreementStudy.Round round = new AgreementStudy.Round(0.650, 0.445, 0.525, 0.358);
		assertThat(round.differenceMicros()).isCloseTo(205, within(1e-6));
		assertThat(round.partDifferenceMicros()).isCloseTo(38, within(1e-6));
		assertThat(AgreementStudy.clientsPartAgrees(round.partDifferenceMicros(), 24)).isTrue();
		assertThat(AgreementStudy.clientsPartAgrees(round.partDifferenceMicros(), 0)).isFalse();
		// A lab that added 20 µs more than the clients' own beyond the service's time disagrees.
		assertThat(AgreementStudy.clientsPartAgrees(45, 24)).isFalse();
		assertThat(new AgreementStudy.Round(0.2, 0.1, Double.NaN, 0.05).partDifferenceMicros()).isNaN();
	}

	private static Span span(String trace, String id, String parent, int kind, long start, long end) {
		return new Span("svc", trace, id, parent, "op", kind, start, end, false, Map.of());
	}

}
