package io.latencylab.observability;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The injectors' latency logs (HdrHistogram interval logs, one interval histogram a second per
 * request group, tagged with the group, values in microseconds), read back and merged exactly:
 * histograms are added count by count, so the merged p50, p99 and max are those of every request
 * of every injector together, never an average of the injectors' percentiles.
 */
public final class IntervalLogs {

	/** What every injector writes beside its requests.csv. */
	public static final String FILE = "latency.hlog";

	private IntervalLogs() {
	}

	/** One injector's log: each group's intervals added up (values in µs). */
	public static Map<String, Histogram> read(Path log) throws IOException {
		if (!Files.isRegularFile(log)) {
			throw new FileNotFoundException(log + ": no such latency log");
		}
		// HdrHistogram's reader skips lines it cannot parse: a file without the log's header is refused here.
		try (var lines = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1).lines()) {
			if (lines.limit(20).noneMatch((line) -> line.startsWith("#[Histogram log format version"))) {
				throw new IllegalArgumentException(log + ": not an HdrHistogram interval log (no \"#[Histogram log format "
						+ "version\" line at its head)");
			}
		}
		Map<String, Histogram> groups = new TreeMap<>();
		HistogramLogReader reader = new HistogramLogReader(log.toFile());
		try {
			// Bounded by the file: each call reads one interval line until none is left.
			for (EncodableHistogram interval = next(reader, log); interval != null; interval = next(reader, log)) {
				if (!(interval instanceof Histogram h)) {
					throw new IllegalArgumentException(log + ": holds a " + interval.getClass().getSimpleName()
							+ ", not the integer histograms the lab writes");
				}
				String tag = (h.getTag() != null) ? h.getTag() : "(untagged)";
				groups.computeIfAbsent(tag, (k) -> new Histogram(Latencies.SIGNIFICANT_DIGITS)).add(h);
			}
		}
		finally {
			reader.close();
		}
		return groups;
	}

	private static EncodableHistogram next(HistogramLogReader reader, Path log) {
		try {
			return reader.nextIntervalHistogram();
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException(log + ": not an HdrHistogram interval log (" + ex.getMessage() + ")", ex);
		}
	}

	/** Several injectors' groups, each group's histograms added: the exact union. */
	public static Map<String, Histogram> merge(List<Map<String, Histogram>> injectors) {
		Map<String, Histogram> merged = new TreeMap<>();
		for (Map<String, Histogram> injector : injectors) {
			injector.forEach((group, h) -> merged.computeIfAbsent(group, (k) -> new Histogram(Latencies.SIGNIFICANT_DIGITS))
				.add(h));
		}
		return merged;
	}

	/** A row of the merge's table: one injector's group, or the merged group. */
	public record Row(String group, String injector, long count, double p50Ms, double p90Ms, double p99Ms,
			double maxMs) {

		static Row of(String group, String injector, Histogram h) {
			return new Row(group, injector, h.getTotalCount(), ms(h, 50), ms(h, 90), ms(h, 99),
					(h.getTotalCount() == 0) ? 0 : h.getMaxValue() / 1000.0);
		}

		private static double ms(Histogram h, double percentile) {
			return (h.getTotalCount() == 0) ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
		}

	}

	/** Per group: each injector's row, then the merged row ("all"). */
	public static List<Row> rows(Map<String, Map<String, Histogram>> byInjector) {
		Map<String, Histogram> merged = merge(new ArrayList<>(byInjector.values()));
		List<Row> rows = new ArrayList<>();
		merged.forEach((group, all) -> {
			byInjector.forEach((injector, groups) -> {
				if (groups.containsKey(group)) {
					rows.add(Row.of(group, injector, groups.get(group)));
				}
			});
			rows.add(Row.of(group, "all", all));
		});
		return rows;
	}

	/**
	 * Each log, read in order, by the name of its folder (a recorder's results folder names its
	 * step and run), or by its path when two folders share a name.
	 */
	public static Map<String, Map<String, Histogram>> readAll(List<Path> logs) throws IOException {
		Map<String, Map<String, Histogram>> byInjector = new LinkedHashMap<>();
		boolean distinctFolders = logs.stream().map(IntervalLogs::folder).distinct().count() == logs.size();
		for (Path log : logs) {
			byInjector.put(distinctFolders ? folder(log) : log.toString(), read(log));
		}
		return byInjector;
	}

	private static String folder(Path log) {
		Path parent = log.toAbsolutePath().getParent();
		return (parent != null && parent.getFileName() != null) ? parent.getFileName().toString() : log.toString();
	}

}
