package io.latencylab.lab.study;

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
import io.latencylab.lab.report.DeploymentComparison;
import io.latencylab.lab.report.Repetitions;
import io.latencylab.lab.report.Report;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.RunData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.latencylab.lab.report.RunFixtures.serverSpans;
import static io.latencylab.lab.report.RunFixtures.sortSpans;
import static io.latencylab.lab.report.RunFixtures.sorts;
import static io.latencylab.lab.report.RunFixtures.step;
import static io.latencylab.lab.report.RunFixtures.toyStoreRun;
import static io.latencylab.lab.report.RunFixtures.writeManifest;
import static org.assertj.core.api.Assertions.assertThat;

/** The studies' sections of a report, a comparison and repetitions, from run folders made by hand. */
class StudyReportsTests {

	@TempDir
	Path runs;

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

	@Test
	void theReportHoldsTheSeedTableBesideThePublishedOneAndTheDecomposition() throws IOException {
		Path dir = toyStoreRun(this.runs, "seed-001-test", 30, 1, 2);
		Path html = Report.write(RunData.read(dir), Studies.all());

		String md = Files.readString(dir.resolve("report.md"));
		// Ours (query 20 ms, buy 80 ms, the sold-out buy apart) beside Tables 1, 2 and 3 of the study.
		assertThat(md).contains("| 1 | 0.0200 | 0.0800 | 1 | 0.0189 | 0.0127 | 0.0084 | 0.0128 | 0.0078 |")
			.contains("| 2 | 0.0200 | 0.0800 | 1 | 0.0200 | 0.0427 | 0.0137 | 0.0578 | 0.0092 |");
		// The report's own parts are ReportTests' (lab-runner); here, that they still stand beside the study's.
		assertThat(md).contains("## Latency decomposition").contains("## The lab's own footprint");
		assertThat(Files.readString(html)).contains("<table>").contains("<img src=\"charts/seed-001-latency.png\"");
		for (String chart : List.of("seed-001-latency.png")) {
			byte[] png = Files.readAllBytes(dir.resolve("charts").resolve(chart));
			assertThat(png).as(chart).startsWith(0x89, 'P', 'N', 'G');
		}
	}

	@Test
	void twoDeploymentsTakingTurnsGiveTable3EachHopsPairedDifferenceAndTheFactorsThatDiffer() throws IOException {
		// Bare: queries of 20, 22 and 24 ms, commits of 30 ms; the containers: 25, 26, 30 and 30, 31, 35.
		List<RunData> bare = new ArrayList<>();
		List<RunData> contained = new ArrayList<>();
		long[][] figures = { { 20, 30, 25, 30 }, { 22, 30, 26, 31 }, { 24, 30, 30, 35 } };
		for (int i = 0; i < 3; i++) {
			Path a = toyStoreRun(this.runs, "bare-" + i, figures[i][0], figures[i][1], 1);
			new Factors(Map.of("services run as", "bare JVMs", "database", "H2 files on ext4", "JVM", "Eclipse Adoptium 25"))
				.write(a);
			Path b = toyStoreRun(this.runs, "compose-" + i, figures[i][2], figures[i][3], 1);
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
		List<RunData> runs = List.of(RunData.read(toyStoreRun(this.runs, "r1", 30, 1)), RunData.read(toyStoreRun(this.runs, "r2", 40, 1)),
				RunData.read(toyStoreRun(this.runs, "r3", 50, 1)));
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
