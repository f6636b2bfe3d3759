package io.latencylab.load;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.latencylab.observability.Convergence;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SettlingWindowsTests {

	private final AtomicLong now = new AtomicLong(1);

	private final SettlingWindows windows = new SettlingWindows("query", "run", Convergence.DEFAULT, Duration.ofSeconds(5),
			this.now::get);

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
