package io.latencylab.lab.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.latencylab.observability.Convergence.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class WarmthTests {

	@TempDir
	Path dir;

	private static final Instant T0 = Instant.parse("2026-12-01T22:00:00Z");

	@Test
	void aTargetIsWarmOnlyOnTheProcessesItSettledOn() throws Exception {
		Warmth warmth = Warmth.load(this.dir.resolve("warmth.json"));
		Map<String, Double> processes = Map.of("catalog-service", 1.7e9, "frontend-service", 1.7e9 + 3);
		assertThat(warmth.warm("toy-query@1", processes)).as("nothing remembered").isFalse();
		warmth.judged("toy-query@1", "still warming", processes, 12, false, Level.NONE, T0);
		assertThat(warmth.warm("toy-query@1", processes)).as("judged, not settled").isFalse();
		warmth.judged("toy-query@1", "settled", processes, 20, false, Level.NONE, T0.plusSeconds(60));
		warmth.judged("toy-query@1", "settled", processes, 3, true, Level.NONE, T0.plusSeconds(600));
		assertThat(warmth.warm("toy-query@1", processes)).isTrue();
		assertThat(warmth.last("toy-query@1").orElseThrow().settledSince()).as("since it first settled on them")
			.isEqualTo(T0.plusSeconds(60));
		assertThat(warmth.warm("toy-query@1", Map.of("catalog-service", 1.7e9, "frontend-service", 1.7e9 + 99)))
			.as("the front end restarted").isFalse();
		assertThat(warmth.warm("toy-query@1", Map.of("catalog-service", 1.7e9))).as("one of its services not answering")
			.isFalse();
		warmth.judged("reference-get@1", "settled", Map.of(), 3, false, Level.NONE, T0);
		assertThat(warmth.warm("reference-get@1", Map.of())).as("no JIT of the lab's to keep warm").isFalse();
	}

	@Test
	void aRestartForgetsWhenItSettled() {
		Warmth warmth = Warmth.load(this.dir.resolve("warmth.json"));
		warmth.judged("sort@2", "settled", Map.of("sort-service", 1.0), 9, false, Level.NONE, T0);
		warmth.judged("sort@2", "settled", Map.of("sort-service", 2.0), 14, false, Level.NONE, T0.plusSeconds(3600));
		assertThat(warmth.last("sort@2").orElseThrow().settledSince()).isEqualTo(T0.plusSeconds(3600));
	}

	@Test
	void theLedgerAndTheMachinesTimesToSteadyOutliveTheCommand() throws Exception {
		Path file = this.dir.resolve("runs").resolve("warmth.json");
		Warmth warmth = Warmth.load(file);
		warmth.judged("toy-buy@1", "slowdown", Map.of("order-service", 5.5), 48, false, Level.NONE, T0);
		warmth.judged("toy-query@1", "settled", Map.of("catalog-service", 5.4), 3, true, new Level(0.7, 1.9), T0);
		warmth.coldStart("toy-query@5", 140, T0);
		warmth.save();
		Warmth read = Warmth.load(file);
		assertThat(read.last("toy-buy@1").orElseThrow()).isEqualTo(warmth.last("toy-buy@1").orElseThrow());
		assertThat(read.level("toy-query@1", Map.of("catalog-service", 5.4))).contains(new Level(0.7, 1.9));
		assertThat(read.coldStart("toy-query@5").orElseThrow().seconds()).isEqualTo(140.0);
		// Measured where it was, 130 s a target where not.
		assertThat(read.coldEstimate(List.of("toy-query@5", "toy-buy@1"))).isEqualTo(Duration.ofSeconds(270));
		assertThat(read.describeEstimate(List.of("toy-query@5", "toy-buy@1")))
			.isEqualTo("about 5 min: 1 of 2 targets measured on this machine, 130 s for each other");
		assertThat(read.describeEstimate(List.of("toy-query@5"))).isEqualTo("about 2 min: each target's time to steady measured on this machine");
	}

	@Test
	void aLedgerWrittenBeforeLevelsWereKeptStillSaysWhatIsWarm() throws Exception {
		Path file = Files.writeString(this.dir.resolve("warmth.json"), """
				{"targets": {"toy-query@1": {"verdict": "settled", "judged": "2026-12-01T22:00:00Z",
				  "settledSince": "2026-12-01T21:58:00Z", "processes": {"catalog-service": 10.0}, "windows": 3,
				  "atFloor": true}}, "coldStarts": {}}
				""");
		Warmth warmth = Warmth.load(file);
		assertThat(warmth.warm("toy-query@1", Map.of("catalog-service", 10.0))).isTrue();
		assertThat(warmth.level("toy-query@1", Map.of("catalog-service", 10.0))).as("no level kept then").isEmpty();
		warmth.judged("toy-query@1", "settled", Map.of("catalog-service", 10.0), 3, true, new Level(0.7, 1.9), T0);
		assertThat(warmth.level("toy-query@1", Map.of("catalog-service", 10.0))).contains(new Level(0.7, 1.9));
		assertThat(warmth.level("toy-query@1", Map.of("catalog-service", 11.0))).as("another process").isEmpty();
	}

	@Test
	void anUnreadableLedgerIsAColdLab() throws Exception {
		Path file = Files.writeString(this.dir.resolve("warmth.json"), "{ not json");
		assertThat(Warmth.load(file).verdicts()).isEmpty();
	}

	@Test
	void aServicesProcessIsItsStartTime() {
		String text = """
				# TYPE process_start_time_seconds gauge
				process_start_time_seconds 1.764626534133E9
				process_uptime_seconds 120.5
				""";
		assertThat(Warmth.processStart(text)).contains(1.764626534133E9);
		assertThat(Warmth.processStart("jvm_info 1\n")).isEmpty();
	}

}
