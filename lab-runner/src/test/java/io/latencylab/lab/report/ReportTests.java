package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.AwakeCores;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.results.Settling;
import io.latencylab.observability.Convergence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.latencylab.lab.report.RunFixtures.slowCommitsRun;
import static io.latencylab.lab.report.RunFixtures.toyStoreRun;
import static org.assertj.core.api.Assertions.assertThat;

/** A run folder made by hand, read back and reported on, as `lab report RUN` does: the report's own parts, no study's. */
class ReportTests {

	@TempDir
	Path runs;

	@Test
	void theReportDecomposesEachStepAndWeighsTheLabsOwnFootprint() throws IOException {
		Path dir = toyStoreRun(this.runs, "seed-001-test", 30, 1, 2);
		Path html = Report.write(RunData.read(dir), List.of());
		String md = Files.readString(dir.resolve("report.md"));
		assertThat(md).contains("## Latency decomposition").contains("How the decomposition is computed")
			.contains("| catalog-service: catalog.commit | 30.00 | 30.00 | 30.00 | 37.5% |")
			.contains("| front door | 10.00 | 10.00 | 10.00 | 12.5% |");
		assertThat(md).contains("the parts' means add up to 100.0% of the client's mean");
		assertThat(md).contains("No request failed in any step.");
		assertThat(md).contains("| cores | shared: services and the lab on all 2 cores |")
			.contains("finds no idle core")
			.contains("./lab run --separate-cores keeps them apart")
			.contains("| idle cores | not recorded (a run from before it was kept) |");
		// 1.5 s of the generator's CPU, 0.25 s of the runner's and 3.5 s of the services' in a 5 s step; the
		// generator's 20% while answered and the runner's 5% are the lab's 12.5% of two cores.
		assertThat(md).contains("## The lab's own footprint")
			.contains("| toystore-query-c1 | 5.0 | 10 | 30.0 | 20.0 | 4.0 | 150000 | 5.0 | 70.0 | 13% |");
		assertThat(md).doesNotContain("Load generator near its limit").doesNotContain("Seed 001")
			.doesNotContain("The load generator compiled its own code");
		assertThat(Files.readString(html)).contains("<table>").contains("<img src=\"charts/decomposition-2.png\"");
		for (String chart : List.of("decomposition-2.png", "over-time-1.png", "cpu.png")) {
			byte[] png = Files.readAllBytes(dir.resolve("charts").resolve(chart));
			assertThat(png).as(chart).startsWith(0x89, 'P', 'N', 'G');
		}
	}

	@Test
	void coresThatHaltWhenIdleAreNamedAsPartOfTheNetworkAndQueueingUnlessHeldAwake() throws IOException {
		String halting = "halt when idle, and a request wakes them (cpuidle driver haltpoll, governor haltpoll; states POLL, haltpoll idle)";
		Path dir = toyStoreRun(this.runs, "idle", 30, 1);
		rewriteManifest(dir, halting, null);
		Report.write(RunData.read(dir), List.of());
		assertThat(Files.readString(dir.resolve("report.md"))).contains("| idle cores | " + halting
				+ ": waking one is part of each request's network + queueing below, in no span (docs/decomposition.md) |");
		rewriteManifest(dir, halting, "separate: services on core 0, the lab (runner, load generator, wrk) on core 1; "
				+ AwakeCores.describe(true));
		Report.write(RunData.read(dir), List.of());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("| idle cores | " + halting + "; held out of those states while measured (cores above) |");
		rewriteManifest(dir, "poll when idle (cpuidle driver haltpoll; states POLL)", null);
		Report.write(RunData.read(dir), List.of());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("| idle cores | poll when idle (cpuidle driver haltpoll; states POLL) |");
	}

