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
import java.util.stream.Stream;

import io.latencylab.lab.deploy.AwakeCores;
import io.latencylab.lab.results.IdleStates;
import io.latencylab.lab.results.InjectorStarts;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.results.Settling;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.IntervalLogs;
import io.latencylab.observability.Request;
import io.latencylab.plan.JMeterLoad;
import io.latencylab.plan.WarmUp;
import org.HdrHistogram.Histogram;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.num;

/**
 * A run's report, rebuilt from its folder alone: report.md and report.html with the charts in
 * charts/. The figures are computed from requests.csv (what the virtual users measured) and
 * spans.jsonl (the sampled traces) of every step.
 */
public final class Report {

	private final RunData run;

	private final List<? extends ReportSection> sections;

	private final Path charts;

	private final ReportDocument doc = new ReportDocument();

	private Report(RunData run, List<? extends ReportSection> sections) {
		this.run = run;
		this.sections = sections;
		this.charts = new RunFolder(run.dir()).charts();
	}

	/**
	 * Writes report.md, report.html and the charts; returns the path of report.html.
	 *
	 * @param sections the studies' sections, each writing its paper's tables when the run has its steps
	 */
	public static Path write(RunData run, List<? extends ReportSection> sections) throws IOException {
		Report report = new Report(run, sections);
		report.build();
		RunFolder folder = new RunFolder(run.dir());
		Files.writeString(folder.reportMarkdown(), report.doc.markdown());
		Path html = folder.reportHtml();
		Files.writeString(html, report.doc.html("latency-lab report " + run.manifest().runId()));
		return html;
	}

	private void build() throws IOException {
		Manifest m = this.run.manifest();
		this.doc.heading(1, "latency-lab report: " + m.runId());
		String settled = (m.warmUp() == null) ? null : m.warmUp().properties().get(RunFolder.SETTLED);
		if (settled != null && settled.startsWith("not settled")) {
			// Said first: every figure below may still carry the services' warm-up.
			String steady = m.warmUp().properties().get(RunFolder.TIME_TO_STEADY);
			this.doc.text("**The services had not settled when the measured steps began**: the warm-up was " + settled
					+ ". The figures of those operations may still carry the JVMs' warm-up (see \"How the warm-up settled\"). "
					+ "Warm the lab once with `./lab up --warm`"
					+ ((steady == null) ? "" : " (from cold on this machine: " + steady + ")")
					+ ", then run as often as you like: each run re-judges the targets at their floor.");
		}
		this.doc.table(List.of("run", "value"), List.of(List.of("experiment", m.experiment() + (m.full() ? " (full scale)" : " (laptop scale)")),
				List.of("deployment", m.mode()), List.of("latency injected", m.injections().isEmpty() ? "none" : String.join(", ", m.injections())),
				List.of("git commit", m.git().get("commit") + (Boolean.TRUE.equals(m.git().get("dirty")) ? " (with local changes)" : "")),
				List.of("machine", m.machine().get("cores") + " cores, " + gib(m.machine().get("memoryBytes")) + ", " + m.machine().get("os")),
				List.of("cores", (m.cores() == null) ? "shared (not recorded)" : m.cores()),
				List.of("idle cores", idleCores(m)),
				List.of("load generator", (m.injector() == null) ? "a Gatling JVM on this machine" : m.injector()),
				List.of("services' JVMs", (m.jvmStart() == null) ? "not known (started elsewhere, or a run from before it was kept)" : m.jvmStart()),
				List.of("JDK", String.valueOf(m.machine().get("jdk"))), List.of("start", m.start()), List.of("end", String.valueOf(m.end())),
				List.of("warm-up", m.warmUp() == null ? "none" : warmUpText(m.warmUp()))));
		boolean separate = m.cores() != null && m.cores().startsWith("separate");
		this.doc.text("Load generator and services share this machine" + (separate
				? " but not its cores (see cores above)"
				: ", and its cores too: while the generator works, a service thread that wakes finds no idle core and "
						+ "waits for one, even when the generator would give way (bench/busy-core measures what that costs "
						+ "each operation here; ./lab run --separate-cores keeps them apart)")
				+ "; the figures are this machine's, not the studies' hardware. Latency is what the Gatling virtual users measured, "
				+ "from setting out to send the request (a connection it must open counts) to the response's last byte, "
				+ "before Gatling's checks.");
		warmUpTable();
		stepsTable();
		injectorsTable();
		for (ReportSection section : this.sections) {
			section.report(this.run, this.doc, this.charts);
		}
		overTime();
		errors();
		for (ReportSection section : List.of(new ResourcesSection(), new FootprintSection(), new DecompositionSection())) {
			section.report(this.run, this.doc, this.charts);
		}
	}

