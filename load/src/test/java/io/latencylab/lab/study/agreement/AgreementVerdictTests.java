package io.latencylab.lab.study.agreement;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AgreementVerdictTests {

	@Test
	void withinTenPercentAgrees() {
		assertThat(AgreementStudy.agrees(1.08, 40)).isTrue();
		assertThat(AgreementStudy.agrees(0.93, -140)).isTrue();
	}

	@Test
	void aSubMillisecondAnswerAgreesWithinTwentyMicrosecondsThoughTenPercentIsLess() {
		// CI's REST get: p50s of 0.14 and 0.125 ms.
		assertThat(AgreementStudy.agrees(1.11, 15)).isTrue();
		assertThat(AgreementStudy.agrees(1.11, -19.9)).isTrue();
	}

	@Test
	void beyondBothAgreesNot() {
		assertThat(AgreementStudy.agrees(1.11, 25)).isFalse();
		assertThat(AgreementStudy.agrees(0.85, -30)).isFalse();
	}

}
