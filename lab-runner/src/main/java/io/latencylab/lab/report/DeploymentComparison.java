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
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;

import io.latencylab.lab.deploy.Factors;
import io.latencylab.lab.deploy.StartUp;
import io.latencylab.lab.report.Repetitions.Interval;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.GroupDecomposition.ComponentStats;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * One plan run on two deployments taking turns (./lab run STUDY --compare A,B): every factor of
 * both sides with the ones that differ flagged, and per step, request group and component (the
 * decomposition's hops) each side's mean, p50 and p99 over its runs and the difference B − A with
 * its 95% confidence interval, from the differences of the runs paired in order (run i of A with
 * run i of B, which ran next to each other).
 */
public final class DeploymentComparison {

	/** The factors a comparison of deployments is about: they may differ, the rest should not. */
	static final Set<String> UNDER_STUDY = Set.of("services run as", "network");

	/**
	 * Felter et al., "An updated performance comparison of virtual machines and Linux containers"
	 * (IBM Research, 2014; ISPASS 2015): Docker's NAT roughly doubled a native round trip, some
	 * 35–40 µs more per round trip on their hardware; host networking ran at native speed.
	 */
	static final String NAT_ANCHOR = "Felter et al. (IBM Research 2014, ISPASS 2015) measured Docker's bridge with NAT at "
			+ "roughly twice the native round trip, some 35–40 µs more per round trip on their hardware (netperf "
			+ "TCP_RR), and host networking at native speed.";

	/** The two sides: each one's name and its runs in the order they ran. */
	public record Sides(String a, List<RunData> aRuns, String b, List<RunData> bRuns) {

		public Sides {
			if (aRuns.isEmpty() || aRuns.size() != bRuns.size()) {
				throw new IllegalArgumentException("a comparison needs as many runs of " + a + " as of " + b + ", at least one");
			}
		}

		public int n() {
			return this.aRuns.size();
		}

	}

	private DeploymentComparison() {
	}

	/** Writes comparison.md and comparison.html into {@code dir}; returns the HTML's path. */
	public static Path write(Sides sides, Path dir, List<? extends ReportSection> sections) throws IOException {
		Files.createDirectories(dir);
		ReportDocument doc = new ReportDocument();
		build(sides, factorsOf(sides.aRuns()), factorsOf(sides.bRuns()), doc);
		for (ReportSection section : sections) {
			section.compare(sides, doc);
		}
		startUp(sides, keptBy(sides.aRuns(), StartUp::read), keptBy(sides.bRuns(), StartUp::read), doc);
		ProbeComparison.write(sides, keptBy(sides.aRuns(), ProbeComparison::probe), keptBy(sides.bRuns(), ProbeComparison::probe),
				doc, dir.resolve("charts"));
		perHop(sides, doc);
		Files.writeString(dir.resolve("comparison.md"), doc.markdown());
		Path html = dir.resolve("comparison.html");
		Files.writeString(html, doc.html("latency-lab: " + sides.a() + " vs " + sides.b()));
		return html;
	}

	private static List<Factors> factorsOf(List<RunData> runs) throws IOException {
		List<Factors> factors = new ArrayList<>();
		for (RunData run : runs) {
			factors.add(Factors.read(run.dir()));
		}
		return factors;
	}

	/** What each run kept beside its data (a comparison's start-up, its probe); runs that kept none are left out. */
	private static <T> List<T> keptBy(List<RunData> runs, Kept<T> kept) throws IOException {
		List<T> all = new ArrayList<>();
		for (RunData run : runs) {
			kept.read(run.dir()).ifPresent(all::add);
		}
		return all;
	}

	@FunctionalInterface
	private interface Kept<T> {

		Optional<T> read(Path runDir) throws IOException;

	}

	/**
	 * The cloud study's Tables 4 and 5 for these deployments: the lab's start to ready, and each service's
	 * JVM start and application context, mean ± standard deviation over the runs of each side.
	 */
	static void startUp(Sides sides, List<StartUp> a, List<StartUp> b, ReportDocument doc) {
		if (a.isEmpty() || b.isEmpty()) {
			return;
		}
		doc.heading(2, "Start-up");
		doc.text("Seconds from the start command to every service answering its readiness probe (the whole lab, "
				+ "as each deployment starts it: bare, every service at once; compose, the order service after the "
				+ "catalog is healthy and the front end after both, with the images built), and "
				+ "per service the two phases Spring Boot logs: the JVM's start (process start to the application's "
				+ "start) and the application context (to \"Started … in N seconds\"). Mean ± standard deviation over "
				+ a.size() + " starts of A and " + b.size() + " of B.");
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("**the whole lab, to ready**", "", "", meanSd(a.stream().mapToDouble(StartUp::upSeconds)), "", "",
				meanSd(b.stream().mapToDouble(StartUp::upSeconds))));
		Set<String> services = new LinkedHashSet<>();
		a.forEach((s) -> services.addAll(s.services().keySet()));
		b.forEach((s) -> services.addAll(s.services().keySet()));
		for (String service : services) {
			rows.add(List.of(service, meanSd(phase(a, service, StartUp.Phases::jvmSeconds)),
					meanSd(phase(a, service, StartUp.Phases::contextSeconds)),
					meanSd(phase(a, service, StartUp.Phases::totalSeconds)), meanSd(phase(b, service, StartUp.Phases::jvmSeconds)),
					meanSd(phase(b, service, StartUp.Phases::contextSeconds)),
					meanSd(phase(b, service, StartUp.Phases::totalSeconds))));
		}
		doc.table(List.of("", "A JVM (s)", "A context (s)", "A total (s)", "B JVM (s)", "B context (s)", "B total (s)"), rows);
	}

	private static DoubleStream phase(List<StartUp> startUps, String service, ToDoubleFunction<StartUp.Phases> phase) {
		return startUps.stream().filter((s) -> s.services().containsKey(service)).mapToDouble((s) -> phase.applyAsDouble(s.services().get(service)));
	}

	static String meanSd(DoubleStream values) {
		SummaryStatistics stats = new SummaryStatistics();
		values.forEach(stats::addValue);
		if (stats.getN() == 0) {
			return "";
		}
		return (stats.getN() < 2) ? String.format(Locale.ROOT, "%.2f", stats.getMean())
				: String.format(Locale.ROOT, "%.2f ± %.2f", stats.getMean(), stats.getStandardDeviation());
	}

	static void build(Sides sides, List<Factors> aFactors, List<Factors> bFactors, ReportDocument doc) {
		String experiment = sides.aRuns().getFirst().manifest().experiment();
		doc.heading(1, experiment + ": " + sides.a() + " (A) vs " + sides.b() + " (B), " + sides.n() + " runs each");
		List<String> order = new ArrayList<>();
		for (int i = 0; i < sides.n(); i++) {
			order.add(sides.aRuns().get(i).manifest().start().compareTo(sides.bRuns().get(i).manifest().start()) < 0
					? "A " + sides.aRuns().get(i).manifest().runId() + ", B " + sides.bRuns().get(i).manifest().runId()
					: "B " + sides.bRuns().get(i).manifest().runId() + ", A " + sides.aRuns().get(i).manifest().runId());
		}
		boolean warmed = sides.aRuns().getFirst().manifest().warmUp() != null;
		doc.text("The same plan on both deployments, taking turns (each side started afresh for each of its runs, "
				+ (warmed ? "warmed up and settled as every run is" : "with no warm-up: the figures are of cold JVMs") + "): "
				+ String.join("; ", order) + ". Per step, request group and "
				+ "component, a side's figure is the mean over its runs ± the half-width of its 95% confidence interval; "
				+ "Δ is B − A, from the runs paired in order (run i of B less run i of A), its mean ± the half-width of its "
				+ "95% confidence interval (Student's t, n − 1 degrees of freedom). An interval that holds 0 is no "
				+ "difference these runs can tell.");
		doc.heading(2, "What differs between the two sides");
		List<List<String>> rows = factorRows(sides, aFactors, bFactors);
		doc.table(List.of("factor", "A: " + sides.a(), "B: " + sides.b(), ""), rows);
		long unintended = rows.stream().filter((r) -> r.get(3).startsWith("**differs")).count();
		doc.text(unintended == 0
				? "Nothing differs but the factors under study: the figures below are theirs."
				: unintended + " factor(s) differ that the comparison is not about: the differences below are theirs too.");
		if (sides.a().startsWith("compose") && sides.b().startsWith("compose")) {
			doc.text(NAT_ANCHOR + " Ours, per hop: the rows named \"network + queueing\" below (client to front door and "
					+ "each traced hop), whose Δ is what the network mode adds per hop on this machine.");
		}
	}

	/**
	 * Every factor of either side (those that every run of a side agrees on, else each run's value),
	 * and the run's own manifest: the machine, the cores, the injected latency, the commit.
	 */
	static List<List<String>> factorRows(Sides sides, List<Factors> aFactors, List<Factors> bFactors) {
		Map<String, String> a = merged(aFactors, sides.aRuns());
		Map<String, String> b = merged(bFactors, sides.bRuns());
		Set<String> names = new LinkedHashSet<>(a.keySet());
		names.addAll(b.keySet());
		List<List<String>> rows = new ArrayList<>();
		for (String name : names) {
			String va = a.getOrDefault(name, "(not known)");
			String vb = b.getOrDefault(name, "(not known)");
			String flag = va.equals(vb) ? "same" : UNDER_STUDY.contains(name) ? "under study" : "**differs**";
			rows.add(List.of(name, va, vb, flag));
		}
		return rows;
	}

	private static Map<String, String> merged(List<Factors> factors, List<RunData> runs) {
		Map<String, List<String>> values = new LinkedHashMap<>();
		for (int i = 0; i < runs.size(); i++) {
			Map<String, String> one = new LinkedHashMap<>(factors.get(i).values());
			var m = runs.get(i).manifest();
			one.put("cores (services | lab)", String.valueOf(m.cores()));
			one.put("latency injected", m.injections().isEmpty() ? "none" : String.join(", ", m.injections()));
			one.put("machine", m.machine().getOrDefault("cores", "?") + " cores, " + m.machine().getOrDefault("os", "?"));
			one.put("git commit", String.valueOf(m.git().get("commit")));
			one.forEach((k, v) -> values.computeIfAbsent(k, (key) -> new ArrayList<>()).add(v));
		}
		Map<String, String> merged = new LinkedHashMap<>();
		values.forEach((k, vs) -> merged.put(k, vs.stream().distinct().count() == 1 ? vs.getFirst() : String.join("; ", vs)));
		return merged;
	}

	/** Per step and group: every component on both sides, with the paired difference. */
	static void perHop(Sides sides, ReportDocument doc) {
		doc.heading(2, "Per step and hop");
		doc.text("Components are the decomposition's (each run's report gives the method): the front door, each span's "
				+ "self time and each traced hop's network + queueing. A component missing from a run counts 0 there.");
		for (String step : stepNames(sides.aRuns())) {
			Map<String, List<GroupDecomposition>> aGroups = groups(sides.aRuns(), step);
			Map<String, List<GroupDecomposition>> bGroups = groups(sides.bRuns(), step);
			for (String group : aGroups.keySet()) {
				List<GroupDecomposition> as = aGroups.get(group);
				List<GroupDecomposition> bs = bGroups.getOrDefault(group, List.of());
				if (as.size() != sides.n() || bs.size() != sides.n()) {
					continue;
				}
				doc.heading(3, step + ": " + group);
				doc.table(List.of("component", "A mean", "B mean", "Δ mean", "A p50", "B p50", "Δ p50", "A p99", "B p99", "Δ p99"),
						hopRows(as, bs));
			}
		}
	}

	static List<List<String>> hopRows(List<GroupDecomposition> as, List<GroupDecomposition> bs) {
		Set<String> names = new LinkedHashSet<>();
		as.forEach((g) -> g.components().forEach((c) -> names.add(c.component())));
		bs.forEach((g) -> g.components().forEach((c) -> names.add(c.component())));
		List<List<String>> rows = new ArrayList<>();
		rows.add(hopRow("**client observed**", as, bs, GroupDecomposition::client));
		for (String name : names) {
			rows.add(hopRow(name, as, bs, (g) -> g.component(name)));
		}
		return rows;
	}

	private static List<String> hopRow(String name, List<GroupDecomposition> as, List<GroupDecomposition> bs,
			Function<GroupDecomposition, ComponentStats> component) {
		List<String> row = new ArrayList<>(List.of(name));
		for (ToDoubleFunction<ComponentStats> figure : List.<ToDoubleFunction<ComponentStats>>of(ComponentStats::meanMs,
				ComponentStats::p50Ms, ComponentStats::p99Ms)) {
			double[] a = as.stream().map(component).mapToDouble(figure).toArray();
			double[] b = bs.stream().map(component).mapToDouble(figure).toArray();
			row.add(Interval.of(a).text());
			row.add(Interval.of(b).text());
			row.add(paired(a, b).signedText());
		}
		return row;
	}

	/** B − A, run by run. */
	static Interval paired(double[] a, double[] b) {
		double[] deltas = new double[Math.min(a.length, b.length)];
		for (int i = 0; i < deltas.length; i++) {
			deltas[i] = b[i] - a[i];
		}
		return Interval.of(deltas);
	}

	/** Each side's mean of a figure over its runs, and the paired difference, as table cells. */
	public static List<String> cells(double[] a, double[] b) {
		return List.of(Interval.of(a).text(), Interval.of(b).text(), paired(a, b).signedText());
	}

	/** The ratio B / A run by run: its mean ± the half-width of its 95% interval. */
	public static String ratio(double[] a, double[] b) {
		double[] ratios = new double[Math.min(a.length, b.length)];
		for (int i = 0; i < ratios.length; i++) {
			ratios[i] = b[i] / a[i];
		}
		return Interval.of(ratios).text();
	}

	private static List<String> stepNames(List<RunData> runs) {
		Set<String> names = new LinkedHashSet<>();
		runs.getFirst().steps().forEach((s) -> names.add(s.record().name()));
		return new ArrayList<>(names);
	}

	/** Per group: the step's decomposition in every run that has the step, in the runs' order. */
	private static Map<String, List<GroupDecomposition>> groups(List<RunData> runs, String step) {
		Map<String, List<GroupDecomposition>> groups = new LinkedHashMap<>();
		for (RunData run : runs) {
			Optional<StepData> data = run.steps().stream().filter((s) -> s.record().name().equals(step)).findFirst();
			data.ifPresent((d) -> d.decomposition().stream().filter(Objects::nonNull)
				.forEach((g) -> groups.computeIfAbsent(g.group(), (k) -> new ArrayList<>()).add(g)));
		}
		return groups;
	}

}