	@Test
	void aStepAnsweredWhileTheGeneratorCompiledItsOwnCodeIsFlagged() throws IOException {
		Path dir = toyStoreRun(this.runs, "compiling", 30, 1);
		Manifest m = Manifest.read(dir);
		List<Manifest.StepRecord> steps = m.steps().stream().map((s) -> new Manifest.StepRecord(s.index(), s.name(),
				s.simulation(), s.properties(), s.folder(), s.start(), s.end(), s.exitCode(), s.requests(), s.errors(),
				s.tracesWanted(), s.tracesFound(), new Manifest.LabCost(1.5, 0.25, 3.5, 80.0, 60.0))).toList();
		new Manifest(m.runId(), m.experiment(), m.seed(), m.full(), m.mode(), m.injections(), m.cores(), m.injector(),
				m.jvmStart(), m.git(), m.machine(), m.start(), m.end(), m.warmUp(), steps).write(dir);
		Report.write(RunData.read(dir), List.of());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("| toystore-query-c1 | 5.0 | 10 | 30.0 | 80.0 | 60.0 | 150000 |")
			.contains("**The load generator compiled its own code while answered:** toystore-query-c1 (60% of a core)");
	}

	private static void rewriteManifest(Path dir, String idleCores, String cores) {
		Manifest m = Manifest.read(dir);
		Map<String, Object> machine = new LinkedHashMap<>(m.machine());
		machine.put(Manifest.IDLE_CORES, idleCores);
		new Manifest(m.runId(), m.experiment(), m.seed(), m.full(), m.mode(), m.injections(), (cores != null) ? cores : m.cores(),
				m.injector(), m.jvmStart(), m.git(), machine, m.start(), m.end(), m.warmUp(), m.steps()).write(dir);
	}

	@Test
	void whereAStepsRequestsOverlappedTheWhatIfTableSaysItsErrorGrowsWithThem() throws IOException {
		// Buys every 100 ms: of 80 ms, one at a time; of 350 ms, about three at once.
		Path serial = toyStoreRun(this.runs, "one-at-a-time", 30, 1);
		Report.write(RunData.read(serial), List.of());
		String one = Files.readString(serial.resolve("report.md"));
		assertThat(one).contains("#### What if a part were faster or slower: toystore-buy-c1")
			.doesNotContain("in flight on average");
		Path dir = toyStoreRun(this.runs, "overlapping", 300, 1);
		Report.write(RunData.read(dir), List.of());
		String overlapping = Files.readString(dir.resolve("report.md"));
		assertThat(overlapping).containsPattern("This step's requests overlapped \\(2\\.\\d in flight on average\\)")
			.contains("the projection's error grows with the clients");
	}

	@Test
	void aWarmUpThatDidNotSettleIsSaidFirstWithEachTargetsWindowsAndVerdict() throws IOException {
		Path dir = toyStoreRun(this.runs, "seed-001-test", 30, 1, 2);
		Settling settling = new Settling(Convergence.DEFAULT);
		settling.put("toy-query@1", List.of(window(1.0, 100), window(1.01, 10), window(0.99, 0)), Settling.End.SETTLED);
		settling.put("toy-buy@1", List.of(window(30, 5000), window(20, 4000), window(12, 3000)), Settling.End.BUDGET);
		Map<String, String> properties = Map.of("lab.warmup.targets", "toy-query@1,toy-buy@1", "lab.warmup.window", "5s",
				"lab.warmup.budget", "2m", RunFolder.SETTLED, settling.text(), RunFolder.SETTLING,
				settling.property(), RunFolder.TIME_TO_STEADY, "about 4 min: each target's time to steady measured on this machine");
		Manifest.read(dir)
			.withWarmUp(new Manifest.StepRecord(0, "warm-up", "WarmUpSimulation", properties, "steps/00-warm-up",
					"2026-11-22T10:00:00Z", "2026-11-22T10:00:30Z", 0, 300, 0, 0, 0, null))
			.write(dir);
		Report.write(RunData.read(dir), List.of());
		String md = Files.readString(dir.resolve("report.md"));
		// Right under the title, before the run's own table.
		assertThat(md.substring(0, md.indexOf("| run |"))).contains("**The services had not settled when the measured steps began**")
			.contains("not settled: 1 of 2 targets settled in 30 s; toy-buy@1 still warming (−")
			.contains("Warm the lab once with `./lab up --warm` (from cold on this machine: about 4 min: each");
		assertThat(md).contains("| warm-up | toy-query@1,toy-buy@1, one at a time in windows of 5s (cap 2m), not settled: ")
			.contains("## How the warm-up settled")
			.contains("until DaCapo's convergence: the coefficient of variation of the last 3 windows' p50 at most 3%")
			.contains("| target | windows | seconds | p50 per window (ms) | variation, last 3 | JIT in the last window (ms) | CPU steal, least–most of a window | verdict |")
			.contains("| toy-query@1 | 3 | 15 | 1.000 → 1.010 → 0.990 | 1.0% | 0 | not read | settled at 15 s |")
			.contains("| toy-buy@1 | 3 | 15 | 30.000 → 20.000 → 12.000 | 43.6% | 3000 | not read | not settled: still warming (−522.6%/min over 3 windows, JIT 60% of the last window); the warm-up's cap spent |");
	}

