package io.latencylab.lab.study.agreement;

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

}
