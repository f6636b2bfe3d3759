package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.latencylab.lab.run.GatlingStep;
import io.latencylab.lab.run.JMeterStep;
import io.latencylab.lab.run.LabRun;
import io.latencylab.lab.run.Manifest;
import io.latencylab.lab.run.RunData;
import io.latencylab.lab.run.RunData.StepData;
import io.latencylab.lab.run.Settling;
import io.latencylab.lab.run.Warming;
import io.latencylab.load.WarmUp;
import io.latencylab.load.plan.JMeterLoad;
import io.latencylab.observability.Anatomy;
import io.latencylab.observability.BandDecomposition;
import io.latencylab.observability.Bands;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Decomposition;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.GroupDecomposition.ComponentStats;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.IntervalLogs;
import io.latencylab.observability.TraceSample;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.num;

/**
 * A run's report, rebuilt from its folder alone: report.md and report.html with the charts in
 * charts/. The figures are computed from requests.csv (what the virtual users measured) and
 * spans.jsonl (the sampled traces) of every step.
 */
public final class Report {

	/** Components drawn separately in a decomposition chart; the rest is drawn as "other". */
	static final int CHART_COMPONENTS = 8;

	private final RunData run;

	private final List<? extends ReportSection> sections;

	private final Path charts;

	private final ReportDocument doc = new ReportDocument();

	private Report(RunData run, List<? extends ReportSection> sections) {
		this.run = run;
		this.sections = sections;
		this.charts = run.dir().resolve("charts");
	}

	/**
	 * Writes report.md, report.html and the charts; returns the path of report.html.
	 *
	 * @param sections the studies' sections, each writing its paper's tables when the run has its steps
	 */
	public static Path write(RunData run, List<? extends ReportSection> sections) throws IOException {
		Report report = new Report(run, sections);
		report.build();
		Files.writeString(run.dir().resolve("report.md"), report.doc.markdown());
		Path html = run.dir().resolve("report.html");
		Files.writeString(html, report.doc.html("latency-lab report " + run.manifest().runId()));
		return html;
	}

