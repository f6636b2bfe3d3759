package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.DoubleStream;

import io.latencylab.lab.net.NetworkProbe;
import io.latencylab.lab.report.DeploymentComparison.Sides;
import io.latencylab.observability.Latencies;

/**
 * A comparison's path alone, both sides: the round trips and bandwidth each run's probe measured
 * to a server where its deployment runs the services, pooled per side, in a table and as CDFs.
 */
final class ProbeComparison {

	private ProbeComparison() {
	}

	static Optional<NetworkProbe.Result> probe(Path runDir) throws IOException {
		Path csv = runDir.resolve(NetworkProbe.CSV);
		return Files.exists(csv) ? Optional.of(NetworkProbe.Result.read(csv)) : Optional.empty();
	}

	/**
	 * The cloud study's Figures 4–6 for these deployments: the path's round trip and bandwidth as
	 * distributions, every run's probe of a side pooled; percentiles in a table and CDFs in charts.
	 */
	static void write(Sides sides, List<NetworkProbe.Result> a, List<NetworkProbe.Result> b, ReportDocument doc,
			Path charts) throws IOException {
		if (a.isEmpty() || b.isEmpty()) {
			return;
		}
		doc.heading(2, "The path alone: round trips and bandwidth");
		doc.text("After each run, with the services idle, the lab probed the path to the JDK's own file server "
				+ "(java -m jdk.httpserver) run where the deployment runs its services: round trips are GETs of a "
				+ "1-byte file on one kept-alive connection (after 200 unmeasured), bandwidth GETs of a 64 MiB file, one "
				+ "at a time (MB = 10⁶ bytes). The server and the client are the same on both sides; the path is not. "
				+ "Every run's values of a side pooled: " + a.size() + " probes of A, " + b.size() + " of B.");
		double[] rttA = pooled(a, NetworkProbe.Result::roundTripMicros);
		double[] rttB = pooled(b, NetworkProbe.Result::roundTripMicros);
		double[] bwA = pooled(a, NetworkProbe.Result::megabytesPerSecond);
		double[] bwB = pooled(b, NetworkProbe.Result::megabytesPerSecond);
		List<List<String>> rows = new ArrayList<>();
		// Round trips are latencies: the lab's one way to take their percentiles. Bandwidth is a rate,
		// 10 transfers a run: the nearest rank of the sorted values.
		rows.add(probeRow("round trip (µs)", rttA, rttB, ProbeComparison::latencyPercentile));
		rows.add(probeRow("bandwidth (MB/s)", bwA, bwB, ProbeComparison::quantile));
		doc.table(List.of("", "n A", "A p10", "A p50", "A p90", "A p99", "n B", "B p10", "B p50", "B p90", "B p99",
				"B p50 − A p50"), rows);
		Files.createDirectories(charts);
		Charts.cdf(charts.resolve("probe-round-trip.png"), "round trip to the probe's server, CDF", "µs",
				series(sides, cdf(rttA), cdf(rttB)), true);
		doc.image("charts/probe-round-trip.png", "round-trip CDF of both sides");
		Charts.cdf(charts.resolve("probe-bandwidth.png"), "bandwidth of one transfer, CDF", "MB/s",
				series(sides, cdf(bwA), cdf(bwB)), false);
		doc.image("charts/probe-bandwidth.png", "bandwidth CDF of both sides");
	}

	private static Map<String, List<double[]>> series(Sides sides, List<double[]> a, List<double[]> b) {
		Map<String, List<double[]>> series = new LinkedHashMap<>();
		series.put("A: " + sides.a(), a);
		series.put("B: " + sides.b(), b);
		return series;
	}

	private static double[] pooled(List<NetworkProbe.Result> probes, Function<NetworkProbe.Result, double[]> values) {
		return probes.stream().flatMapToDouble((p) -> DoubleStream.of(values.apply(p))).sorted().toArray();
	}

	private static List<String> probeRow(String name, double[] a, double[] b, Quantile quantile) {
		List<String> row = new ArrayList<>(List.of(name));
		for (double[] values : List.of(a, b)) {
			row.add(String.valueOf(values.length));
			for (double q : new double[] { 0.10, 0.50, 0.90, 0.99 }) {
				row.add(String.format(Locale.ROOT, "%.1f", quantile.of(values, q)));
			}
		}
		row.add(String.format(Locale.ROOT, "%+.1f", quantile.of(b, 0.5) - quantile.of(a, 0.5)));
		return row;
	}

	@FunctionalInterface
	private interface Quantile {

		double of(double[] sorted, double q);

	}

	/** Round trips in µs through {@link Latencies}, HdrHistogram's percentile as every latency of the lab. */
	static double latencyPercentile(double[] micros, double q) {
		Latencies latencies = new Latencies();
		for (double us : micros) {
			latencies.recordMillis(us / 1000);
		}
		return 1000 * latencies.percentileMs(100 * q);
	}

	/** The value below which a share {@code q} of the sorted values lie (nearest rank). */
	static double quantile(double[] sorted, double q) {
		if (sorted.length == 0) {
			return Double.NaN;
		}
		int rank = (int) Math.ceil(q * sorted.length);
		return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
	}

	/** At most 200 points {value, fraction at or below it} of sorted values. */
	static List<double[]> cdf(double[] sorted) {
		List<double[]> points = new ArrayList<>();
		int step = Math.max(1, sorted.length / 200);
		for (int i = 0; i < sorted.length; i += step) {
			points.add(new double[] { sorted[i], (i + 1.0) / sorted.length });
		}
		if (sorted.length > 0) {
			points.add(new double[] { sorted[sorted.length - 1], 1.0 });
		}
		return points;
	}

}
