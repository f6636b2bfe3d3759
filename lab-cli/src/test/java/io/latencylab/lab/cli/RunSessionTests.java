package io.latencylab.lab.cli;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import io.latencylab.lab.deploy.Deployment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A run starts the lab only when it is down: a lab with a service restarting is waited for, never started again,
 * and one of which some services run is completed and left up.
 */
class RunSessionTests {

	private final List<String> calls = new ArrayList<>();

	private boolean someAnswer;

	@Test
	void aLabUpIsNotStarted() throws Exception {
		assertThat(RunSession.mustStart(deployment(List.of(true), List.of()), Duration.ofSeconds(1))).isEqualTo(RunSession.Start.NONE);
	}

	@Test
	void aLabDownIsStartedAndStoppedAfterwards() throws Exception {
		assertThat(RunSession.mustStart(deployment(List.of(false), List.of(false)), Duration.ofSeconds(1))).isEqualTo(RunSession.Start.ALL);
	}

	@Test
	void aLabOfWhichSomeServicesAnswerIsCompletedAndLeftUp() throws Exception {
		// ./lab up --services meals-rest, warmed: a run stopping the lab at its end took that meals-rest down too.
		this.someAnswer = true;
		assertThat(RunSession.mustStart(deployment(List.of(false), List.of(false)), Duration.ofSeconds(1))).isEqualTo(RunSession.Start.REST);
		assertThat(this.calls).containsExactly("isUp", "partlyUp", "someAnswer", "mode");
	}

	@Test
	void aLabWithAServiceRestartingIsWaitedForNotStartedAgain() throws Exception {
		// Down at first, a service restarting twice more, then up: what compose showed after a container's recreation.
		Deployment lab = deployment(List.of(false, true), List.of(true, true, true, false));
		assertThat(RunSession.mustStart(lab, Duration.ofSeconds(5))).isEqualTo(RunSession.Start.NONE);
		assertThat(this.calls).containsExactly("isUp", "partlyUp", "partlyUp", "partlyUp", "partlyUp", "isUp");
	}

	@Test
	void aServiceThatNeverAnswersFailsTheRunWithinTheWait() {
		Deployment lab = deployment(List.of(false), List.of(true));
		assertThatIllegalStateException().isThrownBy(() -> RunSession.mustStart(lab, Duration.ofMillis(300)))
			.withMessageContaining("did not answer in 0 s")
			.withMessageContaining("./lab down");
	}

	@Test
	void aLabPartlyUpWhoseRestartedServiceStaysDownIsStartedForTheRest() throws Exception {
		// The service's process ended instead of answering: up starts what is missing.
		assertThat(RunSession.mustStart(deployment(List.of(false, false), List.of(true, false)), Duration.ofSeconds(5)))
			.isEqualTo(RunSession.Start.ALL);
	}

	/** isUp and partlyUp answer in turn as listed, the last answer repeating; anything else is not expected. */
	private Deployment deployment(List<Boolean> up, List<Boolean> partlyUp) {
		Iterator<Boolean> ups = up.iterator();
		Iterator<Boolean> partly = partlyUp.iterator();
		boolean[] last = { up.getLast(), partlyUp.isEmpty() ? false : partlyUp.getLast() };
		return (Deployment) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Deployment.class },
				(proxy, method, args) -> {
					this.calls.add(method.getName());
					return switch (method.getName()) {
						case "isUp" -> ups.hasNext() ? ups.next() : last[0];
						case "partlyUp" -> partly.hasNext() ? partly.next() : last[1];
						case "someAnswer" -> this.someAnswer;
						case "mode" -> "test";
						default -> throw new AssertionError("not expected: " + method.getName());
					};
				});
	}

}
