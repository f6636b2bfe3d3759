package io.latencylab.lab.net;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LinkTests {

	@Test
	void bandwidthsAreReadInBitsOrBytesAndKeptInToxiproxysKilobytes() {
		assertThat(Link.parseBandwidth("10mbit")).isEqualTo(1250);
		assertThat(Link.parseBandwidth("512kbit")).isEqualTo(64);
		assertThat(Link.parseBandwidth("1gbit")).isEqualTo(125_000);
		assertThat(Link.parseBandwidth("1250KB/s")).isEqualTo(1250);
		assertThat(Link.parseBandwidth("2.5MB/s")).isEqualTo(2500);
		assertThatIllegalArgumentException().isThrownBy(() -> Link.parseBandwidth("4kbit")).withMessageContaining("at least 1 KB/s");
		assertThatIllegalArgumentException().isThrownBy(() -> Link.parseBandwidth("10 mbps")).withMessageContaining("10mbit");
	}

	@Test
	void anOddRoundTripGivesTheWayBackTheExtraMillisecond() {
		Link link = Link.of(Duration.ofMillis(97));
		assertThat(link.thereMillis()).isEqualTo(48);
		assertThat(link.backMillis()).isEqualTo(49);
	}

	@Test
	void aJitterLargerThanHalfTheRoundTripIsRefused() {
		assertThat(new Link(Duration.ofMillis(20), Duration.ofMillis(10), 0).jitter()).isEqualTo(Duration.ofMillis(10));
		assertThatIllegalArgumentException().isThrownBy(() -> new Link(Duration.ofMillis(20), Duration.ofMillis(11), 0))
			.withMessageContaining("0 to half the round trip (10 ms)");
		assertThatIllegalArgumentException().isThrownBy(() -> Link.of(Duration.ofSeconds(11))).withMessageContaining("0 to 10 s");
	}

	@Test
	void theReportNamesEveryPartThatIsSet() {
		assertThat(Link.of(Duration.ofMillis(172)).describe()).isEqualTo("172 ms a round trip");
		assertThat(new Link(Duration.ofMillis(78), Duration.ofMillis(5), 1250).describe())
			.isEqualTo("78 ms a round trip, ± 5 ms jitter each way, 1,250 KB/s (10 Mbit/s) each way");
		assertThat(new Link.Change(Optional.empty(), Optional.of(Duration.ofMillis(3)), OptionalLong.empty())
			.applyTo(Link.of(Duration.ofMillis(40)))).isEqualTo(new Link(Duration.ofMillis(40), Duration.ofMillis(3), 0));
	}

}
