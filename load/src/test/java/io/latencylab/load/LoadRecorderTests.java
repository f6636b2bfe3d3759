package io.latencylab.load;

import java.nio.file.Path;

import io.latencylab.plan.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** What summary.json says of the generator itself: whether it kept to its intended send rate. */
class LoadRecorderTests {

	@TempDir
	Path dir;

	private LoadRecorder recorder() {
		return new LoadRecorder("step", Parameters.of(Parameters.RESULTS_DIR.name(), this.dir.toString(), Parameters.RUN_ID.name(), "t"));
	}

	@Test
	void anOpenModelsIntendedArrivalsStandBesideWhatItSent() throws InterruptedException {
		LoadRecorder recorder = recorder();
		recorder.intend(10);
		for (int i = 0; i < 7; i++) {
			recorder.record(i % 2 == 0 ? "query" : "buy", System.currentTimeMillis(), 1_000_000, 200, true, "t" + i, "s" + i);
		}
		// Long enough for the hiccup meter's 1 ms sleeps to be counted.
		Thread.sleep(50);
		JsonNode summary = JsonMapper.shared().readTree(recorder.finish().toFile());
		assertThat(summary.path("sendRate").path("intendedArrivals").asLong()).isEqualTo(10);
		assertThat(summary.path("sendRate").path("sent").asLong()).isEqualTo(7);
		assertThat(summary.path("injectorHiccups").path("samples").asLong()).isPositive();
		assertThat(summary.path("injectorHiccups").path("maxMs").asDouble())
			.isGreaterThanOrEqualTo(summary.path("injectorHiccups").path("p99Ms").asDouble());
	}

	@Test
	void aClosedModelDeclaresNoSendRate() {
		LoadRecorder recorder = recorder();
		recorder.record("query", System.currentTimeMillis(), 1_000_000, 200, true, "t", "s");
		JsonNode summary = JsonMapper.shared().readTree(recorder.finish().toFile());
		assertThat(summary.has("sendRate")).isFalse();
		assertThat(summary.has("injectorHiccups")).isTrue();
	}

}
