package io.latencylab.load;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

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

	/** Work that makes this JVM's JIT compile: formatting, arithmetic and text it has not run yet. */
	private static long compileSomething() {
		long sum = 0;
		long until = System.nanoTime() + 300_000_000L;
		for (int i = 0; System.nanoTime() < until; i++) {
			sum += String.format(Locale.ROOT, "%08.3f|%s", i / 7.0, new BigDecimal(i).pow(3)).hashCode();
			sum += Long.toHexString(sum).chars().filter(Character::isDigit).count();
		}
		return sum;
	}

	@Test
	void theGeneratorsOwnJitBetweenItsFirstAndLastAnswerIsItsCounterMoved() {
		var jit = ManagementFactory.getCompilationMXBean();
		LoadRecorder recorder = recorder();
		long before = jit.getTotalCompilationTime();
		recorder.record("query", System.currentTimeMillis(), 1_000_000, 200, true, "t1", "s1");
		assertThat(compileSomething()).isNotZero();
		recorder.record("query", System.currentTimeMillis(), 1_000_000, 200, true, "t2", "s2");
		long after = jit.getTotalCompilationTime();
		JsonNode cpu = JsonMapper.shared().readTree(recorder.finish().toFile()).path("injectorCpu");
		double seconds = cpu.path("whileAnsweringJitSeconds").asDouble(-1);
		assertThat(seconds).isPositive().isLessThanOrEqualTo((after - before) / 1e3);
		assertThat(seconds).isLessThanOrEqualTo(cpu.path("whileAnsweringSeconds").asDouble() * Runtime.getRuntime().availableProcessors());
	}

	@Test
	void aClosedModelDeclaresNoSendRate() {
		LoadRecorder recorder = recorder();
		recorder.record("query", System.currentTimeMillis(), 1_000_000, 200, true, "t", "s");
		JsonNode summary = JsonMapper.shared().readTree(recorder.finish().toFile());
		assertThat(summary.has("sendRate")).isFalse();
		assertThat(summary.has("injectorHiccups")).isTrue();
	}

	@Test
	void aDurationIsWrittenInMillisecondsToTheMicrosecondHalfUp() {
		assertThat(LoadRecorder.millis(0)).isEqualTo("0.000");
		assertThat(LoadRecorder.millis(499)).isEqualTo("0.000");
		assertThat(LoadRecorder.millis(500)).isEqualTo("0.001");
		assertThat(LoadRecorder.millis(10_050_000)).isEqualTo("10.050");
		assertThat(LoadRecorder.millis(1_234_567)).isEqualTo("1.235");
		assertThat(LoadRecorder.millis(-3)).isEqualTo("0.000");
		// Away from a half microsecond, where a double's binary rounding may go either way, as String.format writes it.
		SplittableRandom random = new SplittableRandom(68);
		for (int i = 0; i < 10_000; i++) {
			long nanos = random.nextLong(0, 60_000_000_000L);
			if (nanos % 1000 != 500) {
				assertThat(LoadRecorder.millis(nanos)).as("%d ns", nanos)
					.isEqualTo(String.format(Locale.ROOT, "%.3f", nanos / 1e6));
			}
		}
	}

	@Test
	void eachAnswerGoesToRequestsCsvAndItsGroupsTagInTheIntervalLog() throws Exception {
		LoadRecorder recorder = recorder();
		recorder.record("soap getMeal", 1_000L, 1_234_567, 200, true, "trace1", "span1");
		recorder.record("soap getMeal", 2_000L, 2_000_000, 500, false, "trace2", "span2");
		Path dir = recorder.finish().getParent();
		assertThat(Files.readAllLines(dir.resolve("requests.csv"))).containsExactly(
				"group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok",
				"soap getMeal,trace1,1000,1.235,200,span1,true", "soap getMeal,trace2,2000,2.000,500,span2,false");
		assertThat(Files.readString(dir.resolve(io.latencylab.observability.IntervalLogs.FILE))).contains("Tag=soap_getMeal,")
			.doesNotContain("Tag=soap getMeal");
	}

}
