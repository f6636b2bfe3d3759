package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.observability.Anatomy;
import io.latencylab.observability.BandDecomposition;
import io.latencylab.observability.Bands;
import io.latencylab.observability.Decomposition;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.GroupDecomposition.ComponentStats;
import io.latencylab.observability.TraceSample;
import io.latencylab.observability.WhatIf;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;

/**
 * Each step's latency decomposed: every group's components with their means adding up to the
 * client's, and where the tail goes, band by band, with a waterfall of one request of each.
 */
final class DecompositionSection implements ReportSection {

	/** Components drawn separately in a decomposition chart; the rest is drawn as "other". */
	static final int CHART_COMPONENTS = 8;

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		doc.heading(2, "Latency decomposition");
		doc.text(Decomposition.method(TraceSample.PER_GROUP, TraceSample.PER_BAND));
		for (StepData step : run.steps()) {
			if (step.decomposition().isEmpty() && step.byBand().isEmpty()) {
				continue;
			}
			doc.heading(3, step.record().name());
			String file = "decomposition-" + step.record().index() + ".png";
			Charts.stackedBars(charts.resolve(file), step.record().name() + ": mean latency by component", "ms",
					chartBars(byGroup(step.decomposition())));
			doc.image("charts/" + file, "decomposition of " + step.record().name());
			for (GroupDecomposition g : step.decomposition()) {
				doc.text("**" + g.group() + "**: " + g.decomposed() + " of " + g.requests() + " requests decomposed; "
						+ "the parts' means add up to " + String.format(Locale.ROOT, "%.1f%%", 100 * g.sumOverClient())
						+ " of the client's mean. " + overrun(g));
				doc.table(List.of("component", "mean ms", "p50 ms", "p99 ms", "share of mean"), componentRows(g));
			}
			whatIf(run.manifest().runId(), step, doc);
			tail(step, doc, charts);
		}
	}

	/**
	 * Where the step's tail goes: per group, every component's mean in each band with what grows
	 * over the reference band, the bands as stacked bars, and a waterfall of one request of the
	 * reference band and one of the slowest.
	 */
	private static void tail(StepData step, ReportDocument doc, Path charts) throws IOException {
		if (step.byBand().isEmpty()) {
			return;
		}
		doc.heading(4, "Where the tail goes: " + step.record().name());
		Bands bands = step.bands();
		doc.text("Each group's answered requests ranked by client latency and cut into bands (" + bands.spec()
				+ "); in each band every component's mean over its traced requests, adding up to their mean client latency. "
				+ "\"Δ\" columns: a band's means less the " + bands.reference().name() + " band's, what grows in the tail.");
		Map<String, Map<String, Double>> bars = new LinkedHashMap<>();
		for (BandDecomposition g : step.byBand()) {
			doc.text("**" + g.group() + "**");
			doc.table(bandHeaders(bands), bandRows(g, bands));
			g.bands().forEach((b) -> bars.put(g.group() + ", " + b.band().name(), b.parts()));
		}
		String file = "bands-" + step.record().index() + ".png";
		Charts.stackedBars(charts.resolve(file), step.record().name() + ": mean latency by component, per band", "ms",
				topComponents(bars));
		doc.image("charts/" + file, "decomposition per band of " + step.record().name());
		for (BandDecomposition g : step.byBand()) {
			int n = 0;
			for (Anatomy anatomy : g.examples().values()) {
				String name = "waterfall-" + step.record().index() + "-" + slug(g.group()) + "-" + (++n) + ".png";
				Charts.waterfall(charts.resolve(name), g.group() + ": one request of the " + anatomy.band() + " band, "
						+ ms(anatomy.clientMs()) + " ms", anatomy);
				doc.image("charts/" + name, "waterfall of one " + g.group() + " request of the " + anatomy.band() + " band");
				doc.text("Trace `" + anatomy.traceId() + "`" + ((anatomy.spansLeftOut() > 0)
						? "; " + anatomy.spansLeftOut() + " more of its spans are not drawn." : "."));
			}
		}
	}

	/** Requests in flight at once, on average, from which the report says a projection's error grows. */
	static final double CONCURRENT = 1.5;

	/** Each group's largest parts, projected gone and twice as long: the client's p50 and p99 each way. */
	private static void whatIf(String runId, StepData step, ReportDocument doc) {
		if (step.whatIf().isEmpty()) {
			return;
		}
		doc.heading(4, "What if a part were faster or slower: " + step.record().name());
		doc.text("Each group's " + RunData.WHAT_IF_PARTS + " largest parts, projected gone (×0) and twice as long (×2): "
				+ "each traced request re-timed along its critical path (a fan-out waits for its slowest branch, which may "
				+ "change), weighted for the untraced requests of its ranks, every other part as measured. It cannot know "
				+ "that a faster part would change the load, and so the queueing, of the others. `./lab whatif "
				+ runId + " --step " + step.record().name() + " --part PART --scale F` (or `--shift ±DURATION`) "
				+ "projects any part, with the tail's bands.");
		double inFlight = WhatIf.meanInFlight(step.requests());
		if (inFlight >= CONCURRENT) {
			// Measured: at 5 clients on 2 cores, the others' CPU queueing moved with the part, unseen by the projection.
			doc.text(String.format(Locale.ROOT, "This step's requests overlapped (%.1f in flight on average): where they "
					+ "queue for one another (CPUs, a lock, a pool), a part changed also changes the wait of the others, which "
					+ "no re-timing of each request alone can see, and the projection's error grows with the clients. Read it "
					+ "as what the part alone would change, the others' queueing kept as measured (docs/decomposition.md, "
					+ "\"Checked against the truth\").", inFlight));
		}
		List<List<String>> rows = new ArrayList<>();
		for (WhatIf.Sensitivity s : step.whatIf()) {
			rows.add(List.of(s.group(), s.part(), ms(s.partMeanMs()), ms(s.measured().p50Ms()), ms(s.ifNone().p50Ms()),
					ms(s.ifTwice().p50Ms()), ms(s.measured().p99Ms()), ms(s.ifNone().p99Ms()), ms(s.ifTwice().p99Ms())));
		}
		doc.table(List.of("group", "part", "its mean ms", "p50 ms", "p50 if none", "p50 if ×2", "p99 ms", "p99 if none",
				"p99 if ×2"), rows);
	}

	static List<String> bandHeaders(Bands bands) {
		List<String> headers = new ArrayList<>(List.of("component"));
		bands.bands().forEach((b) -> headers.add(b.label() + " ms"));
		bands.bands().stream().skip(1).forEach((b) -> headers.add("Δ " + b.name()));
		return headers;
	}

	/** The band sizes, the client's means, then every component's mean per band and its growth over the first. */
	static List<List<String>> bandRows(BandDecomposition g, Bands bands) {
		List<List<String>> rows = new ArrayList<>();
		List<BandDecomposition.BandStats> stats = g.bands();
		rows.add(bandRow("requests traced of in band", stats, (b) -> count(b.decomposed()) + " of " + count(b.requests()), null));
		if (stats.stream().anyMatch((b) -> b.injected() > 0)) {
			// A known answer's passes told from the rest: where a stall of the machine's own shares a band with them.
			rows.add(bandRow("of them, injected (`lab.injected` in the trace)", stats,
					(b) -> count(b.injected()) + " of " + count(b.decomposed()), null));
		}
		rows.add(bandRow("client, every request in band", stats, (b) -> ms(b.clientMeanMs()), null));
		rows.add(bandRow("**client observed** (traced)", stats, (b) -> ms(b.decomposedClientMeanMs()),
				BandDecomposition.BandStats::decomposedClientMeanMs));
		for (String component : g.components()) {
			rows.add(bandRow(component, stats, (b) -> ms(b.part(component)), (b) -> b.part(component)));
		}
		if (stats.stream().anyMatch((b) -> b.frontDoorSplit().requests() > 0)) {
			// Not parts of their own: the front door above, split where the server said when it read the request.
			rows.add(bandRow("front door, of which: read by the server, before the root span", stats,
					(b) -> splitCell(b, b.frontDoorSplit().readToRootMeanMs()), (b) -> b.frontDoorSplit().readToRootMeanMs()));
			rows.add(bandRow("front door, of which: before the server read it, or after the root span", stats,
					(b) -> splitCell(b, b.frontDoorSplit().restMeanMs()), (b) -> b.frontDoorSplit().restMeanMs()));
		}
		rows.add(bandRow("parts added up, over the client", stats,
				(b) -> (b.decomposed() == 0) ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * b.sumOverClient()), null));
		return rows;
	}

	/** A front door split's mean, with how many of the band's traced requests it is over when not all. */
	private static String splitCell(BandDecomposition.BandStats band, double meanMs) {
		int n = band.frontDoorSplit().requests();
		return (n == 0) ? "" : ms(meanMs) + ((n < band.decomposed()) ? " (" + n + " of them)" : "");
	}

	private static List<String> bandRow(String name, List<BandDecomposition.BandStats> stats,
			java.util.function.Function<BandDecomposition.BandStats, String> cell,
			java.util.function.ToDoubleFunction<BandDecomposition.BandStats> value) {
		List<String> row = new ArrayList<>(List.of(name));
		stats.forEach((b) -> row.add(cell.apply(b)));
		BandDecomposition.BandStats reference = stats.getFirst();
		stats.stream().skip(1).forEach((b) -> row.add((value == null || b.decomposed() == 0 || reference.decomposed() == 0)
				? "" : String.format(Locale.ROOT, "%+.3f", value.applyAsDouble(b) - value.applyAsDouble(reference))));
		return row;
	}

	private static String slug(String group) {
		return group.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("(^-|-$)", "").toLowerCase(Locale.ROOT);
	}

	private static String overrun(GroupDecomposition g) {
		if (g.overrun().requests() == 0) {
			return "No root span outlasted its client's measurement.";
		}
		return String.format(Locale.ROOT, "In %d of them the root span outlasted the client's measurement, by %s ms on "
				+ "average and %s ms at most: time the server spent after the answer had reached the client, left out "
				+ "of the parts.", g.overrun().requests(), ms(g.overrun().meanMs()), ms(g.overrun().maxMs()));
	}

	static List<List<String>> componentRows(GroupDecomposition g) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("**client observed**", ms(g.client().meanMs()), ms(g.client().p50Ms()), ms(g.client().p99Ms()), "100%"));
		for (ComponentStats c : g.components()) {
			rows.add(List.of(c.component(), ms(c.meanMs()), ms(c.p50Ms()), ms(c.p99Ms()),
					String.format(Locale.ROOT, "%.1f%%", 100 * c.meanMs() / Math.max(1e-9, g.client().meanMs()))));
		}
		return rows;
	}

	/** Per bar (label → group), the largest components by mean and the rest as "other". */
	static Map<String, Map<String, Double>> chartBars(Map<String, GroupDecomposition> groups) {
		Map<String, Map<String, Double>> means = new LinkedHashMap<>();
		groups.forEach((label, g) -> {
			Map<String, Double> parts = new LinkedHashMap<>();
			g.components().forEach((c) -> parts.put(c.component(), c.meanMs()));
			means.put(label, parts);
		});
		return topComponents(means);
	}

	/** Per bar (label → component → mean ms), the largest components over all bars and the rest as "other". */
	static Map<String, Map<String, Double>> topComponents(Map<String, Map<String, Double>> means) {
		Map<String, Double> totals = new LinkedHashMap<>();
		means.values().forEach((parts) -> parts.forEach((c, mean) -> totals.merge(c, mean, Double::sum)));
		List<String> top = totals.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Double>comparingByValue().reversed())
			.limit(CHART_COMPONENTS)
			.map(Map.Entry::getKey)
			.toList();
		Map<String, Map<String, Double>> bars = new LinkedHashMap<>();
		means.forEach((label, parts) -> {
			Map<String, Double> drawn = new LinkedHashMap<>();
			top.forEach((c) -> drawn.put(c, 0.0));
			drawn.put("other", 0.0);
			parts.forEach((c, mean) -> drawn.merge(top.contains(c) ? c : "other", mean, Double::sum));
			bars.put(label, drawn);
		});
		return bars;
	}

	private static Map<String, GroupDecomposition> byGroup(List<GroupDecomposition> groups) {
		Map<String, GroupDecomposition> map = new LinkedHashMap<>();
		groups.forEach((g) -> map.put(g.group(), g));
		return map;
	}

}
