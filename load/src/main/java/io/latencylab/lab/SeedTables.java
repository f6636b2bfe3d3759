package io.latencylab.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.latencylab.lab.RunData.StepData;
import io.latencylab.lab.StepAnalysis.ComponentStats;
import io.latencylab.lab.StepAnalysis.GroupDecomposition;
import io.latencylab.lab.StepAnalysis.GroupStats;
import tools.jackson.databind.JsonNode;

import static io.latencylab.lab.Report.count;
import static io.latencylab.lab.Report.ms;
import static io.latencylab.lab.Report.num;
import static io.latencylab.lab.Report.seconds;

/** Each study's own table format, our figures beside the figures the study published. */
final class SeedTables {

	private SeedTables() {
	}

	static void write(RunData run, ReportDocument doc, Path charts) throws IOException {
		seed000(run, doc);
		seed001(run, doc, charts);
		seed002(run, doc, charts);
		seed004(run, doc, charts);
	}

	static void seed000(RunData run, ReportDocument doc) {
		List<StepData> steps = run.stepsOf("SoapVsRestSimulation");
		if (steps.isEmpty()) {
			return;
		}
		doc.heading(2, "Seed 000: SOAP vs REST meals (Appendix A)");
		doc.text("The study's Tables A.1 (REST) and A.2 (SOAP): per case, requests, errors, mean response time and "
				+ "throughput. The study ran 100 users in-region for its baseline and 1000, 2000 and 5000 users from each "
				+ "of three regions against one Azure B1s VM; the study's row shown is the one of the same case at the "
				+ "study's smallest scale unless the run is full scale. Our regions all run on this machine, with the "
				+ "study's population shape (North Europe starting later) but not its distance.");
		for (String protocol : List.of("rest", "soap")) {
			List<List<String>> rows = new ArrayList<>();
			for (StepData step : steps) {
				if (!protocol.equals(step.property("lab.protocol"))) {
					continue;
				}
				String regions = step.property("lab.regions");
				List<String> cases = new ArrayList<>();
				if (regions == null || regions.isBlank()) {
					cases.add("baseline");
				}
				else {
					cases.addAll(List.of(regions.split(",")));
					cases.add("aggregate");
				}
				for (String c : cases) {
					List<Request> requests = c.equals("aggregate") ? step.requests()
							: step.requests().stream().filter((r) -> r.group().startsWith(c + ": ")).toList();
					GroupStats g = StepAnalysis.stats(c, requests);
					int users = c.equals("baseline") ? parse(step.property("lab.meals.users"))
							: c.equals("aggregate") ? parse(step.property("lab.region." + cases.getFirst() + ".users"))
									: parse(step.property("lab.region." + c + ".users"));
					int studyUsers = run.manifest().full() ? users : c.equals("baseline") ? 100 : 1000;
					Published.MealsRow study = Published.SEED_000.get(protocol)
						.stream()
						.filter((p) -> p.region().equals(c) && p.users() == studyUsers)
						.findFirst()
						.orElse(null);
					List<String> row = new ArrayList<>(List.of(String.valueOf(users), c, count(g.count()), count(g.errors()),
							String.format(Locale.ROOT, "%.2f", g.errorPercent()), seconds(g.meanMs() / 1000),
							num(g.throughputPerSec())));
					if (study != null) {
						row.addAll(List.of(String.valueOf(study.users()), count(study.requests()), count(study.errors()),
								String.format(Locale.ROOT, "%.2f", study.errorPercent()),
								String.format(Locale.ROOT, "%.2f", study.responseSeconds()), num(study.throughput())));
					}
					else {
						row.addAll(List.of("", "", "", "", "", ""));
					}
					rows.add(row);
				}
			}
			if (!rows.isEmpty()) {
				doc.heading(3, protocol.equals("rest") ? "Table A.1: RESTful service" : "Table A.2: SOAP service");
				doc.table(List.of("#users", "case", "requests", "errors", "error %", "response time (s)", "throughput (/s)",
						"study #users", "study requests", "study errors", "study error %", "study response time (s)",
						"study throughput (/s)"), rows);
			}
		}
	}

