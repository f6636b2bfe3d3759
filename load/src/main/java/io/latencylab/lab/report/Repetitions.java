package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.latencylab.lab.run.RunData;
import io.latencylab.lab.run.RunData.StepData;
import io.latencylab.observability.GroupStats;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Several runs of one plan, taken together: per step and request group, the mean over the runs
 * of each run's figure, with its 95% confidence interval (Student's t over the runs), so that a
 * reader sees how far one run's value can be trusted.
 */
public final class Repetitions {

	private Repetitions() {
	}

	/** One figure over the runs: mean ± the half-width of its 95% confidence interval. */
	record Interval(int n, double mean, double halfWidth) {

		static Interval of(double[] values) {
			SummaryStatistics stats = new SummaryStatistics();
			for (double value : values) {
				stats.addValue(value);
			}
			if (stats.getN() < 2) {
				return new Interval((int) stats.getN(), stats.getMean(), Double.NaN);
			}
			double t = new TDistribution(stats.getN() - 1).inverseCumulativeProbability(0.975);
			return new Interval((int) stats.getN(), stats.getMean(), t * stats.getStandardDeviation() / Math.sqrt(stats.getN()));
		}

		String text() {
			return Double.isNaN(this.halfWidth) ? String.format(Locale.ROOT, "%.2f", this.mean)
					: String.format(Locale.ROOT, "%.2f ± %.2f", this.mean, this.halfWidth);
		}

	}

	/** Writes repetitions.md and repetitions.html into {@code dir}; returns the HTML's path. */
	public static Path write(List<RunData> runs, Path dir) throws IOException {
		Files.createDirectories(dir);
		ReportDocument doc = build(runs);
		Files.writeString(dir.resolve("repetitions.md"), doc.markdown());
		Path html = dir.resolve("repetitions.html");
		Files.writeString(html, doc.html("latency-lab: " + runs.size() + " runs of " + runs.getFirst().manifest().experiment()));
		return html;
	}

	static ReportDocument build(List<RunData> runs) {
		ReportDocument doc = new ReportDocument();
		doc.heading(1, runs.size() + " runs of " + runs.getFirst().manifest().experiment());
		doc.text("Runs: " + String.join(", ", runs.stream().map((r) -> r.manifest().runId()).toList()) + ". Per step and "
				+ "request group, each figure is the mean over the runs of that run's own figure, ± the half-width of its "
				+ "95% confidence interval (Student's t with n − 1 degrees of freedom). An interval needs two runs or "
				+ "more; a step missing from a run is left out of its figures.");
		Map<String, List<GroupStats>> byStepAndGroup = new LinkedHashMap<>();
		for (RunData run : runs) {
			for (StepData step : run.steps()) {
				for (GroupStats group : step.stats()) {
					byStepAndGroup.computeIfAbsent(step.record().name() + "\u0000" + group.group(), (k) -> new ArrayList<>())
						.add(group);
				}
			}
		}
		List<List<String>> rows = new ArrayList<>();
		byStepAndGroup.forEach((key, groups) -> {
			String[] names = key.split("\u0000", 2);
			rows.add(List.of(names[0], names[1], String.valueOf(groups.size()), over(groups, GroupStats::meanMs),
					over(groups, GroupStats::p50Ms), over(groups, GroupStats::p99Ms), over(groups, GroupStats::throughputPerSec),
					over(groups, GroupStats::errorPercent)));
		});
		doc.table(List.of("step", "group", "runs", "mean ms", "p50 ms", "p99 ms", "req/s", "errors %"), rows);
		return doc;
	}

	private static String over(List<GroupStats> groups, ToDoubleFunction<GroupStats> figure) {
		return Interval.of(groups.stream().mapToDouble(figure).toArray()).text();
	}

}
