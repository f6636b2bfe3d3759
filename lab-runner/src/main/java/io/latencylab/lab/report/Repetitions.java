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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
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

		/** As {@link #text()}, with the mean's sign always written (a difference). */
		String signedText() {
			return Double.isNaN(this.halfWidth) ? String.format(Locale.ROOT, "%+.2f", this.mean)
					: String.format(Locale.ROOT, "%+.2f ± %.2f", this.mean, this.halfWidth);
		}

	}

	/**
	 * Writes repetitions.md and repetitions.html into {@code dir}; returns the HTML's path.
	 *
	 * @param sections the studies' sections, whose tables are given over the runs too
	 */
	public static Path write(List<RunData> runs, Path dir, List<? extends ReportSection> sections) throws IOException {
		Files.createDirectories(dir);
		ReportDocument doc = build(runs);
		Path scratch = Files.createTempDirectory("lab-charts");
		try {
			studyTables(runs, sections, doc, scratch);
		}
		finally {
			try (var files = Files.walk(scratch)) {
				files.sorted(java.util.Comparator.reverseOrder()).forEach((f) -> f.toFile().delete());
			}
		}
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

	/**
	 * Every study section that has something to say of these runs, written for each run alone and
	 * then merged: text as the first run has it, and each table cell by cell (see {@link #cell}).
	 * Charts are one run's and are left out.
	 */
	static void studyTables(List<RunData> runs, List<? extends ReportSection> sections, ReportDocument doc, Path charts)
			throws IOException {
		boolean first = true;
		for (ReportSection section : sections) {
			List<List<ReportDocument.Table>> tables = new ArrayList<>();
			List<List<ReportDocument.Heading>> headings = new ArrayList<>();
			ReportDocument firstRun = null;
			for (RunData run : runs) {
				ReportDocument one = new ReportDocument();
				section.report(run, one, charts);
				firstRun = (firstRun == null) ? one : firstRun;
				tables.add(blocksOf(one, ReportDocument.Table.class));
				headings.add(blocksOf(one, ReportDocument.Heading.class));
			}
			if (firstRun == null || firstRun.blocks().isEmpty()) {
				continue;
			}
			if (first) {
				doc.heading(2, "The studies' tables over the " + runs.size() + " runs");
				doc.text("Each study's tables as its report gives them, with every figure that differs between the runs "
						+ "given as its mean ± the half-width of its 95% confidence interval; a cell holding several figures "
						+ "lists each run's, separated by semicolons. Text is the first run's; charts are in each run's own report.");
				first = false;
			}
			int ordinal = 0;
			int headingOrdinal = 0;
			for (ReportDocument.Block block : firstRun.blocks()) {
				switch (block) {
					case ReportDocument.Heading h -> {
						// A heading may carry a figure (a sweep's peak): given over the runs as a cell is.
						int k = headingOrdinal++;
						doc.heading(h.level() + 1, cell(headings.stream()
							.filter((hs) -> hs.size() > k)
							.map((hs) -> hs.get(k).text())
							.toList()));
					}
					case ReportDocument.Text t -> doc.text(t.text());
					case ReportDocument.Table t -> {
						int k = ordinal++;
						List<ReportDocument.Table> same = tables.stream()
							.filter((ts) -> ts.size() > k && ts.get(k).headers().equals(t.headers())
									&& ts.get(k).rows().size() == t.rows().size())
							.map((ts) -> ts.get(k))
							.toList();
						List<List<String>> rows = new ArrayList<>();
						for (int r = 0; r < t.rows().size(); r++) {
							List<String> row = new ArrayList<>();
							for (int c = 0; c < t.rows().get(r).size(); c++) {
								int rr = r;
								int cc = c;
								row.add(cell(same.stream().map((table) -> table.rows().get(rr).get(cc)).toList()));
							}
							rows.add(row);
						}
						if (same.size() < runs.size()) {
							doc.text("Over " + same.size() + " of the " + runs.size() + " runs: the others' table differs in shape.");
						}
						doc.table(t.headers(), rows);
					}
					case ReportDocument.Image i -> {
					}
				}
			}
		}
	}

	private static <T extends ReportDocument.Block> List<T> blocksOf(ReportDocument doc, Class<T> type) {
		return doc.blocks().stream().filter(type::isInstance).map(type::cast).toList();
	}

	private static final Pattern NUMBER = Pattern
		.compile("[+-]?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|[+-]?\\d+(?:\\.\\d+)?");

	/**
	 * One table cell over the runs: kept when every run has it alike; a figure that differs becomes
	 * its mean ± the half-width of its 95% interval, written as the runs wrote it (decimals, thousands
	 * separators, a sign, the text around it); a cell of several figures lists each run's.
	 */
	static String cell(List<String> values) {
		if (values.stream().distinct().count() <= 1) {
			return values.isEmpty() ? "" : values.getFirst();
		}
		List<String> skeletons = values.stream().map((v) -> NUMBER.matcher(v).replaceAll("#")).distinct().toList();
		String skeleton = skeletons.getFirst();
		if (skeletons.size() > 1 || skeleton.chars().filter((ch) -> ch == '#').count() != 1) {
			return String.join("; ", values);
		}
		double[] numbers = new double[values.size()];
		int decimals = 0;
		boolean grouped = false;
		boolean signed = false;
		for (int i = 0; i < values.size(); i++) {
			Matcher m = NUMBER.matcher(values.get(i));
			m.find();
			String number = m.group();
			numbers[i] = Double.parseDouble(number.replace(",", ""));
			int dot = number.indexOf('.');
			decimals = Math.max(decimals, (dot < 0) ? 0 : number.length() - dot - 1);
			grouped |= number.contains(",");
			signed |= number.startsWith("+");
		}
		Interval interval = Interval.of(numbers);
		String format = "%" + (signed ? "+" : "") + (grouped ? "," : "") + "." + decimals + "f";
		String text = String.format(Locale.ROOT, format, interval.mean())
				+ (Double.isNaN(interval.halfWidth()) ? ""
						: " ± " + String.format(Locale.ROOT, "%" + (grouped ? "," : "") + "." + decimals + "f", interval.halfWidth()));
		return skeleton.replace("#", text);
	}

	private static String over(List<GroupStats> groups, ToDoubleFunction<GroupStats> figure) {
		return Interval.of(groups.stream().mapToDouble(figure).toArray()).text();
	}

}
