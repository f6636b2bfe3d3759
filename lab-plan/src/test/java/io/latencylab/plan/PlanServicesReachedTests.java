package io.latencylab.plan;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What each step of a plan reaches, so that a run can refuse before it starts what it would not start. */
class PlanServicesReachedTests {

	private final Step warmUp = WarmUp.step(List.of(WarmUp.Target.parse("toy-buy@1"), WarmUp.Target.parse("soap-get@1")),
			Duration.ofMinutes(1));

	private final Plan plan = new Plan("t", "all", false, this.warmUp,
			List.of(new OutsideLoad(Operation.REST_GET, Duration.ofSeconds(5)).step("wrk-rest-get"),
					Step.of("open-sort", "OpenSimulation").set(OpenLoad.OPERATION, Operation.SORT).lasting(Duration.ZERO),
					Step.of("own", "SomeSimulation").lasting(Duration.ZERO)));

	@Test
	void theWarmUpReachesTheServicesOfItsTargetsAndAStepThoseOfWhatItSends() {
		Map<String, Set<String>> reached = this.plan.servicesReached(true);
		assertThat(reached.keySet()).containsExactly(this.warmUp.name(), "wrk-rest-get", "open-sort");
		assertThat(reached.get(this.warmUp.name())).containsExactlyInAnyOrder("frontend-service", "catalog-service",
				"order-service", "meals-soap");
		assertThat(reached.get("wrk-rest-get")).containsExactly("meals-rest");
		assertThat(reached.get("open-sort")).containsExactly("sort-service");
	}

	@Test
	void withoutItsWarmUpOnlyTheStepsCount() {
		assertThat(this.plan.servicesReached(false).keySet()).containsExactly("wrk-rest-get", "open-sort");
	}

	@Test
	void aRunNeedsTheServicesItsStepsReachOnlyWhenEveryStepSaysWhere() {
		// "own" names no operation: its simulation may send anywhere, so the run needs every service.
		assertThat(this.plan.servicesNeeded(true)).isEmpty();
		Plan named = new Plan("t", "all", false, this.warmUp, this.plan.steps().subList(0, 2));
		assertThat(named.servicesNeeded(true)).hasValueSatisfying((needed) -> assertThat(needed).containsExactlyInAnyOrder(
				"frontend-service", "catalog-service", "order-service", "meals-soap", "meals-rest", "sort-service"));
		assertThat(named.servicesNeeded(false)).hasValueSatisfying(
				(needed) -> assertThat(needed).containsExactlyInAnyOrder("meals-rest", "sort-service"));
		assertThat(new Plan("t", "all", false, this.warmUp, List.of()).servicesNeeded(false)).isEqualTo(Optional.of(Set.of()));
	}

}
