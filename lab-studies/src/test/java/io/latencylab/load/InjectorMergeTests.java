package io.latencylab.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.latencylab.lab.report.MergedLogs;
import io.latencylab.observability.IntervalLogs;
import io.latencylab.observability.Latencies;
import io.latencylab.plan.Parameters;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Three injectors' latency logs, as their recorders write them, merged: the merged percentiles
 * are those of every request together, which averaging the injectors' percentiles is not.
 */
class InjectorMergeTests {

	@TempDir
	Path dir;

	/** Injector i records {@code values[i]} (ms) under the group "query"; returns its latency log. */
	private Path inject(String name, List<Double> millis) {
		LoadRecorder recorder = new LoadRecorder("step",
				Parameters.of(Parameters.RESULTS_DIR.name(), this.dir.resolve(name).toString(), Parameters.RUN_ID.name(), "t"));
		long start = System.currentTimeMillis();
		for (double ms : millis) {
			recorder.record("query", start, Math.round(ms * 1_000_000), 200, true, "trace", "span");
		}
		return recorder.finish().resolveSibling(IntervalLogs.FILE);
	}

	private static List<Double> uniform(int n, double fromMs, double toMs, long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		List<Double> values = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			values.add(fromMs + random.nextDouble() * (toMs - fromMs));
		}
		return values;
	}

	@Test
	void theMergedPercentilesAreTheUnionsAndNotTheInjectorsAveraged() throws IOException {
		List<Double> near = uniform(9_000, 1, 3, 1);
		List<Double> far = uniform(900, 40, 60, 2);
		List<Double> stalled = uniform(100, 900, 1_100, 3);
		Map<String, Map<String, Histogram>> logs = IntervalLogs.readAll(
				List.of(inject("near", near), inject("far", far), inject("stalled", stalled)));
		Histogram merged = IntervalLogs.merge(new ArrayList<>(logs.values())).get("query");

		List<Double> union = new ArrayList<>(near);
		union.addAll(far);
		union.addAll(stalled);
		Latencies expected = new Latencies();
		union.forEach(expected::recordMillis);
		assertThat(merged.getTotalCount()).isEqualTo(10_000);
		for (double percentile : new double[] { 50, 90, 99, 99.9 }) {
			assertThat(merged.getValueAtPercentile(percentile) / 1000.0).as("p" + percentile)
				.isEqualTo(expected.percentileMs(percentile));
		}
		assertThat(merged.getMaxValue() / 1000.0).isEqualTo(expected.maxMs());

		// Against the sorted union itself: within the histogram's 4 significant digits.
		Collections.sort(union);
		assertThat(merged.getValueAtPercentile(99) / 1000.0).isCloseTo(union.get(9_899), within(union.get(9_899) * 2e-4 + 1e-3));
		assertThat(merged.getValueAtPercentile(50) / 1000.0).isCloseTo(union.get(4_999), within(union.get(4_999) * 2e-4 + 1e-3));

		// What averaging would have said: the p99 of three injectors averaged is nowhere near.
		double averaged = logs.values().stream().mapToDouble((g) -> g.get("query").getValueAtPercentile(99) / 1000.0).average()
			.orElseThrow();
		assertThat(averaged).isGreaterThan(2 * merged.getValueAtPercentile(99) / 1000.0);

		List<IntervalLogs.Row> rows = IntervalLogs.rows(logs);
		assertThat(rows).extracting(IntervalLogs.Row::injector).last().isEqualTo("all");
		assertThat(rows).hasSize(4);
		assertThat(rows.getLast().count()).isEqualTo(10_000);
	}

	@Test
	void aRecordersLogHoldsWhatItsSummarySays() throws IOException {
		Path log = inject("one", uniform(5_000, 0.2, 80, 7));
		JsonNode query = JsonMapper.shared().readTree(log.resolveSibling("summary.json").toFile()).path("groups").path("query");
		Histogram h = IntervalLogs.read(log).get("query");
		assertThat(h.getTotalCount()).isEqualTo(query.path("count").asLong());
		assertThat(h.getValueAtPercentile(99) / 1000.0).isEqualTo(query.path("p99Ms").asDouble());
		assertThat(h.getMaxValue() / 1000.0).isEqualTo(query.path("maxMs").asDouble());
	}

	@Test
	void groupsWithSpacesOrCommasAreTaggedSafely() throws IOException {
		LoadRecorder recorder = new LoadRecorder("step",
				Parameters.of(Parameters.RESULTS_DIR.name(), this.dir.toString(), Parameters.RUN_ID.name(), "t"));
		recorder.record("set up, then query", 0, 1_000_000, 200, true, "t", "s");
		Path log = recorder.finish().resolveSibling(IntervalLogs.FILE);
		assertThat(IntervalLogs.read(log)).containsOnlyKeys("set_up__then_query");
	}

	@Test
	void aFolderNamesItsOneLogAndAnythingElseIsRefusedByName() throws IOException {
		Path log = inject("folder", List.of(1.0));
		assertThat(MergedLogs.find(this.dir.resolve("folder"))).isEqualTo(log);
		inject("second", List.of(2.0));
		assertThatThrownBy(() -> MergedLogs.find(this.dir)).hasMessageContaining("2 latency logs");
		assertThatThrownBy(() -> MergedLogs.find(this.dir.resolve("missing"))).hasMessageContaining("missing");
		Path notALog = Files.writeString(this.dir.resolve("requests.hlog"), "group,trace_id\nquery,abc\n");
		assertThatThrownBy(() -> IntervalLogs.read(notALog)).hasMessageContaining("requests.hlog");
	}

	@Test
	void theMergedLogReadsBackAsTheMerge() throws IOException {
		Map<String, Map<String, Histogram>> logs = IntervalLogs.readAll(
				List.of(inject("a", uniform(300, 1, 2, 11)), inject("b", uniform(300, 5, 9, 12))));
		Map<String, Histogram> merged = IntervalLogs.merge(new ArrayList<>(logs.values()));
		Path out = this.dir.resolve("merged.hlog");
		MergedLogs.write(merged, out);
		assertThat(IntervalLogs.read(out)).isEqualTo(merged);
	}

}