	/** How the machine's idle cores waited; where they halt, the wake-up is in each round trip and no span's. */
	private static String idleCores(Manifest m) {
		Object idle = m.machine().get(Manifest.IDLE_CORES);
		if (idle == null) {
			return "not recorded (a run from before it was kept)";
		}
		if (!IdleStates.halting(String.valueOf(idle))) {
			return String.valueOf(idle);
		}
		return idle + ((m.cores() != null && m.cores().contains(AwakeCores.describe(true)))
				? "; held out of those states while measured (cores above)"
				: ": waking one is part of each request's network + queueing below, in no span (docs/decomposition.md)");
	}

	/** The warm-up in a line: its targets and how they settled, or the study's own fixed step. */
	private static String warmUpText(Manifest.StepRecord warmUp) {
		Map<String, String> p = warmUp.properties();
		String settled = p.get(RunFolder.SETTLED);
		String what = (p.get(WarmUp.TARGETS.name()) != null)
				? p.get(WarmUp.TARGETS.name()) + ", one at a time in windows of " + p.get(WarmUp.WINDOW.name()) + " (cap "
						+ p.get(WarmUp.BUDGET.name()) + ")"
				: "the study's own step " + warmUp.simulation().substring(warmUp.simulation().lastIndexOf('.') + 1)
						+ ", fixed, not judged";
		return what + ((settled == null) ? "" : ", " + settled) + ", " + count(warmUp.requests())
				+ " requests, left out of every figure";
	}

	/** Each warm-up target's windows and verdict by the convergence rule, with the JIT's time at its end. */
	private void warmUpTable() {
		Manifest.StepRecord warmUp = this.run.manifest().warmUp();
		Settling settling = (warmUp == null) ? null
				: Settling.parse(warmUp.properties().get(RunFolder.SETTLING), warmUp.properties().get(RunFolder.NOISE),
						Settling.ruleOf(Convergence.DEFAULT, warmUp.properties()));
		if (settling == null || settling.targets().isEmpty()) {
			return;
		}
		this.doc.heading(2, "How the warm-up settled");
		this.doc.text(settling.caption() + " The warm-up: " + warmUp.properties().get(RunFolder.SETTLED) + ".");
		this.doc.table(settling.headers(), settling.rows());
	}

	private void stepsTable() throws IOException {
		this.doc.heading(2, "Latency per request group");
		List<List<String>> rows = new ArrayList<>();
		for (StepData step : this.run.steps()) {
			for (GroupStats g : step.stats()) {
				rows.add(List.of(step.record().name(), g.group(), count(g.count()), count(g.errors()), ms(g.meanMs()),
						ms(g.p50Ms()), ms(g.p95Ms()), ms(g.p99Ms()), ms(g.maxMs()), num(g.throughputPerSec())));
			}
			if (step.record().exitCode() != 0) {
				rows.add(List.of(step.record().name(), "**step failed** (Gatling exit " + step.record().exitCode() + ")", "", "",
						"", "", "", "", "", ""));
			}
		}
		this.doc.table(List.of("step", "group", "requests", "errors", "mean ms", "p50 ms", "p95 ms", "p99 ms", "max ms",
				"req/s"), rows);
		for (StepData step : this.run.stepsOf(JMeterLoad.CLIENT)) {
			List<String> changes = RunFolder.jmeterChanges(this.run.dir().resolve(step.record().folder()));
			this.doc.text("JMeter step " + step.record().name() + " ran " + step.parameters().get(JMeterLoad.PLAN, "?")
					+ " (JMeter's samples, whole milliseconds; its own results.jtl and jmeter.log in the step's jmeter/ "
					+ "folder), " + (changes.isEmpty() ? "as written." : "changed by the lab: " + String.join("; ", changes) + "."));
		}
	}