	static void seed001(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = new ArrayList<>(run.stepsOf("ToyStoreSimulation"));
		if (steps.isEmpty()) {
			return;
		}
		steps.sort(Comparator.comparingInt((StepData s) -> parse(s.property("lab.toystore.clients"))));
		doc.heading(2, "Seed 001: toy store query and buy latency (Tables 1 and 2)");
		doc.text("Average latency in seconds per number of clients, each client making "
				+ steps.getFirst().property("lab.toystore.requests") + " queries and buying after about one in ten "
				+ "(the study: 1000 queries and 100 buys per client). The study's Table 1 ran on its course's servers "
				+ "(EdLab), Table 2 on a laptop with Docker containers, and Table 3 on the laptop without containers "
				+ "(query only). This run: " + run.manifest().mode() + ".");
		List<List<String>> rows = new ArrayList<>();
		Map<String, List<double[]>> chart = new LinkedHashMap<>();
		for (StepData step : steps) {
			int clients = parse(step.property("lab.toystore.clients"));
			Map<String, GroupStats> groups = StepAnalysis.byGroup(step.stats());
			GroupStats query = groups.get("query");
			GroupStats buy = groups.get("buy");
			Published.ToyStoreRow study = Published.SEED_001.stream().filter((p) -> p.clients() == clients).findFirst().orElse(null);
			List<String> row = new ArrayList<>(List.of(String.valueOf(clients), query == null ? "" : seconds(query.meanMs() / 1000),
					buy == null ? "" : seconds(buy.meanMs() / 1000)));
			if (study != null) {
				row.addAll(List.of(seconds(study.table1Query()), seconds(study.table1Buy()), seconds(study.table2Query()),
						seconds(study.table2Buy()), seconds(study.table3QueryWithoutContainers())));
				point(chart, "study Table 2 query mean", clients, study.table2Query() * 1000);
				point(chart, "study Table 2 buy mean", clients, study.table2Buy() * 1000);
			}
			rows.add(row);
			Stream.of(query, buy).filter(Objects::nonNull).forEach((g) -> {
				point(chart, g.group() + " mean", clients, g.meanMs());
				point(chart, g.group() + " p50", clients, g.p50Ms());
				point(chart, g.group() + " p99", clients, g.p99Ms());
			});
		}
		doc.table(List.of("clients", "our query (s)", "our buy (s)", "Table 1 query (s)", "Table 1 buy (s)",
				"Table 2 query (s)", "Table 2 buy (s)", "Table 3 query, no containers (s)"), rows);
		Charts.lines(charts.resolve("seed-001-latency.png"), "toy store latency against clients", "clients", "ms", chart);
		doc.image("charts/seed-001-latency.png", "query and buy latency against clients");
		doc.text("What buy latency is made of (the largest components by mean; the full tables are in the decomposition "
				+ "section):");
		List<List<String>> made = new ArrayList<>();
		for (StepData step : steps) {
			step.decomposition().stream().filter((g) -> g.group().equals("buy")).findFirst().ifPresent((g) -> made
				.add(List.of(step.property("lab.toystore.clients"), ms(g.client().meanMs()), largest(g, 4))));
		}
		doc.table(List.of("clients", "buy mean ms", "largest components: mean ms (share)"), made);
	}

	static void seed002(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> sweeps = run.stepsOf("ConcurrencySweepSimulation");
		if (sweeps.isEmpty()) {
			return;
		}
		doc.heading(2, "Seed 002: throughput against concurrent clients");
		doc.text("Closed-model steps of concurrent clients, each client sending its next request as soon as the last "
				+ "one is answered. Per step: aggregate and per-client operations a second, as in the study's Figures "
				+ "2-3; the peak is given as in its Tables 1 and 3, ops/s (clients). The study's Azure services peaked "
				+ "at 64 to 192 clients (Table 3: queue Add 569 (64), Peek 3878 (192); Table 1: Table Query 1 KB "
				+ "1525 (192)); a service on two shared cores peaks far earlier.");
		Map<String, List<double[]>> chart = new LinkedHashMap<>();
		Map<String, Map<Integer, String>> matrix = new TreeMap<>();
		for (StepData step : sweeps) {
			if (step.sweep().isEmpty()) {
				continue;
			}
			JsonNode sweep = step.sweep().get();
			String operation = sweep.path("operation").asString();
			String peak = String.format(Locale.ROOT, "%,.0f (%d)", sweep.path("peakPerSec").asDouble(),
					sweep.path("peakClients").asInt());
			if (operation.startsWith("entity-")) {
				int kb = parse(step.property("lab.entity.bytes")) / 1024;
				matrix.computeIfAbsent(operation.substring("entity-".length()), (k) -> new TreeMap<>()).put(kb, peak);
				continue;
			}
			doc.heading(3, step.record().name() + ": peak " + peak);
			List<List<String>> rows = new ArrayList<>();
			for (JsonNode s : sweep.path("steps")) {
				rows.add(List.of(s.path("level").asString(), count(s.path("count").asLong()), count(s.path("errors").asLong()),
						num(s.path("aggregatePerSec").asDouble()), num(s.path("perClientPerSec").asDouble()),
						ms(s.path("meanMs").asDouble()), ms(s.path("p99Ms").asDouble())));
				point(chart, operation, s.path("level").asInt(), s.path("aggregatePerSec").asDouble());
			}
			doc.table(List.of("clients", "requests", "errors", "aggregate ops/s", "per client ops/s", "mean ms", "p99 ms"), rows);
		}
		if (!chart.isEmpty()) {
			Charts.lines(charts.resolve("seed-002-sweep.png"), "aggregate throughput against clients", "concurrent clients",
					"operations/s", chart);
			doc.image("charts/seed-002-sweep.png", "aggregate throughput against concurrent clients");
		}
		if (!matrix.isEmpty()) {
			doc.heading(3, "Table 1: maximum throughput, ops/s (clients), by operation and entity size");
			doc.text("Our entities are REST meals whose description has the given size; the study's are Azure Table "
					+ "entities. Insert and delete each make their own meal (the call that only sets up or cleans up is "
					+ "not counted); query and update all work on one shared meal.");
			List<List<String>> rows = new ArrayList<>();
			for (String operation : List.of("insert", "query", "update", "delete")) {
				Map<Integer, String> ours = matrix.get(operation);
				if (ours == null) {
					continue;
				}
				List<String> row = new ArrayList<>(List.of(operation + " (ours)"));
				List<String> studyRow = new ArrayList<>(List.of(operation + " (study)"));
				String[] study = Published.SEED_002_TABLE_1.get(operation);
				int i = 0;
				for (int kb : List.of(1, 4, 16, 64)) {
					row.add(ours.getOrDefault(kb, ""));
					studyRow.add(study[i++]);
				}
				rows.add(row);
				rows.add(studyRow);
			}
			doc.table(List.of("operation", "1 KB", "4 KB", "16 KB", "64 KB"), rows);
		}
	}

