package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;

import io.latencylab.observability.Convergence.Level;
import io.latencylab.observability.Convergence.State;
import io.latencylab.observability.Convergence.Window;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class ConvergenceTests {

	private final Convergence rule = Convergence.DEFAULT;

	/** 5 s windows of 1,000 answers each, with these p50s, and the JIT's time in each (ms). */
	static List<Window> windows(double jitMs, double... p50s) {
		List<Window> windows = new ArrayList<>();
		for (double p50 : p50s) {
			windows.add(new Window(p50, 1_000, 5.0, jitMs));
		}
		return windows;
	}

	@Test
	void theVariationIsTheSampleStandardDeviationOverTheMeanOfTheLastWindows() {
		// The last three: 1.00, 1.03, 0.97: deviations 0, +0.03, -0.03, so sqrt(0.0018 / 2) / 1.00 = 3%.
		assertThat(this.rule.variation(windows(0, 9.0, 1.00, 1.03, 0.97))).isCloseTo(0.03, within(1e-9));
		assertThat(this.rule.variation(windows(0, 1.0, 1.0))).as("fewer windows than the rule takes").isNaN();
	}

	@Test
	void steadyP50sAndAQuietJitSettleAfterTheFloor() {
		assertThat(this.rule.judge(windows(10, 2.0, 2.02))).as("below the floor of 3").isEqualTo(State.MOVING);
		assertThat(this.rule.judge(windows(10, 2.0, 2.02, 1.98))).isEqualTo(State.SETTLED);
		assertThat(this.rule.judge(windows(10, 5.0, 2.0, 1.9, 1.8))).as("falling by 5% a window").isEqualTo(State.MOVING);
	}

	@Test
	void aBusyJitKeepsAFlatP50Moving() {
		// 5% of a 5 s window is 250 ms: 400 ms of compiling in the last window is busy.
		List<Window> history = windows(100, 2.0, 2.0, 2.0);
		history.set(2, new Window(2.0, 1_000, 5.0, 400));
		assertThat(this.rule.judge(history)).isEqualTo(State.MOVING);
		history.add(new Window(2.0, 1_000, 5.0, 240));
		assertThat(this.rule.judge(history)).as("quiet in the last but not in the one before").isEqualTo(State.MOVING);
		history.add(new Window(2.0, 1_000, 5.0, 0));
		assertThat(this.rule.judge(history)).isEqualTo(State.SETTLED);
		assertThat(this.rule.judge(windows(Double.NaN, 2.0, 2.0, 2.0))).as("a JIT not read does not object")
			.isEqualTo(State.SETTLED);
	}

	@Test
	void aWarmTargetAtItsFloorNeedOnlyShowItHasNotMovedFromTheLevelItSettledAt() {
		// 1.00, 1.08, 0.95: a variation of 6.5%, beyond the rule's 3%; their median 1.00 is where it settled.
		List<Window> floor = windows(10, 1.00, 1.08, 0.95);
		assertThat(this.rule.judge(floor)).isEqualTo(State.MOVING);
		assertThat(this.rule.level(floor).p50Ms()).isEqualTo(1.00);
		assertThat(this.rule.level(floor).overCpu()).as("no CPU read").isNaN();
		assertThat(this.rule.atLevel(floor, p50(1.00))).isTrue();
		// The band is twice the rule's variation: 6% either way.
		assertThat(this.rule.atLevel(floor, p50(1.0 / 1.059))).isTrue();
		assertThat(this.rule.atLevel(floor, p50(1.0 / 1.061))).as("it got 6.1% slower").isFalse();
		assertThat(this.rule.atLevel(floor, p50(1.0 / 0.939))).as("it got 6.1% faster: it moved too").isFalse();
		assertThat(this.rule.allowing(0.05).atLevel(floor, p50(1.0 / 1.09))).as("a noisier machine's rule, a wider band")
			.isTrue();
		assertThat(this.rule.atLevel(floor, Level.NONE)).as("no level kept").isFalse();
		assertThat(this.rule.atLevel(windows(10, 1.00, 1.08), p50(1.00))).as("below the floor").isFalse();
		assertThat(this.rule.atLevel(windows(10, 1.2, 1.00, 1.08, 0.95), p50(1.00)))
			.as("past the floor it had moved: only the rule settles it").isFalse();
		assertThat(this.rule.atLevel(windows(400, 1.00, 1.00, 1.00), p50(1.00))).as("the JIT busy").isFalse();
		List<Window> tooFew = windows(10, 1.00, 1.00);
		tooFew.add(new Window(1.0, Convergence.TOO_FEW - 1, 5.0, 0));
		assertThat(this.rule.atLevel(tooFew, p50(1.00))).as("a window not judged").isFalse();
	}

	@Test
	void aWarmTargetWhoseP50MovedOnlyWithTheMachinesSpeedIsStillAtItsLevel() {
		// 10% slower, and its services spent 10% more CPU a request: the machine slowed, the service did not.
		List<Window> floor = List.of(new Window(1.10, 1_000, 5.0, 10, 0, 0.55), new Window(1.12, 1_000, 5.0, 10, 0, 0.56),
				new Window(1.09, 1_000, 5.0, 10, 0, 0.545));
		Level kept = new Level(1.00, 2.0);
		assertThat(this.rule.level(floor).overCpu()).isCloseTo(2.0, within(1e-9));
		assertThat(this.rule.atLevel(floor, kept)).isTrue();
		assertThat(this.rule.atLevel(floor, p50(1.00))).as("no CPU kept: the p50 alone, 10% off").isFalse();
		assertThat(this.rule.atLevel(floor, new Level(1.00, 1.8))).as("slower over the CPU too").isFalse();
	}

	private static Level p50(double ms) {
		return new Level(ms, Double.NaN);
	}

	@Test
	void aWindowOfTooFewAnswersIsNotJudged() {
		List<Window> history = windows(0, 2.0, 2.0);
		history.add(new Window(2.0, Convergence.TOO_FEW - 1, 5.0, 0));
		assertThat(this.rule.variation(history)).isNaN();
		assertThat(this.rule.judge(history)).isEqualTo(State.MOVING);
	}

	@Test
	void theCapEndsAWarmUpThatNeverSettles() {
		double[] falling = new double[this.rule.maxWindows()];
		for (int i = 0; i < falling.length; i++) {
			falling[i] = 10.0 * Math.pow(0.9, i);
		}
		assertThat(this.rule.judge(windows(0, java.util.Arrays.copyOf(falling, falling.length - 1)))).isEqualTo(State.MOVING);
		assertThat(this.rule.judge(windows(0, falling))).isEqualTo(State.NOT_SETTLED);
		assertThat(this.rule.capped(4).judge(windows(0, 10, 5, 3.3, 2.5))).isEqualTo(State.NOT_SETTLED);
		assertThat(this.rule.capped(1).maxWindows()).as("never below the floor").isEqualTo(this.rule.minWindows());
	}

	/** Windows of 1,000 answers, 5 s each, the JIT quiet unless said: each {p50, CPU ms a request, JIT ms}. */
	private static List<Window> paced(double[]... windows) {
		List<Window> history = new ArrayList<>();
		for (double[] w : windows) {
			history.add(new Window(w[0], 1000, 5.0, w[2], Double.NaN, w[1]));
		}
		return history;
	}

	@Test
	void aP50ThatMovesOnlyWithTheServicesCpuARequestIsSteadyWithTheMachinesSpeedTakenOut() {
		// The CPU a request 10% slower, then back: the p50 with it, the ratio flat.
		List<Window> history = paced(new double[] { 1.00, 0.50, 0 }, new double[] { 1.10, 0.55, 0 },
				new double[] { 0.98, 0.49, 0 });
		assertThat(this.rule.variation(history)).isGreaterThan(0.03);
		assertThat(this.rule.variationOverCpu(history)).isLessThan(0.001);
		assertThat(this.rule.judge(history)).isEqualTo(State.SETTLED);
		assertThat(this.rule.steadyOnlyOverCpu(history)).isTrue();
		assertThat(this.rule.describe()).contains("the p50 over it may meet the 3% instead");
	}

	@Test
	void theRatioIsNoExcuseForAP50ThatMovesWithoutTheCpuOrWhileTheJitWorksOrWhereTheCpuWasNotRead() {
		List<Window> slower = paced(new double[] { 1.00, 0.50, 0 }, new double[] { 1.10, 0.50, 0 },
				new double[] { 1.20, 0.50, 0 });
		assertThat(this.rule.judge(slower)).as("the CPU a request flat: the p50's own move").isEqualTo(State.MOVING);
		List<Window> compiling = paced(new double[] { 1.20, 0.60, 0 }, new double[] { 1.00, 0.50, 2000 },
				new double[] { 0.80, 0.40, 2000 });
		assertThat(this.rule.variationOverCpu(compiling)).isLessThan(0.001);
		assertThat(this.rule.judge(compiling)).as("a compile lowers both: the JIT's half objects").isEqualTo(State.MOVING);
		List<Window> unread = paced(new double[] { 1.00, 0.50, 0 }, new double[] { 1.10, Double.NaN, 0 },
				new double[] { 0.98, 0.49, 0 });
		assertThat(this.rule.variationOverCpu(unread)).isNaN();
		assertThat(this.rule.judge(unread)).isEqualTo(State.MOVING);
		List<Window> steady = paced(new double[] { 1.00, 0.50, 0 }, new double[] { 1.01, 0.60, 0 },
				new double[] { 0.99, 0.45, 0 });
		assertThat(this.rule.judge(steady)).as("a steady p50 needs no ratio").isEqualTo(State.SETTLED);
		assertThat(this.rule.steadyOnlyOverCpu(steady)).isFalse();
	}

	@Test
	void aRuleThatCannotJudgeIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Convergence(1, 0.03, 2, 0.05, 3, 12));
		assertThatIllegalArgumentException().isThrownBy(() -> new Convergence(3, 0.03, 2, 0.05, 2, 12));
		assertThatIllegalArgumentException().isThrownBy(() -> new Convergence(3, 0.03, 2, 0.05, 3, 2));
	}

	@Test
	void theRuleSaysItselfInWords() {
		assertThat(this.rule.describe()).contains("DaCapo's convergence")
			.contains("last 3 windows' p50 at most 3%")
			.contains("at most 5% of the window) in the last 2")
			.contains("at least 3 windows, at most 48");
	}

}
