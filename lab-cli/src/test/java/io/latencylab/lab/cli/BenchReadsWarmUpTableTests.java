package io.latencylab.lab.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.results.Settling;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The benchmarks (bench/time-to-steady, bench/warm-tours) read the warm-up's table that {@code ./lab warm}
 * writes. When the table gained its CPU steal column, their reader took the steal for the verdict and counted
 * every target unsettled; this holds the two sides together.
 */
class BenchReadsWarmUpTableTests {

	private static final Path ROOT = Path.of("..");

	@Test
	void eachTargetsSecondsAndVerdictAreReadAsWritten(@TempDir Path dir) throws Exception {
		assumeThat(ScriptsParseTests.onPath("python3")).as("python3 on the PATH").isTrue();
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.put("toy-query@1", List.of(window(0.9, 300, 0.02), window(0.70, 10, 0.0), window(0.71, 0, 0.01),
				window(0.69, 0, 0.0)), Settling.End.SETTLED);
		// A window of too few answers to judge shows as "too few" in its p50 column.
		settling.put("toy-buy@1", List.of(window(30, 3000, 0.10), new Window(Double.NaN, 3, 5.0, Double.NaN),
				window(12, 1000, 0.3)), Settling.End.BUDGET);
		// A lap after the first re-judges the same targets: its table follows, and the bench reads the first lap's.
		Settling lap = new Settling(Convergence.DEFAULT);
		lap.put("toy-query@1", List.of(window(0.5, 0, 0.0), window(0.5, 0, 0.0), window(0.5, 0, 0.0)), Settling.End.SETTLED,
				true);
		Path table = dir.resolve("warm.md");
		Files.writeString(table,
				WarmCommand.warmUpTable("Warm-up of bare: warm-test", settling) + WarmCommand.lapTables(List.of(lap)));
		assertThat(Files.readString(table)).contains("## Lap 2: each target re-judged after the others ran")
			.containsPattern("\\| toy-query@1 \\| 3 \\| 15 \\| 0.500 → 0.500 → 0.500 \\|");

		Process python = new ProcessBuilder("python3", "-c", """
				import sys
				sys.path.insert(0, "bench")
				from benchlib import warm_table
				for target, (windows, seconds, p50s, verdict) in warm_table(sys.argv[1]).items():
				    print(target, windows, seconds, p50s[1], p50s[-1], verdict, sep="|")
				""", table.toAbsolutePath().toString()).directory(ROOT.toFile()).redirectErrorStream(true).start();
		String out;
		try {
			assertThat(python.waitFor(60, TimeUnit.SECONDS)).as("the bench's reader answered within 60 s").isTrue();
			out = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		}
		finally {
			python.destroyForcibly(); // nothing left running when it hangs
		}
		assertThat(python.exitValue()).as(out).isZero();
		List<String> rows = out.lines().toList();
		assertThat(rows).hasSize(2);
		assertThat(rows.get(0)).startsWith("toy-query@1|4|20|0.7|0.69|settled at 20 s");
		assertThat(rows.get(1)).isEqualTo("toy-buy@1|3|15|nan|12.0|not settled: too few windows to classify; the warm-up's cap spent");
	}

	private static Window window(double p50, double jitMs, double steal) {
		return new Window(p50, 1_000, 5.0, jitMs, steal);
	}

}