	/**
	 * Steps split over several injectors (a study's regions): each injector's rows and the merged
	 * row per request group, from their latency logs added histogram by histogram (IntervalLogs),
	 * never from averaged percentiles.
	 */
	private void injectorsTable() throws IOException {
		List<List<String>> rows = new ArrayList<>();
		List<List<String>> starts = new ArrayList<>();
		for (StepData step : this.run.steps()) {
			Path injectors = this.run.dir().resolve(step.record().folder()).resolve("injectors");
			if (!Files.isDirectory(injectors)) {
				continue;
			}
			Optional<InjectorStarts> started = InjectorStarts.read(injectors);
			if (started.isPresent()) {
				starts.addAll(startRows(step.record().name(), started.get(), injectors));
			}
			Map<String, Map<String, Histogram>> byInjector = new LinkedHashMap<>();
			try (Stream<Path> dirs = Files.list(injectors)) {
				for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
					byInjector.put(dir.getFileName().toString(), byOperation(IntervalLogs.read(MergedLogs.find(dir))));
				}
			}
			for (IntervalLogs.Row r : IntervalLogs.rows(byInjector)) {
				rows.add(List.of(step.record().name(), r.group(), r.injector(), count(r.count()), ms(r.p50Ms()), ms(r.p90Ms()),
						ms(r.p99Ms()), ms(r.maxMs())));
			}
		}
		if (rows.isEmpty()) {
			return;
		}
		this.doc.heading(2, "Injectors, merged exactly");
		this.doc.text("Steps whose load came from several injectors: per operation (a group's name without its population, "
				+ "\"japan: rest get\" as \"rest get\"), each injector's figures from its own latency log, then \"all\", their "
				+ "histograms added (HdrHistogram, 3 significant digits), never their percentiles averaged.");
		this.doc.table(List.of("step", "group", "injector", "requests", "p50 ms", "p90 ms", "p99 ms", "max ms"), rows);
		if (!starts.isEmpty()) {
			this.doc.heading(3, "How the injectors started");
			this.doc.text("The runner gave every injector of a step one instant, once all of them were ready; each started its "
					+ "load when its own clock reached it (\"started\"), and sent its first request after Gatling began "
					+ "(\"first request\"), both in ms after the instant, on each injector's clock (pods of one node share "
					+ "its clock; across machines add their clocks' offset). The skew is the latest less the earliest. Each "
					+ "injector's CPU over the step, as its JVM counted it: the lab's own cost, per injector.");
			this.doc.table(List.of("step", "injector", "started (ms)", "first request (ms)", "CPU s"), starts);
		}
	}

	/** A split step's start, injector by injector, then its skew. */
	private static List<List<String>> startRows(String step, InjectorStarts started, Path injectors) throws IOException {
		List<List<String>> rows = new ArrayList<>();
		List<Long> firsts = new ArrayList<>();
		for (Map.Entry<String, Long> each : started.started().entrySet()) {
			Optional<Path> csv = RunFolder.requestsCsv(injectors.resolve(each.getKey()));
			long first = csv.isPresent()
					? Request.read(csv.get()).stream().mapToLong(Request::startMillis).min().orElse(0) : 0;
			if (first > 0) {
				firsts.add(first);
			}
			rows.add(List.of(step, each.getKey(),
					(each.getValue() > 0) ? String.format(Locale.ROOT, "%+d", each.getValue() - started.instant()) : "not said",
					(first > 0) ? String.format(Locale.ROOT, "%+d", first - started.instant()) : "none",
					String.format(Locale.ROOT, "%.2f", started.cpuSeconds().getOrDefault(each.getKey(), 0.0))));
		}
		long firstSkew = firsts.size() < 2 ? 0 : java.util.Collections.max(firsts) - java.util.Collections.min(firsts);
		rows.add(List.of(step, "skew", started.skewMs() + " ms", firstSkew + " ms",
				String.format(Locale.ROOT, "%.2f", started.cpuSeconds().values().stream().mapToDouble(Double::doubleValue).sum())));
		return rows;
	}

	/**
	 * One injector's histograms by operation: "japan: rest get" and "canada: rest get" both add into
	 * "rest get". A latency log's tags hold no spaces ("japan:_rest_get"); the names here have them again.
	 */
	static Map<String, Histogram> byOperation(Map<String, Histogram> byGroup) {
		Map<String, Histogram> merged = new LinkedHashMap<>();
		byGroup.forEach((tag, histogram) -> {
			String group = tag.replace('_', ' ');
			String operation = group.contains(": ") ? group.substring(group.indexOf(": ") + 2) : group;
			merged.computeIfAbsent(operation, (k) -> new Histogram(histogram.getNumberOfSignificantValueDigits())).add(histogram);
		});
		return merged;
	}

	private void overTime() throws IOException {
		this.doc.heading(2, "Response time and throughput over time");
		for (StepData step : this.run.steps()) {
			List<double[]> timeline = GroupStats.timeline(step.requests());
			if (timeline.isEmpty()) {
				continue;
			}
			String file = "over-time-" + step.record().index() + ".png";
			Charts.overTime(this.charts.resolve(file), step.record().name(), timeline);
			this.doc.image("charts/" + file, "requests a second and mean response time of " + step.record().name());
		}
	}

	private void errors() throws IOException {
		this.doc.heading(2, "Errors by type");
		List<List<String>> rows = new ArrayList<>();
		Map<String, Map<String, Double>> bars = new LinkedHashMap<>();
		for (StepData step : this.run.steps()) {
			for (GroupStats g : step.stats()) {
				g.errorsByType().forEach((type, n) -> {
					rows.add(List.of(step.record().name(), g.group(), type, count(n)));
					bars.computeIfAbsent(step.record().name() + " " + g.group(), (k) -> new LinkedHashMap<>())
						.merge(type, (double) n, Double::sum);
				});
			}
		}
		if (rows.isEmpty()) {
			this.doc.text("No request failed in any step.");
			return;
		}
		this.doc.table(List.of("step", "group", "error", "count"), rows);
		Charts.stackedBars(this.charts.resolve("errors.png"), "errors by type", "requests", bars);
		this.doc.image("charts/errors.png", "errors by type per step and group");
	}

	private static String gib(Object bytes) {
		return (bytes instanceof Number n) ? String.format(Locale.ROOT, "%.1f GiB", n.doubleValue() / (1L << 30)) : "?";
	}


}