	@Test
	void aStepWhoseLoadGeneratorRanOutOfCpuIsFlagged() throws IOException {
		Path dir = toyStoreRun(this.runs, "seed-001-busy", 30, 1, 2);
		// The buy at 2 clients: the generator's own samples went to 95% of its machine's cores.
		Path lab = dir.resolve("steps/04-toystore-buy-c2/lab/toystore-buy-c2");
		Files.writeString(lab.resolve("summary.json"), "{\"injectorCpu\": {\"meanPercent\": 60.0, \"maxPercent\": 95.0}}");
		Files.writeString(dir.resolve("steps/03-toystore-query-c2/lab/toystore-query-c2/summary.json"),
				"{\"injectorCpu\": {\"meanPercent\": 50.0, \"maxPercent\": 79.0}}");
		Report.write(RunData.read(dir), List.of());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("**Load generator near its limit:** toystore-buy-c2: the load generator up to 95%")
			.doesNotContain("toystore-query-c2: the load generator");
	}

	@Test
	void aStepWhoseLoadGeneratorSentFewerArrivalsThanItMeantOrWokeLateIsFlagged() throws IOException {
		Path dir = toyStoreRun(this.runs, "seed-001-behind", 30, 1, 2);
		Files.writeString(dir.resolve("steps/04-toystore-buy-c2/lab/toystore-buy-c2/summary.json"),
				"{\"sendRate\": {\"intendedArrivals\": 1000, \"sent\": 900}, \"injectorHiccups\": {\"p99Ms\": 0.2, \"maxMs\": 3.0}}");
		Files.writeString(dir.resolve("steps/03-toystore-query-c2/lab/toystore-query-c2/summary.json"),
				"{\"sendRate\": {\"intendedArrivals\": 1000, \"sent\": 1000}, \"injectorHiccups\": {\"p99Ms\": 25.0, \"maxMs\": 80.0}}");
		Files.writeString(dir.resolve("steps/02-toystore-buy-c1/lab/toystore-buy-c1/summary.json"),
				"{\"sendRate\": {\"intendedArrivals\": 1000, \"sent\": 980}, \"injectorHiccups\": {\"p99Ms\": 9.0, \"maxMs\": 40.0}}");
		Report.write(RunData.read(dir), List.of());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("**Load generator fell behind its intended send rate:** toystore-query-c2: the load generator woke up "
					+ "to 25.0 ms late (p99; max 80.0 ms); toystore-buy-c2: the load generator sent 900 of 1,000 arrivals (90%)")
			.doesNotContain("toystore-buy-c1: the load generator");
	}

	@Test
	void whereAnInjectionActedEachBandSaysHowManyOfItsTracedRequestsItActedIn() throws IOException {
		// The four slow commits (every 50th buy) were an injection's: two in the tail band, two in the extreme.
		Path dir = slowCommitsRun(this.runs, "tail-injected", true);
		Report.write(RunData.read(dir), List.of());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("| requests traced of in band | 20 of 20 | 18 of 18 | 2 of 2 |  |  |\n"
					+ "| of them, injected (`lab.injected` in the trace) | 0 of 20 | 2 of 18 | 2 of 2 |  |  |\n");
	}

