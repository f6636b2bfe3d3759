package io.latencylab.lab.report;

// In the report package for its package-private tables; in lab-studies because every report holds the studies' sections.

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.Factors;
import io.latencylab.lab.deploy.StartUp;
import io.latencylab.lab.net.NetworkProbe;
import io.latencylab.lab.run.Manifest;
import io.latencylab.lab.run.RunData;
import io.latencylab.lab.run.RunFolder;
import io.latencylab.lab.run.Settling;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.traces.Traces;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** A run folder made by hand, read back and reported on, as `lab report RUN` does. */
class ReportTests {

	@TempDir
	Path runs;

	/**
	 * A seed 001 run: per client count, a run of queries of 20 ms and a run of buys whose commit
	 * takes {@code commitMs}, one of them answered 409 (sold out) after 5 ms; the client sees 10 ms
	 * more than the root span.
	 */
	Path toyStoreRun(String runId, long commitMs, int... clientCounts) throws IOException {
		return toyStoreRun(runId, 20, commitMs, clientCounts);
	}

	/** Seed 001's steps at these numbers of clients: queries of {@code queryMs}, buys whose commit takes {@code commitMs}. */
	Path toyStoreRun(String runId, long queryMs, long commitMs, int... clientCounts) throws IOException {
		Path dir = this.runs.resolve(runId);
		List<Manifest.StepRecord> steps = new ArrayList<>();
		String header = "group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok";
		for (int clients : clientCounts) {
			List<String> queries = new ArrayList<>(List.of(header));
			List<String> buys = new ArrayList<>(List.of(header));
			List<Span> querySpans = new ArrayList<>();
			List<Span> buySpans = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				String q = "q" + clients + "x" + i;
				queries.add("query," + q + "," + (1000 + i * 100) + "," + queryMs + ".000,200,s" + q + ",true");
				querySpans.add(span(q, "frontend-service", q + "r", "s" + q, "get /products", Span.SERVER, 0, 10));
				String b = "b" + clients + "x" + i;
				long rootMs = 40 + commitMs;
				buys.add("buy," + b + "," + (1050 + i * 100) + "," + (rootMs + 10) + ".000,200,s" + b + ",true");
				buySpans.add(span(b, "frontend-service", b + "r", "s" + b, "post /orders", Span.SERVER, 0, rootMs));
				buySpans.add(span(b, "catalog-service", b + "c", b + "r", "catalog.commit", Span.INTERNAL, 20, 20 + commitMs));
			}
			buys.add("buy,soldout" + clients + ",2000,5.000,409,sx,true");
			steps.add(step(dir, clients * 2 - 1, "query", clients, queries, querySpans));
			steps.add(step(dir, clients * 2, "buy", clients, buys, buySpans));
		}
		Files.write(dir.resolve("resources.csv"), List.of("epoch_ms,service,cpu_percent,memory_mib",
				"1795860000000,catalog-service,35.0,300.0", "1795860001000,catalog-service,45.0,310.0"));
		writeManifest(dir, runId, "seed-001", "001", steps);
		return dir;
	}

	private static Manifest.StepRecord step(Path dir, int index, String operation, int clients, List<String> csv,
			List<Span> spans) throws IOException {
		return step(dir, index, "toystore-" + operation + "-c" + clients, "ToyStoreSimulation",
				Map.of("lab.toystore.operation", operation, "lab.toystore.clients", String.valueOf(clients),
						"lab.toystore.requests", "10"),
				csv, spans);
	}

	private static Manifest.StepRecord step(Path dir, int index, String name, String simulation,
			Map<String, String> properties, List<String> csv, List<Span> spans) throws IOException {
		String folder = String.format("steps/%02d-%s", index, name);
		Path lab = Files.createDirectories(dir.resolve(folder).resolve("lab/" + name));
		Files.write(lab.resolve("requests.csv"), csv);
		Traces.write(spans, dir.resolve(folder).resolve("spans.jsonl"));
		return new Manifest.StepRecord(index, name, simulation, properties, folder, "2026-11-22T10:00:00Z",
				"2026-11-22T10:00:05Z", 0, csv.size() - 1, 0, spans.size(), spans.size(), new Manifest.LabCost(1.5, 0.25, 3.5, 20.0));
	}

	/**
	 * Nine requests' traces as the services export them: the server span where each entered (its
	 * parent the id the client sent, s0 to s8), {@code ms} long, and an inner span that does not count.
	 */
	private static List<Span> serverSpans(String turn, double ms) {
		List<Span> spans = new ArrayList<>();
		for (int i = 0; i < 9; i++) {
			String trace = turn + "x" + i;
			spans.add(new Span("meals-rest", trace, "r" + i, "s" + i, "http get /rest/meals/{id}", Span.SERVER, 0,
					Math.round(ms * 1_000_000), false, Map.of()));
			spans.add(new Span("meals-rest", trace, "q" + i, "r" + i, "meals.find", Span.INTERNAL, 10_000, 20_000, false, Map.of()));
		}
		return spans;
	}

	/** The sort service's server span of each of {@link #sorts}'s uploads, {@code ms} long. */
	private static List<Span> sortSpans(int count, long ms) {
		List<Span> spans = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			spans.add(span("t" + i, "sort-service", "r" + i, "p" + i, "http post /sort", Span.SERVER, 0, ms));
		}
		return spans;
	}

	/** Sorts of {@code ms} each, one every second; the last {@code failed} of them answered 503. */
	private static List<String> sorts(int count, long ms, int failed) {
		List<String> csv = new ArrayList<>(List.of("group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok"));
		for (int i = 0; i < count; i++) {
			boolean ok = i < count - failed;
			csv.add("sort exchange,t" + i + "," + (1_000_000 + i * 1000L) + "," + ms + ".000," + (ok ? 200 : 503) + ",p" + i + ","
					+ ok);
		}
		return csv;
	}

	@Test
	void seed004ReportsOneCoreAgainstTwoNearAgainstFarAndTheSoaksAvailability() throws IOException {
		Path dir = this.runs.resolve("seed-004-test");
		Map<String, String> sort = Map.of("lab.sort.algorithm", "exchange", "lab.sort.size", "20000", "lab.sort.clients", "4",
				"lab.sort.duration", "10s");
		Map<String, String> one = new java.util.HashMap<>(sort);
		one.putAll(Map.of("lab.cpus.service", "sort-service", "lab.cpus", "1"));
		Map<String, String> two = new java.util.HashMap<>(sort);
		two.putAll(Map.of("lab.cpus.service", "sort-service", "lab.cpus", "2"));
		Map<String, String> soak = new java.util.HashMap<>(sort);
		soak.putAll(Map.of("lab.sort.clients", "20", "lab.sort.pace", "10s", "lab.sort.duration", "60s"));
		Map<String, String> near = new java.util.HashMap<>(sort);
		near.putAll(Map.of("lab.regions", "frankfurt", "lab.region.frankfurt.round-trip", "6ms", "lab.region.frankfurt.link",
				"6 ms a round trip"));
		Map<String, String> far = new java.util.HashMap<>(sort);
		far.putAll(Map.of("lab.regions", "san-francisco", "lab.region.san-francisco.round-trip", "97ms",
				"lab.region.san-francisco.link", "97 ms a round trip"));
		List<Manifest.StepRecord> steps = List.of(
				step(dir, 1, "sort-exchange-n20000-c4-cpus1", "SortSimulation", one, sorts(10, 700, 0), List.of()),
				step(dir, 2, "sort-exchange-n20000-c4-cpus2", "SortSimulation", two, sorts(10, 370, 0), List.of()),
				step(dir, 3, "sort-soak-exchange-n20000-c20", "SortSimulation", soak, sorts(40, 2000, 1), List.of()),
				// The sort service's own span: 495 ms near, 586 ms far, so the front door is 5 and 96 ms.
				step(dir, 4, "sort-from-frankfurt-exchange-n20000-c4", "SortSimulation", near, sorts(10, 500, 0), sortSpans(10, 495)),
				step(dir, 5, "sort-from-san-francisco-exchange-n20000-c4", "SortSimulation", far, sorts(10, 682, 0),
						sortSpans(10, 586)));
		writeManifest(dir, "seed-004-test", "seed-004", "004", steps);
		Report.write(RunData.read(dir), Studies.all());
		String md = Files.readString(dir.resolve("report.md"));
		assertThat(md).contains("### Experiment 5: one core against two")
			.contains("| 20000 | 4 | 1 | 10 | 0.7000 | 0.0000 |")
			.contains("| 20000 | 4 | 2 | 10 | 0.3700 | 0.0000 |");
		assertThat(md).contains("### Experiment 6: 20 clients, a file every 10 s")
			.contains("40 uploads, 97.500% answered, mean wait 2.0000 s");
		assertThat(dir.resolve("charts/seed-004-soak-availability.png")).exists();
		// Experiment 4: the far place's p50 less the near one's, and that over their round trips' difference; the
		// same for the front door (the wait less the sort service's span), where the distance belongs.
		assertThat(md).contains("### Experiment 4: near and far")
			.contains("| frankfurt | 6 ms a round trip | 20000 | 4 | 10 | 0.5000 |")
			.contains("| san-francisco | 97 ms a round trip | 20000 | 4 | 10 | 0.6820 |")
			.contains("| +182.0 | 2.00 | 96.0 | +91.0 | 1.00 |")
			.contains("| 0.5000 | +0.0 |  | 5.0 | +0.0 |  |");
		// The paced, the limited and the placed steps are kept out of Table 1.2's rows.
		assertThat(md).doesNotContain("### exchange, n=20000");
	}

	/** A bare run's manifest on a 2-core machine, as the runner writes it. */
	private static void writeManifest(Path dir, String runId, String experiment, String seed, List<Manifest.StepRecord> steps)
			throws IOException {
		writeManifest(dir, runId, experiment, seed, steps, new Cores(2, false));
	}

	private static void writeManifest(Path dir, String runId, String experiment, String seed, List<Manifest.StepRecord> steps,
			Cores cores) throws IOException {
		new Manifest(runId, experiment, seed, false, "bare", List.of(), cores.describe(), null, null, Map.of("commit", "abc", "dirty", false),
				Map.of("cores", 2, "memoryBytes", 1L << 34, "os", "Linux", "jdk", "test"), "2026-11-22T10:00:00Z",
				"2026-11-22T10:01:00Z", null, steps).write(dir);
	}

	static Span span(String trace, String service, String id, String parent, String name, int kind, long startMs, long endMs) {
		return new Span(service, trace, id, parent, name, kind, startMs * 1_000_000, endMs * 1_000_000, false, Map.of());
	}

	@Test
	void theReportHoldsTheSeedTableBesideThePublishedOneAndTheDecomposition() throws IOException {
		Path dir = toyStoreRun("seed-001-test", 30, 1, 2);
		Path html = Report.write(RunData.read(dir), Studies.all());

		String md = Files.readString(dir.resolve("report.md"));
		// Ours (query 20 ms, buy 80 ms, the sold-out buy apart) beside Tables 1, 2 and 3 of the study.
		assertThat(md).contains("| 1 | 0.0200 | 0.0800 | 1 | 0.0189 | 0.0127 | 0.0084 | 0.0128 | 0.0078 |")
			.contains("| 2 | 0.0200 | 0.0800 | 1 | 0.0200 | 0.0427 | 0.0137 | 0.0578 | 0.0092 |");
		assertThat(md).contains("## Latency decomposition").contains("How the decomposition is computed")
			.contains("| catalog-service: catalog.commit | 30.00 | 30.00 | 30.00 | 37.5% |")
			.contains("| front door | 10.00 | 10.00 | 10.00 | 12.5% |");
		assertThat(md).contains("the parts' means add up to 100.0% of the client's mean");
		assertThat(md).contains("No request failed in any step.");
		assertThat(md).contains("| cores | shared: services and the lab on all 2 cores |")
			.contains("./lab run --separate-cores keeps them apart");
		// 1.5 s of the generator's CPU, 0.25 s of the runner's and 3.5 s of the services' in a 5 s step; the
		// generator's 20% while answered and the runner's 5% are the lab's 12.5% of two cores.
		assertThat(md).contains("## The lab's own footprint")
			.contains("| toystore-query-c1 | 5.0 | 10 | 30.0 | 20.0 | 150000 | 5.0 | 70.0 | 13% |");
		assertThat(md).doesNotContain("Load generator near its limit");
		assertThat(Files.readString(html)).contains("<table>").contains("<img src=\"charts/seed-001-latency.png\"");
		for (String chart : List.of("seed-001-latency.png", "decomposition-2.png", "over-time-1.png", "cpu.png")) {
			byte[] png = Files.readAllBytes(dir.resolve("charts").resolve(chart));
			assertThat(png).as(chart).startsWith(0x89, 'P', 'N', 'G');
		}
	}

	@Test
	void aWarmUpThatDidNotSettleIsSaidFirstWithEachTargetsWindowsAndVerdict() throws IOException {
		Path dir = toyStoreRun("seed-001-test", 30, 1, 2);
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.put("toy-query@1", List.of(window(1.0, 100), window(1.01, 10), window(0.99, 0)), Settling.End.SETTLED);
		settling.put("toy-buy@1", List.of(window(30, 5000), window(20, 4000), window(12, 3000)), Settling.End.BUDGET);
		Map<String, String> properties = Map.of("lab.warmup.targets", "toy-query@1,toy-buy@1", "lab.warmup.window", "5s",
				"lab.warmup.budget", "2m", RunFolder.SETTLED, settling.text(), RunFolder.SETTLING,
				settling.property());
		Manifest.read(dir)
			.withWarmUp(new Manifest.StepRecord(0, "warm-up", "WarmUpSimulation", properties, "steps/00-warm-up",
					"2026-11-22T10:00:00Z", "2026-11-22T10:00:30Z", 0, 300, 0, 0, 0, null))
			.write(dir);
		Report.write(RunData.read(dir), Studies.all());
		String md = Files.readString(dir.resolve("report.md"));
		// Right under the title, before the run's own table.
		assertThat(md.substring(0, md.indexOf("| run |"))).contains("**The services had not settled when the measured steps began**")
			.contains("not settled: 1 of 2 targets settled in 30 s; still moving: toy-buy@1 (p50 varied");
		assertThat(md).contains("| warm-up | toy-query@1,toy-buy@1, one at a time in windows of 5s (budget 2m), not settled: ")
			.contains("## How the warm-up settled")
			.contains("until DaCapo's convergence: the coefficient of variation of the last 3 windows' p50 at most 3%")
			.contains("| target | windows | seconds | p50 per window (ms) | variation, last 3 | JIT in the last window (ms) | verdict |")
			.contains("| toy-query@1 | 3 | 15 | 1.000 → 1.010 → 0.990 | 1.0% | 0 | settled at 15 s |")
			.contains("| toy-buy@1 | 3 | 15 | 30.000 → 20.000 → 12.000 | 43.6% | 3000 | not settled (the warm-up's budget spent) |");
	}

	private static Convergence.Window window(double p50, double jitMs) {
		return new Convergence.Window(p50, 100, 5.0, jitMs);
	}

	@Test
	void aStepWhoseLoadGeneratorRanOutOfCpuIsFlagged() throws IOException {
		Path dir = toyStoreRun("seed-001-busy", 30, 1, 2);
		// The buy at 2 clients: the generator's own samples went to 95% of its machine's cores.
		Path lab = dir.resolve("steps/04-toystore-buy-c2/lab/toystore-buy-c2");
		Files.writeString(lab.resolve("summary.json"), "{\"injectorCpu\": {\"meanPercent\": 60.0, \"maxPercent\": 95.0}}");
		Files.writeString(dir.resolve("steps/03-toystore-query-c2/lab/toystore-query-c2/summary.json"),
				"{\"injectorCpu\": {\"meanPercent\": 50.0, \"maxPercent\": 79.0}}");
		Report.write(RunData.read(dir), Studies.all());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("**Load generator near its limit:** toystore-buy-c2: the load generator up to 95%")
			.doesNotContain("toystore-query-c2: the load generator");
	}

	@Test
	void aStepWhoseLoadGeneratorSentFewerArrivalsThanItMeantOrWokeLateIsFlagged() throws IOException {
		Path dir = toyStoreRun("seed-001-behind", 30, 1, 2);
		Files.writeString(dir.resolve("steps/04-toystore-buy-c2/lab/toystore-buy-c2/summary.json"),
				"{\"sendRate\": {\"intendedArrivals\": 1000, \"sent\": 900}, \"injectorHiccups\": {\"p99Ms\": 0.2, \"maxMs\": 3.0}}");
		Files.writeString(dir.resolve("steps/03-toystore-query-c2/lab/toystore-query-c2/summary.json"),
				"{\"sendRate\": {\"intendedArrivals\": 1000, \"sent\": 1000}, \"injectorHiccups\": {\"p99Ms\": 25.0, \"maxMs\": 80.0}}");
		Files.writeString(dir.resolve("steps/02-toystore-buy-c1/lab/toystore-buy-c1/summary.json"),
				"{\"sendRate\": {\"intendedArrivals\": 1000, \"sent\": 980}, \"injectorHiccups\": {\"p99Ms\": 9.0, \"maxMs\": 40.0}}");
		Report.write(RunData.read(dir), Studies.all());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("**Load generator fell behind its intended send rate:** toystore-query-c2: the load generator woke up "
					+ "to 25.0 ms late (p99; max 80.0 ms); toystore-buy-c2: the load generator sent 900 of 1,000 arrivals (90%)")
			.doesNotContain("toystore-buy-c1: the load generator");
	}

	/**
	 * One step of 200 buys: a 10 ms front door growing by 1 µs a buy, a 30 ms commit, and every
	 * 50th buy's commit 50 ms longer: the slowest 2 %.
	 */
	private Path slowCommitsRun(String runId) throws IOException {
		Path dir = this.runs.resolve(runId);
		List<String> csv = new ArrayList<>(List.of("group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok"));
		List<Span> spans = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			long commit = (i % 50 == 49) ? 80 : 30;
			String b = "b" + i;
			csv.add(String.format(java.util.Locale.ROOT, "buy,%s,%d,%.3f,200,s%s,true", b, 1000 + i * 10, 50 + commit + i / 1000.0, b));
			spans.add(span(b, "frontend-service", b + "r", "s" + b, "post /orders", Span.SERVER, 0, 40 + commit));
			spans.add(span(b, "catalog-service", b + "c", b + "r", "catalog.commit", Span.INTERNAL, 20, 20 + commit));
		}
		writeManifest(dir, runId, "seed-001", "001", List.of(step(dir, 1, "buy", 1, csv, spans)));
		return dir;
	}

	@Test
	void eachStepShowsWhereItsTailGoesBandByBandWithTwoWaterfalls() throws IOException {
		Path dir = slowCommitsRun("tail");
		Report.write(RunData.read(dir), Studies.all());
		String md = Files.readString(dir.resolve("report.md"));
		assertThat(md).contains("#### Where the tail goes: toystore-buy-c1")
			.contains("| component | median (p45–p55) ms | tail (p90–p99) ms | extreme (p99–p100) ms | Δ tail | Δ extreme |")
			.contains("| requests traced of in band | 20 of 20 | 18 of 18 | 2 of 2 |  |  |")
			// Two of the tail band's 18 are slow commits: 30 + 50 × 2/18.
			.contains("| catalog-service: catalog.commit | 30.00 | 35.56 | 80.00 | +5.556 | +50.000 |")
			.contains("| parts added up, over the client | 100.0% | 100.0% | 100.0% |  |  |")
			// Each waterfall names its trace: the middle one of its band's traced buys.
			.contains("Trace `b102`.")
			.contains("Trace `b199`.");
		for (String chart : List.of("bands-1.png", "waterfall-1-buy-1.png", "waterfall-1-buy-2.png")) {
			assertThat(Files.readAllBytes(dir.resolve("charts").resolve(chart))).as(chart).startsWith(0x89, 'P', 'N', 'G');
		}
		// Other bands, asked for when the report is rebuilt.
		Report.write(RunData.read(dir, java.util.Optional.of(io.latencylab.observability.Bands.parse("middle=40-60,top=98-100"))),
				Studies.all());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("| component | middle (p40–p60) ms | top (p98–p100) ms | Δ top |")
			.contains("| catalog-service: catalog.commit | 30.00 | 80.00 | +50.000 |");
	}

	@Test
	void theComparisonSetsTheBandsSideBySide() throws IOException {
		RunData a = RunData.read(slowCommitsRun("a"));
		RunData b = RunData.read(toyStoreRun("b", 30, 1));
		String md = Comparison.build(a, b, List.of(Comparison.Pair.parse("toystore-buy-c1:toystore-buy-c1")),
				this.runs.resolve("charts")).markdown();
		assertThat(md).contains("| component (mean ms per band) | A median | B median | Δ median | A tail | B tail | Δ tail | A extreme | B extreme | Δ extreme |")
			.contains("| catalog-service: catalog.commit | 30.00 | 30.00 | +0.00 | 35.56 | 30.00 | -5.56 | 80.00 | 30.00 | -50.00 |");
	}

	@Test
	void theComparisonGivesEachComponentsDifference() throws IOException {
		RunData a = RunData.read(toyStoreRun("a", 30, 1));
		RunData b = RunData.read(toyStoreRun("b", 80, 1));
		Path html = Comparison.write(a, b, List.of(), this.runs.resolve("compare"));
		String md = Files.readString(this.runs.resolve("compare/compare.md"));
		assertThat(md).contains("## toystore-buy-c1")
			.contains("| catalog-service: catalog.commit | 30.00 | 80.00 | +50.00 | 30.00 | 80.00 | +50.00 | 30.00 | 80.00 | +50.00 |")
			.contains("| front door | 10.00 | 10.00 | +0.00 |");
		assertThat(html).exists();
	}

	@Test
	void stepsOfDifferentNamesAreComparedWhenPaired() throws IOException {
		RunData run = RunData.read(toyStoreRun("one", 30, 1, 2));
		String md = Comparison.build(run, run, List.of(Comparison.Pair.parse("toystore-buy-c1:toystore-buy-c2")),
				this.runs.resolve("charts")).markdown();
		assertThat(md).contains("## toystore-buy-c1 vs toystore-buy-c2").contains("| **client observed** |");
	}

	@Test
	void theHtmlIsTheMarkdownRenderedTablesAndAll() {
		String html = new ReportDocument().heading(2, "Step `a`")
			.text("**bold** and a | in text")
			.table(List.of("group", "p50"), List.of(List.of("query", "0.40"), List.of("buy", "1.45")))
			.image("charts/x.png", "a chart")
			.html("t");
		assertThat(html).contains("<h2>Step <code>a</code></h2>")
			.contains("<strong>bold</strong>")
			.containsPattern("<table>\\s*<thead>\\s*<tr>\\s*<th>group</th>\\s*<th>p50</th>")
			.containsPattern("<td>buy</td>\\s*<td>1.45</td>")
			.contains("<img src=\"charts/x.png\" alt=\"a chart\" />");
	}

	@Test
	void htmlEscapesWhatTheRunNamed() {
		String html = new ReportDocument().text("a <b> & `code`").html("t");
		assertThat(html).contains("a &lt;b&gt; &amp; <code>code</code>");
	}

	@Test
	void twoDeploymentsTakingTurnsGiveTable3EachHopsPairedDifferenceAndTheFactorsThatDiffer() throws IOException {
		// Bare: queries of 20, 22 and 24 ms, commits of 30 ms; the containers: 25, 26, 30 and 30, 31, 35.
		List<RunData> bare = new ArrayList<>();
		List<RunData> contained = new ArrayList<>();
		long[][] figures = { { 20, 30, 25, 30 }, { 22, 30, 26, 31 }, { 24, 30, 30, 35 } };
		for (int i = 0; i < 3; i++) {
			Path a = toyStoreRun("bare-" + i, figures[i][0], figures[i][1], 1);
			new Factors(Map.of("services run as", "bare JVMs", "database", "H2 files on ext4", "JVM", "Eclipse Adoptium 25"))
				.write(a);
			Path b = toyStoreRun("compose-" + i, figures[i][2], figures[i][3], 1);
			new Factors(Map.of("services run as", "containers", "database", "H2 files on ext4", "JVM", "Debian 21"))
				.write(b);
			new StartUp(10 + i, Map.of("catalog-service", new StartUp.Phases(1 + i, 8))).write(a);
			Files.write(a.resolve(NetworkProbe.CSV), new NetworkProbe.Result(new double[] { 40, 50, 60 }, new double[] { 1000, 2000 }).csv());
			Files.write(b.resolve(NetworkProbe.CSV), new NetworkProbe.Result(new double[] { 80, 90, 100 }, new double[] { 500, 600 }).csv());
			new StartUp(20, Map.of("catalog-service", new StartUp.Phases(0.5, 8 + 2 * i))).write(b);
			bare.add(RunData.read(a));
			contained.add(RunData.read(b));
		}
		Path html = DeploymentComparison.write(new DeploymentComparison.Sides("bare", bare, "compose", contained),
				this.runs.resolve("cmp"), Studies.all());
		String md = Files.readString(this.runs.resolve("cmp/comparison.md"));
		// The JVMs differ and nobody asked for it; the deployment is the factor under study.
		assertThat(md).contains("| JVM | Eclipse Adoptium 25 | Debian 21 | **differs** |")
			.contains("| services run as | bare JVMs | containers | under study |")
			.contains("| database | H2 files on ext4 | H2 files on ext4 | same |")
			.contains("1 factor(s) differ that the comparison is not about");
		// Table 3: bare 22 ± 4.97 (sd 2, t = 4.303), containers 27 ± 6.57 (sd 2.65); paired differences
		// 5, 4, 6 (± 2.48); ratios 1.25, 1.18, 1.25; the study's 7.8 and 8.4 ms.
		assertThat(md).contains("## Seed 001, Table 3: query latency with and without containers")
			.contains("| 1 | 22.00 ± 4.97 | 27.00 ± 6.57 | +5.00 ± 2.48 | 1.23 ± 0.10 | 7.80 | 8.40 | 1.08 |");
		// The commit's hop: 30 ms three times against 30, 31, 35 (paired differences 0, 1, 5).
		assertThat(md).contains("### toystore-buy-c1: buy")
			.contains("| catalog-service: catalog.commit | 30.00 ± 0.00 | 32.00 ± 6.57 | +2.00 ± 6.57 |");
		// The probes pooled over the three runs of each side: nearest-rank percentiles of 9 round trips.
		assertThat(md).contains("| round trip (µs) | 9 | 40.0 | 50.0 | 60.0 | 60.0 | 9 | 80.0 | 90.0 | 100.0 | 100.0 | +40.0 |")
			.contains("| bandwidth (MB/s) | 6 | 1000.0 | 1000.0 | 2000.0 | 2000.0 | 6 | 500.0 | 500.0 | 600.0 | 600.0 | -500.0 |");
		assertThat(this.runs.resolve("cmp/charts/probe-round-trip.png")).exists();
		// Start-up: the lab in 10, 11, 12 s bare (sd 1) and 20 s each time in containers; the catalog's phases.
		assertThat(md).contains("| **the whole lab, to ready** |  |  | 11.00 ± 1.00 |  |  | 20.00 ± 0.00 |")
			.contains("| catalog-service | 2.00 ± 1.00 | 8.00 ± 0.00 | 10.00 ± 1.00 | 0.50 ± 0.00 | 10.00 ± 2.00 | 10.50 ± 2.00 |");
		assertThat(html).exists();
	}

	@Test
	void repeatedRunsGiveEachFigureAsAMeanWithItsConfidenceInterval() throws IOException {
		// Three runs whose buys differ by their commit time (30, 40, 50 ms); queries are alike.
		List<RunData> runs = List.of(RunData.read(toyStoreRun("r1", 30, 1)), RunData.read(toyStoreRun("r2", 40, 1)),
				RunData.read(toyStoreRun("r3", 50, 1)));
		Path html = Repetitions.write(runs, this.runs.resolve("r1-x3"), Studies.all());
		String md = Files.readString(this.runs.resolve("r1-x3/repetitions.md"));
		// Buy means 73.18, 82.27 and 91.36 ms: sd 9.09, t(0.975, 2) = 4.303, so ± 22.58.
		assertThat(md).contains("| toystore-buy-c1 | buy | 3 | 82.27 ± 22.58 |")
			.contains("| toystore-query-c1 | query | 3 | 20.00 ± 0.00 |");
		// Seed 001's own table over the runs: buys of 80, 90 and 100 ms (sd 10 ms, so ± 24.8 ms); the study's
		// columns and the queries are alike in every run and stay as they are.
		assertThat(md).contains("## The studies' tables over the 3 runs")
			.contains("| 1 | 0.0200 | 0.0900 ± 0.0248 | 1 | 0.0189 | 0.0127 | 0.0084 | 0.0128 | 0.0078 |");
		assertThat(html).exists();
	}

	@Test
	void aCellOverTheRunsKeepsItsTextAndTheWayItsFigureIsWritten() {
		assertThat(Repetitions.cell(List.of("16", "16", "16"))).isEqualTo("16");
		// 1,000, 1,200 and 1,400: sd 200, t(0.975, 2) = 4.303, so ± 496.9.
		assertThat(Repetitions.cell(List.of("1,000 ops/s", "1,200 ops/s", "1,400 ops/s"))).isEqualTo("1,200 ± 497 ops/s");
		assertThat(Repetitions.cell(List.of("+1.50", "+2.50"))).isEqualTo("+2.00 ± 6.35");
		assertThat(Repetitions.cell(List.of("12%", "14%"))).isEqualTo("13 ± 13%");
		// Several figures in a cell, or different words: each run's, in order.
		assertThat(Repetitions.cell(List.of("953 (16)", "1,041 (4)"))).isEqualTo("953 (16); 1,041 (4)");
		assertThat(Repetitions.cell(List.of("yes", "**no**"))).isEqualTo("yes; **no**");
	}

	@Test
	void theAgreementCheckSetsTheLabsP50BesideWrksAndLeavesTheSettlingRoundsOutOfItsVerdict() throws IOException {
		Path dir = this.runs.resolve("agreement-test");
		String header = "group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok";
		List<Manifest.StepRecord> steps = new ArrayList<>();
		// Rounds 0 and 1 settle: the lab three times wrk's, then 1.8 times; rounds 2 to 4: 1.20, 1.24 and 1.16
		// of it, 100 µs above it at the median, 70 beyond the clients' own 30 µs on the reference (nginx). The
		// service's own span was slower in the lab's turns (0.495, 0.515, 0.475 ms against 0.42 in wrk's), and
		// beyond it the lab added 25 µs more than wrk: 5 µs less than the clients' own.
		double[] labMs = { 1.5, 0.9, 0.60, 0.62, 0.58 };
		double[] labServiceMs = { 1.4, 0.8, 0.495, 0.515, 0.475 };
		int number = 0;
		for (int round = 0; round < 5; round++) {
			for (String operation : List.of("rest-get", "reference-get")) {
				boolean reference = operation.equals("reference-get");
				double ms = reference ? 0.1 : labMs[round];
				List<String> csv = new ArrayList<>(List.of(header));
				for (int i = 0; i < 9; i++) {
					csv.add(operation + ",t" + round + "x" + i + "," + (1000 + i) + ","
							+ String.format(java.util.Locale.ROOT, "%.3f", ms) + ",200,s" + i + ",true");
				}
				Map<String, String> lab = Map.of("lab.sweep.operation", operation, "lab.sweep.levels", "1", "lab.sweep.step",
						"5s");
				Map<String, String> outside = Map.of("lab.outside.operation", operation, "lab.outside.duration", "5s");
				steps.add(step(dir, ++number, "lab-" + operation + "-r" + round, "ConcurrencySweepSimulation", lab, csv,
						reference ? List.of() : serverSpans("lab" + round, labServiceMs[round])));
				Manifest.StepRecord wrk = step(dir, ++number, "wrk-" + operation + "-r" + round, "wrk", outside,
						List.of(header), reference ? List.of() : serverSpans("wrk" + round, 0.42));
				Files.writeString(dir.resolve(wrk.folder()).resolve("outside.json"), "{\"requests\":12,\"non2xx\":0,"
						+ "\"meanMicros\":520.0,\"p50Micros\":" + (reference ? 70 : 500) + ",\"cpuSeconds\":0.4}");
				steps.add(wrk);
			}
		}
		writeManifest(dir, "agreement-test", "agreement", "lab", steps, new Cores(2, true));
		Report.write(RunData.read(dir), Studies.all());
		String md = Files.readString(dir.resolve("report.md"));
		assertThat(md).contains("## The lab against an outside client (wrk)")
			.contains("| rest-get | 0 (settling) | 1.500 | 0.500 | 3.00 | 1.400 / 0.420 |")
			.contains("| rest-get | 1 (settling) | 0.900 | 0.500 | 1.80 | 0.800 / 0.420 |")
			.contains("| rest-get | 2 | 0.600 | 0.500 | 1.20 | 0.495 / 0.420 |")
			.contains("| rest-get | 3 | 0.620 | 0.500 | 1.24 | 0.515 / 0.420 |")
			.contains("| reference-get | 3 | 0.100 | 0.070 | 1.43 |  |")
			// Not within 10% nor 20 µs beyond the clients' own; within it beyond the service's own time.
			.contains("| rest-get | 3 | 1.20 | 1.16–1.24 | ±0% | +100 | +70 | 1.18 | -5 | yes |")
			.contains("| reference-get | 3 | 1.43 | 1.43–1.43 | ±0% | +30 |  |  |  | the clients' own |");
		assertThat(md).contains("| cores | separate: services on core 0, the lab (runner, load generator, wrk) on core 1 |")
			.contains("Load generator and services share this machine but not its cores");
		// One client is no sweep: seed 002's section has nothing to show.
		assertThat(md).doesNotContain("Seed 002");
	}

}
