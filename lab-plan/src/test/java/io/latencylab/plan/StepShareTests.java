package io.latencylab.plan;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** A step's load split over injectors: the shares add up to the step, and a share that sends nothing is none. */
class StepShareTests {

	private static final Parameter<Integer> CLIENTS = Parameter.integer("lab.test.clients");

	private static final Parameter<List<Integer>> RATES = Parameter.integers("lab.test.rates");

	private static final Parameter<Integer> REQUESTS = Parameter.integer("lab.test.requests");

	private static Step step(int clients, List<Integer> rates) {
		return Step.of("s", "a.Simulation")
			.set(CLIENTS, clients)
			.set(RATES, rates)
			.set(REQUESTS, 100)
			.set(Step.DIVIDES, List.of(CLIENTS.name(), RATES.name()))
			.lasting(Duration.ofSeconds(3));
	}

	@Test
	void sharesAddUpToTheStepTheFirstTakingOneMoreAndTheRestUntouched() {
		Step step = step(5, List.of(10, 3, 1));
		List<Step> shares = IntStream.range(0, 2).mapToObj((i) -> step.share(i, 2).orElseThrow()).toList();
		assertThat(shares).extracting((s) -> s.get(CLIENTS)).containsExactly(3, 2);
		assertThat(shares).extracting((s) -> s.get(RATES)).containsExactly(List.of(5, 2, 1), List.of(5, 1, 0));
		assertThat(shares).extracting((s) -> s.get(REQUESTS)).containsExactly(100, 100);
		assertThat(shares).extracting(Step::name, Step::simulation, Step::estimate)
			.allMatch((t) -> t.equals(org.assertj.core.groups.Tuple.tuple("s", "a.Simulation", Duration.ofSeconds(3))));
	}

	@Test
	void aShareThatWouldSendNothingIsNone() {
		Step step = step(1, List.of(1));
		assertThat(step.share(0, 2).map((s) -> s.get(CLIENTS))).hasValue(1);
		assertThat(step.share(1, 2)).isEqualTo(Optional.empty());
	}

	@Test
	void aStepThatDoesNotSayHowItDividesIsNotSplit() {
		Step whole = Step.of("s", "a.Simulation").set(CLIENTS, 4).lasting(Duration.ZERO);
		assertThat(whole.divides()).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> whole.share(0, 2)).withMessageContaining("lab.share.divides");
		Step unset = Step.of("s", "a.Simulation").set(Step.DIVIDES, List.of(CLIENTS.name())).lasting(Duration.ZERO);
		assertThatIllegalStateException().isThrownBy(() -> unset.share(0, 2)).withMessageContaining("does not set");
	}

}