	static void seed004(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = run.stepsOf("SortSimulation");
		if (steps.isEmpty()) {
			return;
		}
		doc.heading(2, "Seed 004: sorting time against clients (Table 1.2)");
		doc.text("Mean time a client waits for its file to be sorted, and its standard deviation, in seconds, per "
				+ "algorithm and file size. The study's Table 1.2 is a bubble sort of 20,000 integers on a 1-vCPU "
				+ "droplet, its clients on the far side of the Internet; our `exchange` is its algorithm.");
		Map<String, List<StepData>> bySeries = new TreeMap<>();
		steps.forEach((s) -> bySeries.computeIfAbsent(s.property("lab.sort.algorithm") + ", n=" + s.property("lab.sort.size"),
				(k) -> new ArrayList<>()).add(s));
		Map<String, List<double[]>> chart = new LinkedHashMap<>();
		for (var series : bySeries.entrySet()) {
			List<List<String>> rows = new ArrayList<>();
			List<StepData> list = new ArrayList<>(series.getValue());
			list.sort(Comparator.comparingInt((StepData s) -> parse(s.property("lab.sort.clients"))));
			for (StepData step : list) {
				int clients = parse(step.property("lab.sort.clients"));
				GroupStats g = step.stats().isEmpty() ? null : step.stats().getFirst();
				if (g == null) {
					continue;
				}
				double[] study = "exchange".equals(step.property("lab.sort.algorithm"))
						&& "20000".equals(step.property("lab.sort.size")) ? Published.SEED_004_TABLE_1_2.get(clients) : null;
				rows.add(List.of(String.valueOf(clients), count(g.count()), seconds(g.meanMs() / 1000),
						seconds(g.stdDevMs() / 1000), study == null ? "" : String.format(Locale.ROOT, "%.3f", study[0]),
						study == null ? "" : String.format(Locale.ROOT, "%.3f", study[1])));
				point(chart, series.getKey(), clients, g.meanMs());
			}
			doc.heading(3, series.getKey());
			doc.table(List.of("clients", "files sorted", "mean wait (s)", "std dev (s)", "study mean (s)", "study std dev (s)"),
					rows);
		}
		Charts.lines(charts.resolve("seed-004-sort.png"), "mean wait against clients", "clients", "ms", chart);
		doc.image("charts/seed-004-sort.png", "mean sorting wait against clients");
	}

	/** "catalog-service: catalog.commit 12.1 (40%), …" */
	static String largest(GroupDecomposition g, int n) {
		List<String> parts = new ArrayList<>();
		for (ComponentStats c : g.components().subList(0, Math.min(n, g.components().size()))) {
			parts.add(String.format(Locale.ROOT, "%s %.2f (%.0f%%)", c.component(), c.meanMs(),
					100 * c.meanMs() / Math.max(1e-9, g.client().meanMs())));
		}
		return String.join("; ", parts);
	}

	private static void point(Map<String, List<double[]>> chart, String series, double x, double y) {
		chart.computeIfAbsent(series, (k) -> new ArrayList<>()).add(new double[] { x, y });
	}

	private static int parse(String value) {
		try {
			return (value == null) ? 0 : Integer.parseInt(value.strip());
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

}
