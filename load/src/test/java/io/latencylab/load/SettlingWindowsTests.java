package io.latencylab.load;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.HostSteal;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SettlingWindowsTests {

	private final AtomicLong now = new AtomicLong(1);

	/** The machine's CPU counters (ticks): none read until a test sets them. */
	private HostSteal.Ticks ticks;

	private final SettlingWindows windows = new SettlingWindows("query", "run", Convergence.DEFAULT, Duration.ofSeconds(5),
			this.now::get, () -> Optional.ofNullable(this.ticks));

	/**
	 * 5 s of answers: 100 of ms each, 50 ms apart. A window closes at the first answer 5 s after it
	 * opened, which the next call sends: it is judged then.
	 */
	private void window(double ms) {
		for (int i = 0; i < 100; i++) {
			this.windows.record("query", 0, (long) (ms * 1e6), 200, true, "t", "s");
			this.now.addAndGet(50_000_000L);
		}
	}

	@Test
	void windowsOfWallClockTimeAreJudgedAsTheyClose() {
		window(4.0);
		window(2.0);
		window(2.0);
		window(2.02);
		assertThat(this.windows.moving()).as("the 2.02 window has not closed yet").isTrue();
		window(2.02);
		assertThat(this.windows.moving()).isFalse();
		assertThat(this.windows.describe()).startsWith("warm-up of query: 4 windows, p50 4.000 → 2.000 → 2.000 → 2.020 ms, settled");
	}

	/** A window as above whose 1,000 ticks of CPU had {@code steal} of them stolen. */
	private void window(double ms, double steal) {
		window(ms);
		this.ticks = new HostSteal.Ticks(this.ticks.total() + 1000, this.ticks.steal() + Math.round(1000 * steal));
	}

	@Test
	void aP50ThatMovesWithTheMachinesStealIsSaidToAsTheRunnersWarmUpSaysIt() {
		this.ticks = new HostSteal.Ticks(0, 0);
		double[] steal = { 0.0, 0.15, 0.01, 0.25, 0.0, 0.12, 0.02, 0.28 };
		for (double share : steal) {
			window(2 + 40 * share, share);
		}
		window(2.0);
		assertThat(this.windows.describe()).contains(", not settled").contains("; CPU steal 0.0–28.0% a window")
			.endsWith("; its p50 moved with this machine's CPU steal (0.0–28.0% of the CPU, r = 1.00, +0.40 ms a point, 8 windows)");
	}

	@Test
	void aSteadyP50BesideAQuietMachineSaysOnlyItsSteal() {
		this.ticks = new HostSteal.Ticks(0, 0);
		for (int w = 0; w < 4; w++) {
			window(2.0, 0.01);
		}
		window(2.0);
		assertThat(this.windows.describe()).contains("settled").endsWith("; CPU steal 1.0–1.0% a window");
	}

	@Test
	void failedAnswersAreNoP50s() {
		for (int w = 0; w < 3; w++) {
			for (int i = 0; i < 100; i++) {
				this.windows.record("query", 0, 1_000_000_000L, 500, false, "t", "s");
				this.now.addAndGet(50_000_000L);
			}
		}
		assertThat(this.windows.moving()).as("no window had an answer to judge").isTrue();
		assertThat(this.windows.describe()).contains("p50 NaN → NaN").endsWith("not settled (its time ran out)");
	}

}