	private void build() throws IOException {
		Manifest m = this.run.manifest();
		this.doc.heading(1, "latency-lab report: " + m.runId());
		String settled = (m.warmUp() == null) ? null : m.warmUp().properties().get(LabRun.SETTLED_PROPERTY);
		if (settled != null && settled.startsWith("not settled")) {
			// Said first: every figure below may still carry the services' warm-up.
			this.doc.text("**The services had not settled when the measured steps began**: the warm-up was " + settled
					+ ". The figures of those operations may still carry the JVMs' warm-up (see \"How the warm-up settled\").");
		}
		this.doc.table(List.of("run", "value"), List.of(List.of("experiment", m.experiment() + (m.full() ? " (full scale)" : " (laptop scale)")),
				List.of("deployment", m.mode()), List.of("latency injected", m.injections().isEmpty() ? "none" : String.join(", ", m.injections())),
				List.of("git commit", m.git().get("commit") + (Boolean.TRUE.equals(m.git().get("dirty")) ? " (with local changes)" : "")),
				List.of("machine", m.machine().get("cores") + " cores, " + gib(m.machine().get("memoryBytes")) + ", " + m.machine().get("os")),
				List.of("cores", (m.cores() == null) ? "shared (not recorded)" : m.cores()),
				List.of("load generator", (m.injector() == null) ? "a Gatling JVM on this machine" : m.injector()),
				List.of("services' JVMs", (m.jvmStart() == null) ? "not known (started elsewhere, or a run from before it was kept)" : m.jvmStart()),
				List.of("JDK", String.valueOf(m.machine().get("jdk"))), List.of("start", m.start()), List.of("end", String.valueOf(m.end())),
				List.of("warm-up", m.warmUp() == null ? "none" : warmUpText(m.warmUp()))));
		boolean separate = m.cores() != null && m.cores().startsWith("separate");
		this.doc.text("Load generator and services share this machine" + (separate
				? " but not its cores (see cores above)"
				: ", and its cores too: the generator's work on each answer can delay a service on the same core "
						+ "(./lab run --separate-cores keeps them apart)")
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
		resources();
		labFootprint();
		decomposition();
	}

	/** Above this share of the machine's CPU, the lab's own work is flagged as disturbing what it measures. */
	static final double FOOTPRINT_WARNING = 0.25;

	/**
	 * The lab's own CPU per step, beside the services': what the load generator and the runner
	 * took from the cores the services share with them.
	 */
	private void labFootprint() throws IOException {
		this.doc.heading(2, "The lab's own footprint");
		Object coresValue = this.run.manifest().machine().get("cores");
		int cores = (coresValue instanceof Number n) ? n.intValue() : Runtime.getRuntime().availableProcessors();
		List<List<String>> rows = new ArrayList<>();
		List<String> warnings = new ArrayList<>();
		for (StepData step : this.run.steps()) {
			Manifest.LabCost cost = step.record().labCost();
			if (cost == null) {
				continue;
			}
			long from = Instant.parse(step.record().start()).toEpochMilli();
			long to = Instant.parse(step.record().end()).toEpochMilli();
			double seconds = Math.max(1e-3, (to - from) / 1000.0);
			double generator = 100 * cost.generatorCpuSeconds() / seconds;
			double runner = 100 * cost.runnerCpuSeconds() / seconds;
			double services = (cost.servicesCpuSeconds() != null) ? 100 * cost.servicesCpuSeconds() / seconds
					: servicesCpu(from, to);
			// What disturbs the services is the generator's CPU while they answer; the step's whole
			// window also holds the simulation's start and end.
			Double answering = cost.generatorPercentWhileAnswering();
			double share = (((answering != null) ? answering : generator) + runner) / (100.0 * cores);
			long requests = step.record().requests();
			rows.add(List.of(step.record().name(), num(seconds), count(requests), num(generator),
					(answering != null) ? num(answering) : "",
					requests == 0 ? "" : String.format(Locale.ROOT, "%.0f", 1e6 * cost.generatorCpuSeconds() / requests),
					num(runner), num(services), String.format(Locale.ROOT, "%.0f%%", 100 * share)));
			if (share > FOOTPRINT_WARNING) {
				warnings.add(step.record().name());
			}
		}
		if (rows.isEmpty()) {
			this.doc.text("This run did not measure the lab's own CPU.");
			return;
		}
		this.doc.text("CPU in percent of one core, averaged over each step; this machine has " + cores + " cores. The "
				+ "load generator is Gatling's JVM (one for the whole run: the warm-up step pays for its start), wrk "
				+ "in an outside client's step, or JMeter's JVM in a JMeter step (one a step, its start included); the runner is the lab's own JVM (resource sampling, progress, trace "
				+ "bookkeeping). Services: the sum of their CPU time over the step, from the kernel's counts at its "
				+ "start and end. \"While answered\" is the generator's CPU from the step's first answer to its last, "
				+ "without the simulation's own start and end: it is what the services had to share their cores with, "
				+ "and the lab's share of the machine is taken from it where known.");
		this.doc.table(List.of("step", "seconds", "requests", "load generator %", "generator % while answered",
				"generator µs a request", "runner %", "services %", "lab's share of the machine"), rows);
		if (!warnings.isEmpty()) {
			this.doc.text(String.format(Locale.ROOT, "**Warning:** the lab itself took more than %.0f%% of the machine's CPU "
					+ "in %s; the services had that much less, and their latency there is partly the lab's.",
					100 * FOOTPRINT_WARNING, String.join(", ", warnings)));
		}
		List<String> overloaded = overloadedInjectors();
		if (!overloaded.isEmpty()) {
			this.doc.text(String.format(Locale.ROOT, "**Load generator near its limit:** %s (its own samples, once a "
					+ "second, of its process's share of its machine's cores, above %.0f%%). A generator short of CPU sends "
					+ "late and counts its own queueing as latency: give it a machine of its own (an injector elsewhere in "
					+ "a --topology) or fewer users.", String.join("; ", overloaded), 100 * INJECTOR_LIMIT));
		}
		List<String> behind = behindInjectors();
		if (!behind.isEmpty()) {
			this.doc.text(String.format(Locale.ROOT, "**Load generator fell behind its intended send rate:** %s. An open "
					+ "model's generator that sends fewer arrivals than it meant (below %.0f%%), or whose JVM woke from a "
					+ "1 ms sleep more than %.0f ms late in 1%% of its tries (summary.json's injectorHiccups, jHiccup's "
					+ "measure), sent its requests later than their schedule: the services saw a lighter or burstier load "
					+ "than the step says.", String.join("; ", behind), 100 * SENT_LIMIT, HICCUP_LIMIT_MS));
		}
	}

	/** An open model's share of its intended arrivals below which the report flags its step. */
	static final double SENT_LIMIT = 0.97;

	/** How late (p99) a generator may wake from its 1 ms sleeps before the report flags its step. */
	static final double HICCUP_LIMIT_MS = 10;

	/**
	 * The steps whose generator fell behind: sent below {@link #SENT_LIMIT} of its intended arrivals
	 * (summary.json's sendRate) or woke late (injectorHiccups.p99Ms above {@link #HICCUP_LIMIT_MS}).
	 */
	private List<String> behindInjectors() throws IOException {
		List<String> behind = new ArrayList<>();
		for (GeneratorSummary summary : generatorSummaries()) {
			JsonNode json = summary.json();
			long intended = json.path("sendRate").path("intendedArrivals").asLong(0);
			long sent = json.path("sendRate").path("sent").asLong(0);
			if (intended > 0 && sent < SENT_LIMIT * intended) {
				behind.add(String.format(Locale.ROOT, "%s sent %,d of %,d arrivals (%.0f%%)", summary.who(), sent, intended,
						100.0 * sent / intended));
			}
			double p99 = json.path("injectorHiccups").path("p99Ms").asDouble(0);
			if (p99 > HICCUP_LIMIT_MS) {
				behind.add(String.format(Locale.ROOT, "%s woke up to %.1f ms late (p99; max %.1f ms)", summary.who(), p99,
						json.path("injectorHiccups").path("maxMs").asDouble(0)));
			}
		}
		return behind;
	}

	/** One generator's summary.json in one step; {@code who}: "sweep-rest-get: japan". */
	private record GeneratorSummary(String who, JsonNode json) {
	}

	/** Every step's generators' summaries, in step order ("the load generator" for a step's only one). */
	private List<GeneratorSummary> generatorSummaries() throws IOException {
		List<GeneratorSummary> summaries = new ArrayList<>();
		for (StepData step : this.run.steps()) {
			Path stepDir = this.run.dir().resolve(step.record().folder());
			for (Path csv : GatlingStep.requestsCsvs(stepDir)) {
				Path summary = csv.resolveSibling("summary.json");
				if (Files.exists(summary)) {
					Path relative = stepDir.relativize(csv);
					String injector = relative.startsWith("injectors") ? relative.getName(1).toString() : "the load generator";
					summaries.add(new GeneratorSummary(step.record().name() + ": " + injector,
							JsonMapper.shared().readTree(summary.toFile())));
				}
			}
		}
		return summaries;
	}

	/** What a load generator may use of its machine's cores before the report flags its step. */
	static final double INJECTOR_LIMIT = 0.80;

	/**
	 * The steps in which an injector's own CPU samples (summary.json's injectorCpu.maxPercent, the
	 * share of its machine's cores) went above {@link #INJECTOR_LIMIT}: "sweep-rest-get: japan up to 95%".
	 */
	private List<String> overloadedInjectors() throws IOException {
		List<String> overloaded = new ArrayList<>();
		for (GeneratorSummary summary : generatorSummaries()) {
			double max = summary.json().path("injectorCpu").path("maxPercent").asDouble(0);
			if (max > 100 * INJECTOR_LIMIT) {
				overloaded.add(String.format(Locale.ROOT, "%s up to %.0f%%", summary.who(), max));
			}
		}
		return overloaded;
	}

	/** The warm-up in a line: its targets and how they settled, or the study's own fixed step. */
	private static String warmUpText(Manifest.StepRecord warmUp) {
		Map<String, String> p = warmUp.properties();
		String settled = p.get(LabRun.SETTLED_PROPERTY);
		String what = (p.get(WarmUp.TARGETS.name()) != null)
				? p.get(WarmUp.TARGETS.name()) + ", one at a time in windows of " + p.get(WarmUp.WINDOW.name()) + " (budget "
						+ p.get(WarmUp.BUDGET.name()) + ")"
				: "the study's own step " + warmUp.simulation().substring(warmUp.simulation().lastIndexOf('.') + 1)
						+ ", fixed, not judged";
		return what + ((settled == null) ? "" : ", " + settled) + ", " + count(warmUp.requests())
				+ " requests, left out of every figure";
	}

	private double servicesCpu(long from, long to) {
		return usage(from, to).values().stream().mapToDouble((acc) -> acc[0] / acc[1]).sum();
	}

	/** Per service, over the samples from {@code from} to {@code to}: CPU summed, samples, most memory. */
	private Map<String, double[]> usage(long from, long to) {
		Map<String, double[]> byService = new TreeMap<>();
		for (RunData.ResourceRow row : this.run.resources()) {
			if (row.epochMillis() >= from && row.epochMillis() <= to) {
				double[] acc = byService.computeIfAbsent(row.service(), (k) -> new double[3]);
				acc[0] += row.cpuPercent();
				acc[1]++;
				acc[2] = Math.max(acc[2], row.memoryMib());
			}
		}
		return byService;
	}

	/** Each warm-up target's windows and verdict by the convergence rule, with the JIT's time at its end. */
	private void warmUpTable() {
		Manifest.StepRecord warmUp = this.run.manifest().warmUp();
		Settling settling = (warmUp == null) ? null
				: Settling.parse(warmUp.properties().get(LabRun.SETTLING_PROPERTY),
						Warming.rule(Convergence.DEFAULT, warmUp.properties()));
		if (settling == null || settling.targets().isEmpty()) {
			return;
		}
		this.doc.heading(2, "How the warm-up settled");
		this.doc.text(settling.caption() + " The warm-up: " + warmUp.properties().get(LabRun.SETTLED_PROPERTY) + ".");
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
			List<String> changes = JMeterStep.changes(this.run.dir().resolve(step.record().folder()));
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
		for (StepData step : this.run.steps()) {
			Path injectors = this.run.dir().resolve(step.record().folder()).resolve("injectors");
			if (!Files.isDirectory(injectors)) {
				continue;
			}
			Map<String, Map<String, Histogram>> byInjector = new LinkedHashMap<>();
			try (Stream<Path> dirs = Files.list(injectors)) {
				for (Path dir : dirs.sorted().toList()) {
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

	private void resources() throws IOException {
		this.doc.heading(2, "Server CPU and memory");
		if (this.run.resources().isEmpty()) {
			this.doc.text("No resource samples were taken.");
			return;
		}
		long start = this.run.resources().getFirst().epochMillis();
		Map<String, List<double[]>> cpu = new TreeMap<>();
		Map<String, List<double[]>> memory = new TreeMap<>();
		for (RunData.ResourceRow row : this.run.resources()) {
			double t = (row.epochMillis() - start) / 1000.0;
			cpu.computeIfAbsent(row.service(), (k) -> new ArrayList<>()).add(new double[] { t, row.cpuPercent() });
			if (!Double.isNaN(row.memoryMib())) {
				memory.computeIfAbsent(row.service(), (k) -> new ArrayList<>()).add(new double[] { t, row.memoryMib() });
			}
		}
		Charts.lines(this.charts.resolve("cpu.png"), "server CPU", "seconds into the run", "% of one core", cpu, false);
		this.doc.image("charts/cpu.png", "CPU of every service over the run");
		Charts.lines(this.charts.resolve("memory.png"), "server memory", "seconds into the run",
				memoryLabel(this.run.manifest().mode()), memory, false);
		this.doc.image("charts/memory.png", "memory of every service over the run");
		List<List<String>> rows = new ArrayList<>();
		for (StepData step : this.run.steps()) {
			long from = Instant.parse(step.record().start()).toEpochMilli();
			long to = Instant.parse(step.record().end()).toEpochMilli();
			usage(from, to).forEach((service, acc) -> {
				if (acc[0] / acc[1] >= 1) {
					rows.add(List.of(step.record().name(), service, num(acc[0] / acc[1]), num(acc[2])));
				}
			});
		}
		this.doc.text("Mean CPU (percent of one core; this machine has " + this.run.manifest().machine().get("cores")
				+ ") and the most memory of each service during each step, where it used 1% or more:");
		this.doc.table(List.of("step", "service", "mean CPU %", "max MiB"), rows);
	}

	private void decomposition() throws IOException {
		this.doc.heading(2, "Latency decomposition");
		this.doc.text(Decomposition.method(TraceSample.PER_GROUP, TraceSample.PER_BAND));
		for (StepData step : this.run.steps()) {
			if (step.decomposition().isEmpty() && step.byBand().isEmpty()) {
				continue;
			}
			this.doc.heading(3, step.record().name());
			String file = "decomposition-" + step.record().index() + ".png";
			Charts.stackedBars(this.charts.resolve(file), step.record().name() + ": mean latency by component", "ms",
					chartBars(byGroup(step.decomposition())));
			this.doc.image("charts/" + file, "decomposition of " + step.record().name());
			for (GroupDecomposition g : step.decomposition()) {
				this.doc.text("**" + g.group() + "**: " + g.decomposed() + " of " + g.requests() + " requests decomposed; "
						+ "the parts' means add up to " + String.format(Locale.ROOT, "%.1f%%", 100 * g.sumOverClient())
						+ " of the client's mean. " + overrun(g));
				this.doc.table(List.of("component", "mean ms", "p50 ms", "p99 ms", "share of mean"), componentRows(g));
			}
			tail(step);
		}
	}

	/**
	 * Where the step's tail goes: per group, every component's mean in each band with what grows
	 * over the reference band, the bands as stacked bars, and a waterfall of one request of the
	 * reference band and one of the slowest.
	 */
	private void tail(StepData step) throws IOException {
		if (step.byBand().isEmpty()) {
			return;
		}
		this.doc.heading(4, "Where the tail goes: " + step.record().name());
		Bands bands = step.bands();
		this.doc.text("Each group's answered requests ranked by client latency and cut into bands (" + bands.spec()
				+ "); in each band every component's mean over its traced requests, adding up to their mean client latency. "
				+ "\"Δ\" columns: a band's means less the " + bands.reference().name() + " band's, what grows in the tail.");
		Map<String, Map<String, Double>> bars = new LinkedHashMap<>();
		for (BandDecomposition g : step.byBand()) {
			this.doc.text("**" + g.group() + "**");
			this.doc.table(bandHeaders(bands), bandRows(g, bands));
			g.bands().forEach((b) -> bars.put(g.group() + ", " + b.band().name(), b.parts()));
		}
		String file = "bands-" + step.record().index() + ".png";
		Charts.stackedBars(this.charts.resolve(file), step.record().name() + ": mean latency by component, per band", "ms",
				topComponents(bars));
		this.doc.image("charts/" + file, "decomposition per band of " + step.record().name());
		for (BandDecomposition g : step.byBand()) {
			int n = 0;
			for (Anatomy anatomy : g.examples().values()) {
				String name = "waterfall-" + step.record().index() + "-" + slug(g.group()) + "-" + (++n) + ".png";
				Charts.waterfall(this.charts.resolve(name), g.group() + ": one request of the " + anatomy.band() + " band, "
						+ ms(anatomy.clientMs()) + " ms", anatomy);
				this.doc.image("charts/" + name, "waterfall of one " + g.group() + " request of the " + anatomy.band() + " band");
				this.doc.text("Trace `" + anatomy.traceId() + "`" + ((anatomy.spansLeftOut() > 0)
						? "; " + anatomy.spansLeftOut() + " more of its spans are not drawn." : "."));
			}
		}
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

	private static String gib(Object bytes) {
		return (bytes instanceof Number n) ? String.format(Locale.ROOT, "%.1f GiB", n.doubleValue() / (1L << 30)) : "?";
	}

	/** What a deployment's memory figure is: a bare process's resident set, a container's use, a JVM's own count. */
	static String memoryLabel(String mode) {
		return mode.equals("bare") ? "resident MiB" : mode.startsWith("external") ? "JVM memory in use, MiB" : "container MiB";
	}

}
