package io.latencylab.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.latencylab.observability.Latencies;
import tools.jackson.databind.json.JsonMapper;

/**
 * Results per load step (a concurrency level or an arrival rate), from the request log: the
 * requests that ended within each step's window.
 */
public final class Steps {

	/** One step: its level, and what was measured in it. */
	public record Step(int level, long count, long errors, double aggregatePerSec, double perClientPerSec,
			double meanMs, double p50Ms, double p99Ms) {
	}

	private Steps() {
	}

	/** Ends the recorder's run and measures its steps from the request log it wrote. */
	public static List<Step> finish(LoadRecorder recorder, long startMillis, java.time.Duration step,
			List<Integer> levels) {
		recorder.finish();
		return measure(recorder.directory().resolve("requests.csv"), startMillis, step.toMillis(), levels);
	}

	public static List<Step> measure(Path requestsCsv, long startMillis, long stepMillis, List<Integer> levels) {
		List<Latencies> histograms = new ArrayList<>();
		long[] errors = new long[levels.size()];
		levels.forEach((level) -> histograms.add(new Latencies()));
		try {
			List<String> lines = Files.readAllLines(requestsCsv);
			for (String line : lines.subList(1, lines.size())) {
				String[] fields = line.split(",");
				double durationMs = Double.parseDouble(fields[3]);
				long end = Long.parseLong(fields[2]) + Math.round(durationMs);
				int step = (int) ((end - startMillis) / stepMillis);
				if (step >= 0 && step < levels.size()) {
					histograms.get(step).recordMillis(durationMs);
					int status = Integer.parseInt(fields[4]);
					errors[step] += (status >= 200 && status < 300) ? 0 : 1;
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<Step> steps = new ArrayList<>();
		for (int i = 0; i < levels.size(); i++) {
			Latencies h = histograms.get(i);
			double perSec = h.count() / (stepMillis / 1000.0);
			steps.add(new Step(levels.get(i), h.count(), errors[i], perSec, perSec / levels.get(i), h.meanMs(),
					h.percentileMs(50), h.percentileMs(99)));
		}
		return steps;
	}

	/** Prints the table and writes it as JSON beside the summary. */
	public static void report(String title, String levelName, List<Step> steps, Path json, Map<String, Object> extra) {
		System.out.println();
		System.out.println(title);
		System.out.printf(Locale.ROOT, "%10s %10s %8s %14s %14s %10s %10s %10s%n", levelName, "requests", "errors",
				"aggregate/s", "per client/s", "mean ms", "p50 ms", "p99 ms");
		for (Step s : steps) {
			System.out.printf(Locale.ROOT, "%10d %10d %8d %14.1f %14.2f %10.2f %10.2f %10.2f%n", s.level(), s.count(),
					s.errors(), s.aggregatePerSec(), s.perClientPerSec(), s.meanMs(), s.p50Ms(), s.p99Ms());
		}
		Map<String, Object> document = new LinkedHashMap<>(extra);
		document.put("steps", steps);
		JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValue(json.toFile(), document);
		System.out.println("Steps: " + json.toAbsolutePath());
	}

}
