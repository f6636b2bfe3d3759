package io.latencylab.observability;

import java.util.List;

import io.latencylab.observability.Convergence.Window;
import io.latencylab.observability.Trend.Kind;
import org.junit.jupiter.api.Test;

import static io.latencylab.observability.ConvergenceTests.windows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TrendTests {

	private final Convergence rule = Convergence.DEFAULT;

	@Test
	void aFallingP50IsStillWarmingWithItsDriftPerMinute() {
		// Down 0.1 ms a window of 5 s from 10 ms: 1.2 ms a minute over a mean of 9.75: −12.3% a minute.
		Trend trend = Trend.of(windows(600, 10.0, 9.9, 9.8, 9.7, 9.6, 9.5), this.rule);
		assertThat(trend.kind()).isEqualTo(Kind.WARMING);
		assertThat(trend.driftPerMinute()).isCloseTo(-1.2 / 9.75, within(1e-9));
		assertThat(trend.jitShare()).isCloseTo(0.12, within(1e-9));
		assertThat(trend.describe()).isEqualTo("still warming (−12.3%/min over 6 windows, JIT 12% of the last window)");
	}

	@Test
	void aRisingP50WithTheJitQuietIsASlowdown() {
		// The buy: 5.3 → 8.5 ms over a minute, the toy store compiling under 3% of each window.
		Trend trend = Trend.of(windows(100, 5.3, 5.9, 6.6, 7.2, 7.9, 8.5), this.rule);
		assertThat(trend.kind()).isEqualTo(Kind.SLOWDOWN);
		assertThat(trend.driftPerMinute()).isPositive();
		assertThat(trend.describe()).startsWith("slowdown (+");
	}

	@Test
	void aP50SteadyAgainButSlowerThanItWasWithTheJitQuietIsASlowdownNotSteady() {
		// This machine's buy at one client: steady near 2.1 ms, a step up, steady again near 3.5 ms.
		List<Window> history = windows(20, 2.257, 2.069, 2.919, 2.336, 1.950, 2.099, 2.244, 1.793, 2.059, 2.597, 2.431, 2.203,
				2.200, 2.073, 1.967, 2.075, 3.132, 4.203, 4.058, 3.543, 3.463, 3.620);
		assertThat(this.rule.judge(history)).as("the rule alone calls it settled").isEqualTo(Convergence.State.SETTLED);
		Trend trend = Trend.of(history, this.rule);
		assertThat(trend.kind()).isEqualTo(Kind.SLOWDOWN);
		assertThat(trend.earlierMs()).as("the median of the windows before the last three").isCloseTo(2.203, within(1e-9));
		assertThat(trend.describe())
			.isEqualTo("slowdown (steady, but at 3.542 ms after a median of 2.203 ms earlier with its JIT quiet: +61%)");
		// Earlier stretches while the JIT still compiled do not count: that was warm-up, not a faster steady state.
		List<Window> compiling = windows(2_000, 2.0, 2.0, 2.0);
		compiling.addAll(windows(20, 3.5, 3.55, 3.45));
		assertThat(Trend.of(compiling, this.rule).kind()).isEqualTo(Kind.STEADY);
	}

	@Test
	void aP50ThatWandersWithTheJitQuietAndSettlesNearItsMiddleIsNoSlowdown() {
		// This machine's SOAP study at four clients on a warm lab: 0.47–0.61 ms window to window, its JIT quiet,
		// settled at 0.605 ms: 23% above its luckiest stretch (0.492 ms), 14% above the median of its earlier
		// windows, which wandered by 10% (robust spread): its wander, not a slower steady state.
		List<Window> history = windows(20, 0.604, 0.605, 0.573, 0.548, 0.532, 0.510, 0.477, 0.497, 0.540, 0.472, 0.517, 0.486,
				0.563, 0.602, 0.592, 0.620);
		assertThat(this.rule.judge(history)).isEqualTo(Convergence.State.SETTLED);
		assertThat(Trend.of(history, this.rule).kind()).isEqualTo(Kind.STEADY);
		// The same earlier windows held within 1%, then the same rise: a slowdown.
		List<Window> held = windows(20, 0.520, 0.525, 0.522, 0.518, 0.524, 0.521, 0.519, 0.523, 0.520, 0.522, 0.521, 0.520,
				0.563, 0.602, 0.592, 0.620);
		assertThat(Trend.of(held, this.rule).kind()).isEqualTo(Kind.SLOWDOWN);
	}

	@Test
	void aRisingP50WhileTheJitWorksHasNoSteadyState() {
		assertThat(Trend.of(windows(2_000, 5.3, 5.9, 6.6, 7.2, 7.9, 8.5), this.rule).kind()).isEqualTo(Kind.NO_STEADY_STATE);
	}

	@Test
	void movingBothWaysWithoutADirectionHasNoSteadyState() {
		Trend trend = Trend.of(windows(50, 1.0, 1.4, 0.9, 1.5, 1.0, 1.4), this.rule);
		assertThat(trend.kind()).isEqualTo(Kind.NO_STEADY_STATE);
	}

	@Test
	void aFlatP50WhileTheJitStillWorksIsStillWarming() {
		assertThat(Trend.of(windows(900, 2.0, 2.01, 1.99, 2.0), this.rule).kind()).isEqualTo(Kind.WARMING);
	}

	@Test
	void whatTheRuleSettlesIsSteadyAndTooFewWindowsAreNotClassified() {
		assertThat(Trend.of(windows(10, 2.0, 2.02, 1.98), this.rule).kind()).isEqualTo(Kind.STEADY);
		assertThat(Trend.of(windows(10, 9.0, 2.0), this.rule).kind()).isEqualTo(Kind.UNREAD);
		List<Window> few = windows(10, 9.0, 8.0, 7.0, 6.0);
		few.set(1, new Window(8.0, 3, 5.0, 10));
		few.set(2, new Window(7.0, 3, 5.0, 10));
		assertThat(Trend.of(few, this.rule).kind()).as("windows of too few answers are not read").isEqualTo(Kind.UNREAD);
	}

	@Test
	void onlyTheLastWindowsAreRead() {
		// A long fall first, then six flat but scattered windows with the JIT quiet: no steady state, not warming.
		List<Window> history = windows(50, 80, 40, 20, 10, 5);
		history.addAll(windows(50, 1.0, 1.1, 0.95, 1.08, 0.97, 1.06));
		Trend trend = Trend.of(history, this.rule);
		assertThat(trend.windows()).isEqualTo(Trend.WINDOWS);
		assertThat(trend.kind()).isEqualTo(Kind.NO_STEADY_STATE);
	}

}
