package io.latencylab.observability;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assumptions.assumeThat;

class HostStealTests {

	@Test
	void theStealIsItsShareOfTheFirstEightCountersBetweenTwoReadings() {
		var before = HostSteal.parse("cpu  100 0 50 800 10 0 5 35 0 0");
		var after = HostSteal.parse("cpu  400 0 150 1300 20 0 15 115 60 0");
		assertThat(before).contains(new HostSteal.Ticks(1000, 35));
		// 1000 ticks passed (guest time is inside user's), 80 of them stolen.
		assertThat(HostSteal.share(before, after)).isCloseTo(0.08, within(1e-12));
	}

	@Test
	void aLineThatIsNotTheCpuTotalOrNoTimePassingGivesNoShare() {
		assertThat(HostSteal.parse("cpu0 1 2 3 4 5 6 7 8")).isEmpty();
		assertThat(HostSteal.parse("cpu 1 2 3")).isEmpty();
		var once = HostSteal.parse("cpu 1 2 3 4 5 6 7 8");
		assertThat(HostSteal.share(once, once)).isNaN();
		assertThat(HostSteal.share(Optional.empty(), once)).isNaN();
	}

	@Test
	void onLinuxTheMachineIsRead() {
		assumeThat(Files.isReadable(Path.of("/proc/stat"))).as("Linux's /proc/stat").isTrue();
		var now = HostSteal.now();
		assertThat(now).isPresent();
		assertThat(now.get().steal()).isBetween(0L, now.get().total());
	}

}
