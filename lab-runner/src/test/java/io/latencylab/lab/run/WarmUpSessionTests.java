package io.latencylab.lab.run;

import java.util.ArrayList;
import java.util.List;

import io.latencylab.lab.results.Settling;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.Window;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WarmUpSessionTests {

	private static List<Window> windows(int n) {
		List<Window> windows = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			windows.add(new Window(1.0, 1_000, 5.0, 10));
		}
		return windows;
	}

	/** Each target: its windows, and whether the lab remembered it warm; all settled unless {@code end} says. */
	private static Settling lap(Settling.End end, Object... targets) {
		Settling settling = new Settling(Convergence.DEFAULT);
		for (int i = 0; i < targets.length; i += 3) {
			settling.put((String) targets[i], windows((Integer) targets[i + 1]), end, (Boolean) targets[i + 2]);
		}
		return settling;
	}

	@Test
	void aFirstLapThatWarmedATargetFromColdIsFollowedByLapsUntilOneFindsEveryTargetAtItsFloor() {
		Settling cold = lap(Settling.End.SETTLED, "toy-query@5", 14, false, "toy-buy@1", 3, true);
		assertThat(WarmUpSession.anotherLap(cold, List.of())).isTrue();
		Settling moved = lap(Settling.End.SETTLED, "toy-query@5", 5, true, "toy-buy@1", 3, true);
		assertThat(WarmUpSession.anotherLap(cold, List.of(moved))).as("a target had moved").isTrue();
		Settling atFloor = lap(Settling.End.SETTLED, "toy-query@5", 3, true, "toy-buy@1", 3, true);
		assertThat(WarmUpSession.anotherLap(cold, List.of(atFloor))).as("every target at its floor").isFalse();
		assertThat(WarmUpSession.anotherLap(cold, List.of(moved, moved))).as("at most three laps in all").isFalse();
	}

	@Test
	void noLapAfterAWarmLabAOneTargetWarmUpOrOneThatDidNotSettle() {
		assertThat(WarmUpSession.anotherLap(lap(Settling.End.SETTLED, "toy-query@5", 3, true, "toy-buy@1", 3, true), List.of()))
			.as("nothing warmed from cold: the first lap was already a re-judge").isFalse();
		assertThat(WarmUpSession.anotherLap(lap(Settling.End.SETTLED, "rest-get@1", 9, false), List.of()))
			.as("one target: no other operation's profile to meet").isFalse();
		assertThat(WarmUpSession.anotherLap(lap(Settling.End.BUDGET, "toy-query@5", 48, false, "toy-buy@1", 3, false),
				List.of())).as("the cap ended it unsettled").isFalse();
		Settling cold = lap(Settling.End.SETTLED, "toy-query@5", 14, false, "toy-buy@1", 3, true);
		assertThat(WarmUpSession.anotherLap(cold, List.of(lap(Settling.End.BUDGET, "toy-query@5", 20, true, "toy-buy@1", 3, true))))
			.as("a lap the cap ended").isFalse();
	}

}
