package io.latencylab.observability;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BandsTests {

	@Test
	void theDefaultIsTheMedianTheTailAndTheExtremeWithTheMedianAsReference() {
		Bands bands = Bands.DEFAULT;
		assertThat(bands.bands()).extracting(Bands.Band::name).containsExactly("median", "tail", "extreme");
		assertThat(bands.reference().name()).isEqualTo("median");
		assertThat(bands.slowest().name()).isEqualTo("extreme");
		assertThat(bands.bands().get(2).label()).isEqualTo("extreme (p99–p100)");
		assertThat(Bands.parse(bands.spec())).isEqualTo(bands);
	}

	@Test
	void adjacentBandsShareNoRankAndTheLastReachesTheSlowest() {
		Bands bands = Bands.parse("tail=p90-p99,extreme=p99-p100,half=p49.5-50.5");
		Bands.Band tail = bands.bands().get(0);
		Bands.Band extreme = bands.bands().get(1);
		for (int n : new int[] { 1, 7, 99, 100, 101, 1234, 100_000 }) {
			assertThat(tail.endRank(n)).as("n = %d", n).isEqualTo(extreme.firstRank(n));
			assertThat(extreme.endRank(n)).isEqualTo(n);
		}
		assertThat(extreme.firstRank(1500)).isEqualTo(1485);
		assertThat(bands.bands().get(2).firstRank(1000)).isEqualTo(495);
		assertThat(bands.bands().get(2).endRank(1000)).isEqualTo(505);
		assertThat(bands.bands().get(2).spec()).isEqualTo("half=49.5-50.5");
	}

	@Test
	void aTextThatIsNoBandsIsRefusedSayingWhy() {
		assertThatIllegalArgumentException().isThrownBy(() -> Bands.parse("median")).withMessageContaining("'median' is not NAME=FROM-TO");
		assertThatIllegalArgumentException().isThrownBy(() -> Bands.parse("tail=99-90"))
			.withMessageContaining("band tail must start below where it ends");
		assertThatIllegalArgumentException().isThrownBy(() -> Bands.parse("a=1-2,a=3-4")).withMessageContaining("band a is named twice");
		assertThatIllegalArgumentException().isThrownBy(() -> Bands.parse("a=90-101")).withMessageContaining("'101' is no percentile");
		assertThatIllegalArgumentException().isThrownBy(() -> Bands.parse("a=x-9")).withMessageContaining("'x' is no percentile");
	}

}
