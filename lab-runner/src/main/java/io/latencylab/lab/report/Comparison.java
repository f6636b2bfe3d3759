package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.observability.BandDecomposition;
import io.latencylab.observability.Bands;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.GroupDecomposition.ComponentStats;

import static io.latencylab.lab.report.Format.ms;

/**
 * Two runs side by side: per step and request group, every component's mean, p50 and p99 in A and
 * in B and the difference. Steps are matched by name, or as the pairs given (a run may be
 * compared with itself: toystore-buy-c1 against toystore-buy-c5).
 */
public final class Comparison {

	/** A step of A compared with a step of B. */
	public record Pair(String stepA, String stepB) {

		public static Pair parse(String text) {
			String[] parts = text.split(":", 2);
			if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
				throw new IllegalArgumentException("a step pair is STEP_A:STEP_B, not '" + text + "'");
			}
			return new Pair(parts[0], parts[1]);
		}

	}

	private Comparison() {
	}

	/** Writes compare.md and compare.html into {@code dir}; returns the HTML's path. */
	public static Path write(RunData a, RunData b, List<Pair> pairs, Path dir) throws IOException {
		Files.createDirectories(dir);
		ReportDocument doc = build(a, b, pairs.isEmpty() ? sameNames(a, b) : pairs, dir.resolve("charts"));
		Files.writeString(dir.resolve("compare.md"), doc.markdown());
		Path html = dir.resolve("compare.html");
		Files.writeString(html, doc.html("latency-lab: " + a.manifest().runId() + " vs " + b.manifest().runId()));
		return html;
	}

	private static String idleCores(RunData run) {
		return String.valueOf(run.manifest().machine().getOrDefault(Manifest.IDLE_CORES, "not recorded"));
	}

	static ReportDocument build(RunData a, RunData b, List<Pair> pairs, Path charts) throws IOException {
		ReportDocument doc = new ReportDocument();
		doc.heading(1, "A: " + a.manifest().runId() + " vs B: " + b.manifest().runId());
		doc.table(List.of("", "A", "B"), List.of(List.of("experiment", a.manifest().experiment(), b.manifest().experiment()),
				List.of("deployment", a.manifest().mode(), b.manifest().mode()),
				List.of("latency injected", String.join(", ", a.manifest().injections()), String.join(", ", b.manifest().injections())),
				List.of("cores", String.valueOf(a.manifest().cores()), String.valueOf(b.manifest().cores())),
				List.of("idle cores", idleCores(a), idleCores(b)),
				List.of("git commit", String.valueOf(a.manifest().git().get("commit")), String.valueOf(b.manifest().git().get("commit")))));
		doc.text("Δ is B − A in milliseconds. Components are those of the decomposition (see a run's report for the "
				+ "method); a component missing from one side counts 0 there.");
		if (pairs.isEmpty()) {
			doc.text("The runs have no step of the same name; name the pairs to compare with --steps A_STEP:B_STEP.");
		}
		int chart = 0;
		for (Pair pair : pairs) {
			StepData stepA = step(a, pair.stepA());
			StepData stepB = step(b, pair.stepB());
			doc.heading(2, pair.stepA().equals(pair.stepB()) ? pair.stepA() : pair.stepA() + " vs " + pair.stepB());
			Map<String, GroupDecomposition> bars = new LinkedHashMap<>();
			for (GroupDecomposition[] groups : matchGroups(stepA.decomposition(), stepB.decomposition())) {
				GroupDecomposition ga = groups[0];
				GroupDecomposition gb = groups[1];
				doc.heading(3, ga.group().equals(gb.group()) ? ga.group() : ga.group() + " vs " + gb.group());
				doc.table(List.of("component", "A mean", "B mean", "Δ mean", "A p50", "B p50", "Δ p50", "A p99", "B p99", "Δ p99"),
						rows(ga, gb));
				bars.put("A " + ga.group(), ga);
				bars.put("B " + gb.group(), gb);
				bands(doc, stepA, ga.group(), stepB, gb.group());
			}
			if (!bars.isEmpty()) {
				String file = "compare-" + (++chart) + ".png";
				Charts.stackedBars(charts.resolve(file), "mean latency by component, A and B", "ms", DecompositionSection.chartBars(bars));
				doc.image("charts/" + file, "components of A and B");
			}
		}
		return doc;
	}

	/** The groups' bands side by side: per band of A's that B has too, every component's mean in A and B and Δ. */
	private static void bands(ReportDocument doc, StepData stepA, String groupA, StepData stepB, String groupB) {
		Optional<BandDecomposition> a = stepA.byBand().stream().filter((g) -> g.group().equals(groupA)).findFirst();
		Optional<BandDecomposition> b = stepB.byBand().stream().filter((g) -> g.group().equals(groupB)).findFirst();
		if (a.isEmpty() || b.isEmpty()) {
			return;
		}
		List<Bands.Band> shared = stepA.bands()
			.bands()
			.stream()
			.filter((band) -> b.get().bands().stream().anyMatch((s) -> s.band().equals(band)))
			.toList();
		if (shared.isEmpty()) {
			doc.text("A and B were cut into different bands (" + stepA.bands().spec() + " against " + stepB.bands().spec()
					+ "); rebuild one with ./lab report --bands to set them side by side.");
			return;
		}
		List<String> headers = new ArrayList<>(List.of("component (mean ms per band)"));
		shared.forEach((band) -> headers.addAll(List.of("A " + band.name(), "B " + band.name(), "Δ " + band.name())));
		Set<String> names = new LinkedHashSet<>(a.get().components());
		names.addAll(b.get().components());
		List<List<String>> rows = new ArrayList<>();
		List<String> sizes = new ArrayList<>(List.of("requests traced"));
		List<String> client = new ArrayList<>(List.of("**client observed** (traced)"));
		for (Bands.Band band : shared) {
			BandDecomposition.BandStats sa = a.get().band(band.name());
			BandDecomposition.BandStats sb = b.get().band(band.name());
			sizes.addAll(List.of(sa.decomposed() + " of " + sa.requests(), sb.decomposed() + " of " + sb.requests(), ""));
			client.addAll(List.of(ms(sa.decomposedClientMeanMs()), ms(sb.decomposedClientMeanMs()),
					delta(sb.decomposedClientMeanMs() - sa.decomposedClientMeanMs())));
		}
		rows.add(sizes);
		rows.add(client);
		for (String name : names) {
			List<String> row = new ArrayList<>(List.of(name));
			for (Bands.Band band : shared) {
				double va = a.get().band(band.name()).part(name);
				double vb = b.get().band(band.name()).part(name);
				row.addAll(List.of(ms(va), ms(vb), delta(vb - va)));
			}
			rows.add(row);
		}
		doc.text("By band (requests ranked by client latency; see a run's report for the method):");
		doc.table(headers, rows);
	}

	static List<List<String>> rows(GroupDecomposition a, GroupDecomposition b) {
		List<List<String>> rows = new ArrayList<>();
		rows.add(row("**client observed**", a.client(), b.client()));
		Set<String> names = new LinkedHashSet<>();
		a.components().forEach((c) -> names.add(c.component()));
		b.components().forEach((c) -> names.add(c.component()));
		for (String name : names) {
			rows.add(row(name, a.component(name), b.component(name)));
		}
		return rows;
	}

	private static List<String> row(String name, ComponentStats a, ComponentStats b) {
		return List.of(name, ms(a.meanMs()), ms(b.meanMs()), delta(b.meanMs() - a.meanMs()), ms(a.p50Ms()), ms(b.p50Ms()),
				delta(b.p50Ms() - a.p50Ms()), ms(a.p99Ms()), ms(b.p99Ms()), delta(b.p99Ms() - a.p99Ms()));
	}

	/** Groups of the same name; when none match (SOAP against REST), the groups in order. */
	private static List<GroupDecomposition[]> matchGroups(List<GroupDecomposition> a, List<GroupDecomposition> b) {
		List<GroupDecomposition[]> matched = new ArrayList<>();
		for (GroupDecomposition ga : a) {
			b.stream().filter((gb) -> gb.group().equals(ga.group())).findFirst()
				.ifPresent((gb) -> matched.add(new GroupDecomposition[] { ga, gb }));
		}
		if (matched.isEmpty()) {
			for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
				matched.add(new GroupDecomposition[] { a.get(i), b.get(i) });
			}
		}
		return matched;
	}

	private static List<Pair> sameNames(RunData a, RunData b) {
		List<Pair> pairs = new ArrayList<>();
		for (StepData step : a.steps()) {
			String name = step.record().name();
			if (b.steps().stream().anyMatch((s) -> s.record().name().equals(name))) {
				pairs.add(new Pair(name, name));
			}
		}
		return pairs;
	}

	private static StepData step(RunData run, String name) {
		return run.steps().stream().filter((s) -> s.record().name().equals(name)).findFirst()
			.orElseThrow(() -> new IllegalArgumentException(run.manifest().runId() + " has no step '" + name + "'"));
	}

	private static String delta(double value) {
		return String.format(Locale.ROOT, "%+.2f", value);
	}

}