	@Test
	void eachStepShowsWhereItsTailGoesBandByBandWithTwoWaterfalls() throws IOException {
		Path dir = slowCommitsRun(this.runs, "tail");
		Report.write(RunData.read(dir), List.of());
		String md = Files.readString(dir.resolve("report.md"));
		assertThat(md).contains("#### Where the tail goes: toystore-buy-c1")
			.contains("| component | median (p45–p55) ms | tail (p90–p99) ms | extreme (p99–p100) ms | Δ tail | Δ extreme |")
			.contains("| requests traced of in band | 20 of 20 | 18 of 18 | 2 of 2 |  |  |")
			// Two of the tail band's 18 are slow commits: 30 + 50 × 2/18.
			.contains("| catalog-service: catalog.commit | 30.00 | 35.56 | 80.00 | +5.556 | +50.000 |")
			.contains("| parts added up, over the client | 100.0% | 100.0% | 100.0% |  |  |")
			// Nothing injected: no row for it.
			.doesNotContain("injected (`lab.injected`")
			// Each waterfall names its trace: the middle one of its band's traced buys.
			.contains("Trace `b102`.")
			.contains("Trace `b199`.");
		for (String chart : List.of("bands-1.png", "waterfall-1-buy-1.png", "waterfall-1-buy-2.png")) {
			assertThat(Files.readAllBytes(dir.resolve("charts").resolve(chart))).as(chart).startsWith(0x89, 'P', 'N', 'G');
		}
		// Other bands, asked for when the report is rebuilt.
		Report.write(RunData.read(dir, java.util.Optional.of(io.latencylab.observability.Bands.parse("middle=40-60,top=98-100"))),
				List.of());
		assertThat(Files.readString(dir.resolve("report.md")))
			.contains("| component | middle (p40–p60) ms | top (p98–p100) ms | Δ top |")
			.contains("| catalog-service: catalog.commit | 30.00 | 80.00 | +50.000 |");
	}

	@Test
	void theComparisonSetsTheBandsSideBySide() throws IOException {
		RunData a = RunData.read(slowCommitsRun(this.runs, "a"));
		RunData b = RunData.read(toyStoreRun(this.runs, "b", 30, 1));
		String md = Comparison.build(a, b, List.of(Comparison.Pair.parse("toystore-buy-c1:toystore-buy-c1")),
				this.runs.resolve("charts")).markdown();
		assertThat(md).contains("| component (mean ms per band) | A median | B median | Δ median | A tail | B tail | Δ tail | A extreme | B extreme | Δ extreme |")
			.contains("| catalog-service: catalog.commit | 30.00 | 30.00 | +0.00 | 35.56 | 30.00 | -5.56 | 80.00 | 30.00 | -50.00 |");
	}

	@Test
	void theComparisonGivesEachComponentsDifference() throws IOException {
		RunData a = RunData.read(toyStoreRun(this.runs, "a", 30, 1));
		Path bDir = toyStoreRun(this.runs, "b", 80, 1);
		rewriteManifest(bDir, "poll when idle (cpuidle driver haltpoll; states POLL)", null);
		RunData b = RunData.read(bDir);
		Path html = Comparison.write(a, b, List.of(), this.runs.resolve("compare"));
		String md = Files.readString(this.runs.resolve("compare/compare.md"));
		assertThat(md).contains("| idle cores | not recorded | poll when idle (cpuidle driver haltpoll; states POLL) |")
			.contains("## toystore-buy-c1")
			.contains("| catalog-service: catalog.commit | 30.00 | 80.00 | +50.00 | 30.00 | 80.00 | +50.00 | 30.00 | 80.00 | +50.00 |")
			.contains("| front door | 10.00 | 10.00 | +0.00 |");
		assertThat(html).exists();
	}

	@Test
	void stepsOfDifferentNamesAreComparedWhenPaired() throws IOException {
		RunData run = RunData.read(toyStoreRun(this.runs, "one", 30, 1, 2));
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

	private static Convergence.Window window(double p50, double jitMs) {
		return new Convergence.Window(p50, 100, 5.0, jitMs);
	}

}
