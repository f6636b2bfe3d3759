package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;

import io.latencylab.observability.Convergence.Window;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StealLinkTests {

	@Test
	void aPfiftyThatRisesAndFallsWithTheStealFollowsIt() {
		List<Window> windows = new ArrayList<>();
		double[] steal = { 0.0, 0.05, 0.10, 0.02, 0.08, 0.01 };
		double[] noise = { 0.1, -0.1, 0.05, 0.0, -0.05, 0.1 };
		for (int i = 0; i < steal.length; i++) {
			windows.add(new Window(2.5 + 25 * steal[i] + noise[i], 500, 5, 0, steal[i]));
		}
		StealLink link = StealLink.of(windows).orElseThrow();
		assertThat(link.windows()).isEqualTo(6);
		assertThat(link.minSteal()).isZero();
		assertThat(link.maxSteal()).isEqualTo(0.10);
		assertThat(link.r()).isGreaterThan(0.95);
		assertThat(link.msPerPoint()).isCloseTo(0.25, within(0.03));
		assertThat(link.follows()).isTrue();
	}

	@Test
	void tooFewWindowsUnjudgedOnesAndUnreadStealSayNothing() {
		List<Window> windows = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			windows.add(new Window(2 + i, 500, 5, 0, 0.02 * i));
		}
		windows.add(new Window(9, 3, 5, 0, 0.5));
		windows.add(new Window(9, 500, 5, 0, Double.NaN));
		assertThat(StealLink.of(windows)).isEmpty();
	}

	@Test
	void aStealThatBarelyMovesOrMovesAgainstThePfiftyIsNotFollowed() {
		List<Window> small = new ArrayList<>();
		List<Window> against = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			small.add(new Window(2 + i, 500, 5, 0, 0.001 * i));
			against.add(new Window(2 + i, 500, 5, 0, 0.10 - 0.01 * i));
		}
		assertThat(StealLink.of(small).orElseThrow().r()).isCloseTo(1.0, within(1e-9));
		assertThat(StealLink.of(small).orElseThrow().follows()).isFalse();
		assertThat(StealLink.of(against).orElseThrow().r()).isCloseTo(-1.0, within(1e-9));
		assertThat(StealLink.of(against).orElseThrow().follows()).isFalse();
		assertThat(StealLink.of(against).orElseThrow().describe()).startsWith("not explained by this machine's CPU steal");
	}

}
