package io.latencylab.lab.report;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import io.latencylab.observability.IntervalLogs;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/** `./lab merge`: the injectors' latency logs found, merged, printed and written. */
public final class MergedLogs {

	private MergedLogs() {
	}

	/** The log itself, or the one latency.hlog under a folder (a step's, or an injector's results). */
	public static Path find(Path path) throws IOException {
		if (Files.isRegularFile(path)) {
			return path;
		}
		if (!Files.isDirectory(path)) {
			throw new FileNotFoundException(path + ": no such file or folder");
		}
		List<Path> found;
		try (Stream<Path> files = Files.walk(path, 6)) {
			found = files.filter((f) -> f.getFileName().toString().equals(IntervalLogs.FILE)).sorted().toList();
		}
		if (found.size() != 1) {
			throw new IllegalArgumentException(path + " holds " + (found.isEmpty() ? "no " + IntervalLogs.FILE
					: found.size() + " latency logs (" + found.getFirst() + ", …); name one, or a step's folder"));
		}
		return found.getFirst();
	}

	public static String table(List<IntervalLogs.Row> rows) {
		StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-28s %-40s %10s %10s %10s %10s %10s%n", "group",
				"injector", "count", "p50 ms", "p90 ms", "p99 ms", "max ms"));
		for (IntervalLogs.Row r : rows) {
			out.append(String.format(Locale.ROOT, "%-28s %-40s %10d %10.3f %10.3f %10.3f %10.3f%n", r.group(),
					shorten(r.injector()), r.count(), r.p50Ms(), r.p90Ms(), r.p99Ms(), r.maxMs()));
		}
		return out.toString();
	}

	private static String shorten(String injector) {
		return (injector.length() <= 40) ? injector : "…" + injector.substring(injector.length() - 39);
	}

	/** The merged groups as one interval log, an interval each, tagged with its group. */
	public static void write(Map<String, Histogram> merged, Path out) throws IOException {
		HistogramLogWriter writer = new HistogramLogWriter(out.toFile());
		try {
			writer.outputLogFormatVersion();
			writer.outputLegend();
			merged.forEach((group, h) -> {
				Histogram tagged = h.copy();
				tagged.setTag(group);
				writer.outputIntervalHistogram(tagged);
			});
		}
		finally {
			writer.close();
		}
	}

}
