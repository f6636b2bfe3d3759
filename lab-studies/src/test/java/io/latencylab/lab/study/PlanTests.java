package io.latencylab.lab.study;

import java.util.List;

import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
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
	void aNameThatIsNoStepOfThePlanIsRefusedWithItsSteps() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.seed001.only(List.of("toystore-query-c1", "toystore-buy-c9")))
			.withMessageContaining("has no step toystore-buy-c9")
			.withMessageContaining("toystore-query-c5");
	}

}
