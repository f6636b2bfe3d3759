package io.latencylab.lab.study;

import java.util.List;

import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PlanTests {

	private final Plan seed001 = Studies.named("seed-001").orElseThrow().plan(false);

	@Test
	void onlyTheNamedStepsRunInThePlansOrderAfterTheSameWarmUp() {
		Plan two = this.seed001.only(List.of("toystore-buy-c1", "toystore-query-c1"));
		assertThat(two.steps()).extracting(Step::name).containsExactly("toystore-query-c1", "toystore-buy-c1");
		assertThat(two.warmUp()).isEqualTo(this.seed001.warmUp());
	}

	@Test
	void theWarmUpKeepsOnlyTheTargetsOfTheOperationsTheNamedStepsSend() {
		Plan agreement = Studies.named("agreement").orElseThrow().plan(false);
		Plan restGet = agreement.only(List.of("lab-rest-get-r0", "wrk-rest-get-r0", "lab-reference-get-r0"));
		assertThat(agreement.warmUp().get(WarmUp.TARGETS)).hasSizeGreaterThan(1);
		assertThat(restGet.warmUp().get(WarmUp.TARGETS)).containsExactly(WarmUp.Target.of(Operation.REST_GET, 1));
		assertThat(restGet.warmUp().get(WarmUp.BUDGET)).isEqualTo(agreement.warmUp().get(WarmUp.BUDGET));
		assertThat(restGet.warmUp().get(WarmUp.WINDOW)).isEqualTo(agreement.warmUp().get(WarmUp.WINDOW));
	}

	@Test
	void stepsThatSendNoneOfTheTargetsKeepTheWholeWarmUp() {
		Plan agreement = Studies.named("agreement").orElseThrow().plan(false);
		assertThat(agreement.only(List.of("lab-reference-get-r0", "wrk-reference-get-r0")).warmUp())
			.isEqualTo(agreement.warmUp());
	}

	@Test
	void aNameThatIsNoStepOfThePlanIsRefusedWithItsSteps() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.seed001.only(List.of("toystore-query-c1", "toystore-buy-c9")))
			.withMessageContaining("has no step toystore-buy-c9")
			.withMessageContaining("toystore-query-c5");
	}

}
