package io.latencylab.plan;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StepMeasuresTests {

	@Test
	void aStepMeasuresTheOperationItsLoadSends() {
		Step open = Step.of("open-rest-get", "OpenSimulation").set(OpenLoad.OPERATION, Operation.REST_GET).lasting(Duration.ZERO);
		Step outside = new OutsideLoad(Operation.TOY_BUY, Duration.ofSeconds(5)).step("wrk-toy-buy-r5");
		assertThat(open.measures(Operation.REST_GET)).isTrue();
		assertThat(outside.measures(Operation.TOY_BUY)).isTrue();
		assertThat(open.measures(Operation.SOAP_GET)).isFalse();
	}

	@Test
	void aNameThatOnlyStartsWithTheOperationIsNotIt() {
		Step compared = Plan.compared(new OutsideLoad(Operation.SOAP_GET, Duration.ofSeconds(5)).step("wrk-soap-get-r5"),
				"rest-get-r5");
		assertThat(compared.measures(Operation.REST_GET)).isFalse();
	}

	@Test
	void anOperationInAListOfThemCounts() {
		Step warmUp = WarmUp.load(List.of(Operation.TOY_QUERY, Operation.SORT), 1, Duration.ofSeconds(5));
		assertThat(warmUp.measures(Operation.SORT)).isTrue();
		assertThat(warmUp.measures(Operation.TOY_BUY)).isFalse();
	}

}
