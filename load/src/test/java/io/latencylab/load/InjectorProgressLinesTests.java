package io.latencylab.load;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.latencylab.plan.InjectorProgress;
import io.latencylab.plan.Parameters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The generator's progress lines: the step's own counts so far, and none after the step. */
class InjectorProgressLinesTests {

	@TempDir
	Path dir;

	private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();

	private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

	private final PrintStream answers = new PrintStream(this.printed, true, StandardCharsets.UTF_8);

	@AfterEach
	void stop() {
		this.clock.shutdownNow();
	}

	@Test
	void eachTickSaysTheRequestsAndErrorsOfTheStepSoFar() throws Exception {
		LoadRecorder recorder = new LoadRecorder("step",
				Parameters.of(Parameters.RESULTS_DIR.name(), this.dir.toString(), Parameters.RUN_ID.name(), "t"));
		// An earlier step's requests are not this step's.
		recorder.record("query", System.currentTimeMillis(), 1_000_000, 200, true, "t0", "s0");
		try (Injector.ProgressLines progress = new Injector.ProgressLines(this.answers, this.clock, Duration.ofMillis(20))) {
			recorder.record("buy", System.currentTimeMillis(), 1_000_000, 200, true, "t1", "s1");
			recorder.record("buy", System.currentTimeMillis(), 1_000_000, 503, false, "t2", "s2");
			recorder.record("buy", System.currentTimeMillis(), 1_000_000, 200, true, "t3", "s3");
			waitFor(new InjectorProgress(3, 1));
		}
		recorder.finish();
		int after = lines().size();
		Thread.sleep(100);
		assertThat(lines()).as("no line once closed").hasSize(after);
		assertThat(lines()).allMatch(InjectorProgress::isProgress);
	}

	private void waitFor(InjectorProgress expected) throws InterruptedException {
		for (int i = 0; i < 100 && !lines().contains(expected.line()); i++) {
			Thread.sleep(20);
		}
		assertThat(lines()).contains(expected.line());
	}

	private List<String> lines() {
		return this.printed.toString(StandardCharsets.UTF_8).lines().toList();
	}

}
