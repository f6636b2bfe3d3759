package io.latencylab.lab.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import io.latencylab.plan.Step;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The live line adds the counts of every generator of a step, each generator's latest. */
class ProgressTests {

	private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

	private final Progress progress = new Progress(
			List.of(Step.of("toystore-buy-c5", "ToyStoreSimulation").lasting(Duration.ofSeconds(5)),
					Step.of("toystore-query-c5", "ToyStoreSimulation").lasting(Duration.ofSeconds(5))),
			new PrintStream(this.printed, true, StandardCharsets.UTF_8));

	@Test
	void aSplitStepsLineAddsEachInjectorsLatestCounts() {
		Object first = new Object();
		Object second = new Object();
		this.progress.startStep(0);
		this.progress.update(first, new Progress.Counts(3, 0));
		assertThat(this.printed.toString(StandardCharsets.UTF_8)).contains("| 3 requests | 0 errors");
		this.progress.update(second, new Progress.Counts(2, 1));
		this.progress.update(first, new Progress.Counts(5, 0));
		assertThat(this.progress.stepTotal()).isEqualTo(new Progress.Counts(7, 1));
		// The next step counts from nothing.
		this.progress.startStep(1);
		assertThat(this.progress.stepTotal()).isEqualTo(new Progress.Counts(0, 0));
		this.progress.update(second, new Progress.Counts(4, 0));
		assertThat(this.progress.stepTotal()).isEqualTo(new Progress.Counts(4, 0));
	}

}
