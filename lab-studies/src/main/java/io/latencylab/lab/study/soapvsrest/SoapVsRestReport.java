package io.latencylab.lab.study.soapvsrest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.latencylab.lab.net.Link;
import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.study.Published;
import io.latencylab.load.meals.MealsLoad;
import io.latencylab.load.meals.SoapVsRestSimulation;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Request;
import io.latencylab.plan.JMeterLoad;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import tools.jackson.databind.JsonNode;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.num;
import static io.latencylab.lab.report.Format.percent;
import static io.latencylab.lab.report.Format.published;
import static io.latencylab.lab.report.Format.seconds;

/**
 * Seed 000's report section: the study's Tables A.1 and A.2 beside this lab's rows, how much of the
 * REST/SOAP gap the study's mixes made, JMeter, Gatling and wrk on the same plans, the emulated
 * distance per region, and the study's figures over time per region.
 */
final class SoapVsRestReport {

	private static final Published PUBLISHED = SoapVsRestStudy.PUBLISHED;

	private SoapVsRestReport() {
	}

	/** The steps that sent a meals mix: Gatling's, and JMeter's on the study's plans. */
	static List<StepData> mealsSteps(RunData run) {
		return run.steps()
			.stream()
			.filter((s) -> Step.runs(s.simulation(), SoapVsRestSimulation.class)
					|| (s.simulation().equals(JMeterLoad.CLIENT) && s.parameters().has(MealsLoad.PROTOCOL)))
			.toList();
	}

	static String generator(StepData step) {
		return step.simulation().equals(JMeterLoad.CLIENT) ? "JMeter" : "Gatling";
	}

	static void write(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = mealsSteps(run);
		if (steps.isEmpty()) {
			return;
		}
		doc.heading(2, "Seed 000: SOAP vs REST meals (Appendix A)");
		doc.text("The study's Tables A.1 (REST) and A.2 (SOAP): per case, requests, errors, mean response time and "
				+ "throughput. The study's own load plans sent different mixes: SOAP cheapest, largest, two getMeal and "
				+ "addOrder (4 reads, 1 write); REST create, update, delete, get one and order (1 read, 4 writes). Our "
				+ "`study` rows send those mixes; our `matched` rows send the same five operations over both protocols. "
				+ "The study ran 100 users in-region for its baseline and 1000, 2000 and 5000 users from each of three "
				+ "regions against one Azure B1s VM; the study's row shown is the one of the same case at the study's "
				+ "smallest scale unless the run is full scale. Our regions all run on this machine, with the study's "
				+ "population shape (North Europe starting later), and with its distance only when the run emulates it "
				+ "(./lab run seed-000 --regions; see \"Emulated distance per region\"). Source: " + PUBLISHED.paper() + ".");
		Map<String, Double> throughput = new LinkedHashMap<>();
		for (String protocol : List.of("rest", "soap")) {
			Published.Figure figure = PUBLISHED.figure(protocol.equals("rest") ? "Table A.1" : "Table A.2");
			List<List<String>> rows = new ArrayList<>();
			for (StepData step : steps) {
				MealsLoad load = MealsLoad.from(step.parameters(), "");
				if (!load.protocol().equals(protocol)) {
					continue;
				}
				for (String population : populations(load)) {
					List<Request> requests = population.equals("aggregate") ? step.requests()
							: step.requests().stream().filter((r) -> r.group().startsWith(population + ": ")).toList();
					GroupStats g = GroupStats.of(population, requests);
					int users = load.users(population);
					int studyUsers = run.manifest().full() ? users : population.equals("baseline") ? 100 : 1000;
					Optional<Map<String, Object>> study = load.mix().equals("study")
							? figure.row(Map.of("case", population, "users", studyUsers)) : Optional.empty();
					boolean jmeter = step.simulation().equals(JMeterLoad.CLIENT);
					if (population.equals("baseline") && !jmeter) {
						throughput.put(protocol + " " + load.mix(), g.throughputPerSec());
					}
					String mix = jmeter ? load.mix() + " (JMeter)" : load.mix();
					List<String> row = new ArrayList<>(List.of(String.valueOf(users), population, mix, count(g.count()),
							count(g.errors()), percent(g.errorPercent()), seconds(g.meanMs() / 1000), num(g.throughputPerSec())));
					for (String column : List.of("users", "requests", "errors", "error %", "response time", "throughput")) {
						row.add(study.map((r) -> published(r.get(column))).orElse(""));
					}
					rows.add(row);
				}
			}
			if (!rows.isEmpty()) {
				doc.heading(3, figure.id() + ": " + (protocol.equals("rest") ? "RESTful service" : "SOAP service"));
				doc.table(List.of("#users", "case", "mix", "requests", "errors", "error %", "response time (s)",
						"throughput (/s)", "study #users", "study requests", "study errors", "study error %",
						"study response time (s)", "study throughput (/s)"), rows);
			}
		}
		mixShare(throughput, doc);
		generatorsSideBySide(run, steps, doc);
		emulatedDistance(steps, doc);
		for (StepData step : steps) {
			if (!step.simulation().equals(JMeterLoad.CLIENT)) {
				regionsOverTime(step, MealsLoad.from(step.parameters(), ""), doc, charts);
			}
		}
	}

	/**
	 * The study's own plans sent by JMeter, Gatling and wrk, one after the other on the same
	 * services: per operation, each generator's requests, errors and p50, and how far JMeter's and
	 * wrk's p50 are from Gatling's (wrk keeps one histogram for all its requests: the "all
	 * operations" row). Then what the lab changed in each JMeter plan before it ran it.
	 */
	private static void generatorsSideBySide(RunData run, List<StepData> steps, ReportDocument doc) throws IOException {
		List<List<String>> rows = new ArrayList<>();
		List<String> changes = new ArrayList<>();
		for (String protocol : List.of("soap", "rest")) {
			Map<String, StepData> byGenerator = new LinkedHashMap<>();
			for (StepData step : steps) {
				MealsLoad load = MealsLoad.from(step.parameters(), "");
				if (load.protocol().equals(protocol) && load.mix().equals("study") && load.regions().size() == 1
						&& load.regions().getFirst().name().equals("baseline")) {
					byGenerator.putIfAbsent(generator(step), step);
				}
			}
			StepData wrkStep = run.stepsOf(OutsideLoad.CLIENT)
				.stream()
				.filter((w) -> ("seed-000-" + protocol).equals(w.parameters().get(OutsideLoad.MIX, null)))
				.findFirst()
				.orElse(null);
			JsonNode wrk = (wrkStep == null) ? null
					: RunFolder.outsideResult(run.dir().resolve(wrkStep.record().folder())).orElse(null);
			StepData jmeter = byGenerator.get("JMeter");
			StepData gatling = byGenerator.get("Gatling");
			if (jmeter == null && wrk == null) {
				continue;
			}
			if (jmeter != null) {
				for (String line : RunFolder.jmeterChanges(run.dir().resolve(jmeter.record().folder()))) {
					changes.add(jmeter.record().name() + ": " + line);
				}
			}
			Map<String, GroupStats> j = byOperation(jmeter);
			Map<String, GroupStats> g = byOperation(gatling);
			java.util.Set<String> operations = new java.util.TreeSet<>(j.keySet());
			operations.addAll(g.keySet());
			for (String operation : operations) {
				GroupStats gs = g.get(operation);
				GroupStats js = j.get(operation);
				boolean all = operation.equals(ALL_OPERATIONS);
				Double wrkP50 = (all && wrk != null) ? wrk.path("p50Micros").asDouble() / 1000 : null;
				List<String> row = new ArrayList<>(List.of(protocol, operation));
				row.addAll(figures(gs));
				row.addAll(figures(js));
				row.add(apart(js == null ? null : js.p50Ms(), gs));
				row.add((wrk == null || !all) ? "" : count(wrk.path("requests").asLong()));
				row.add((wrk == null || !all) ? "" : count(wrk.path("non2xx").asLong() + wrk.path("socketErrors").asLong()));
				row.add((wrkP50 == null) ? "" : num(wrkP50));
				row.add(apart(wrkP50, gs));
				rows.add(row);
			}
		}
		if (rows.isEmpty()) {
			return;
		}
		doc.heading(3, "The study's plans through Gatling, JMeter and wrk");
		doc.text("The same requests (the study's plans: StudyPlanRequests for Gatling and wrk, load-jmeter/plans/*.jmx "
				+ "for JMeter), the same users (wrk: a connection each, all open from the start), one generator after "
				+ "the other on the same services. Each counts from the request's start to the response's last byte; "
				+ "JMeter keeps whole milliseconds (each end read to the millisecond: a request under 1 ms is 0 or 1), "
				+ "Gatling's requests are timed to the microsecond, wrk's histogram to the microsecond over all its "
				+ "requests. A delete's 404 (another user deleted meal 12345 first) counts as success for Gatling and "
				+ "JMeter, as the study's service answered it; wrk counts it as not 2xx. With the users sending back "
				+ "to back, the generator that costs more CPU a request leaves the services less of a shared core: "
				+ "compare the generators with --separate-cores (see \"The lab's own footprint\").");
		doc.table(List.of("protocol", "operation", "Gatling requests", "Gatling errors", "Gatling p50 (ms)",
				"JMeter requests", "JMeter errors", "JMeter p50 (ms)", "JMeter − Gatling (p50)", "wrk requests",
				"wrk not 2xx", "wrk p50 (ms)", "wrk − Gatling (p50)"), rows);
		doc.text(changes.isEmpty() ? "The lab ran the JMeter plans as written."
				: "The lab changed the JMeter plans before running them: " + String.join("; ", changes) + ".");
	}

	static final String ALL_OPERATIONS = "all operations";

	/** A step's stats by request group, and of all its requests together; empty without a step. */
	private static Map<String, GroupStats> byOperation(StepData step) {
		Map<String, GroupStats> stats = new TreeMap<>();
		if (step != null) {
			GroupStats.byGroup(step.requests()).forEach((g) -> stats.put(g.group(), g));
			stats.put(ALL_OPERATIONS, GroupStats.of(ALL_OPERATIONS, step.requests()));
		}
		return stats;
	}

	private static List<String> figures(GroupStats stats) {
		return (stats == null) ? List.of("", "", "") : List.of(count(stats.count()), count(stats.errors()), num(stats.p50Ms()));
	}

	/** How far a p50 is from Gatling's, in percent of Gatling's. */
	private static String apart(Double p50, GroupStats gatling) {
		return (p50 == null || gatling == null || gatling.p50Ms() <= 0) ? ""
				: String.format(Locale.ROOT, "%+.0f%%", 100 * (p50 - gatling.p50Ms()) / gatling.p50Ms());
	}

	/**
	 * With ./lab run --regions: each region's round trip as emulated, beside its client p50, that p50
	 * less the round trip, and the in-region baseline's p50 with the same protocol and mix: what the
	 * distance added should be the round trip, and the rest the server's (at another load, though:
	 * the baseline's users send without waiting for a wire).
	 */
	private static void emulatedDistance(List<StepData> steps, ReportDocument doc) {
		Map<String, Double> baseline = new LinkedHashMap<>();
		List<List<String>> rows = new ArrayList<>();
		for (StepData step : steps) {
			MealsLoad load = MealsLoad.from(step.parameters(), "");
			for (MealsLoad.Region region : load.regions()) {
				List<Request> requests = step.requests().stream().filter((r) -> r.group().startsWith(region.name() + ": ")).toList();
				GroupStats g = GroupStats.of(region.name(), requests);
				if (region.name().equals("baseline")) {
					baseline.put(load.protocol() + " " + load.mix(), g.p50Ms());
					continue;
				}
				String roundTrip = step.parameters().get(Targets.roundTrip(region.name()), null);
				if (roundTrip == null) {
					continue;
				}
				double rtt = Parameter.parseDuration(roundTrip).toNanos() / 1e6;
				Double inRegion = baseline.get(load.protocol() + " " + load.mix());
				rows.add(List.of(step.record().name(), region.name(), num(rtt), count(g.count()), num(g.p50Ms()), num(g.p50Ms() - rtt),
						(inRegion == null) ? "" : num(inRegion),
						String.format(Locale.ROOT, "%+.0f%%", 100 * (g.p50Ms() - (inRegion == null ? 0 : inRegion) - rtt) / rtt),
						step.parameters().get(Targets.link(region.name()), Link.of(Parameter.parseDuration(roundTrip)).describe())));
			}
		}
		if (!rows.isEmpty()) {
			doc.heading(3, "Emulated distance per region");
			doc.text("Each region's requests went through a Toxiproxy proxy of its own with its round trip (half each way), "
					+ "from " + new SoapVsRestStudy().regionSource() + ", and the jitter and bandwidth a topology file set "
					+ "(the last column). The column before it is how far the region's p50 is from the in-region "
					+ "baseline's p50 plus the round trip, as a share of the round trip.");
			doc.table(List.of("step", "region", "round trip (ms)", "requests", "p50 (ms)", "p50 − round trip (ms)",
					"in-region p50 (ms)", "p50 − (in-region + round trip)", "link as emulated (Toxiproxy)"), rows);
		}
	}

	/** How much of the REST/SOAP gap the study's mixes made: REST over SOAP throughput with each mix. */
	private static void mixShare(Map<String, Double> throughput, ReportDocument doc) {
		Double restStudy = throughput.get("rest study");
		Double soapStudy = throughput.get("soap study");
		Double restMatched = throughput.get("rest matched");
		Double soapMatched = throughput.get("soap matched");
		if (restStudy == null || soapStudy == null || restMatched == null || soapMatched == null) {
			return;
		}
		doc.text(String.format(Locale.ROOT, "**The mix's share of the gap.** REST over SOAP throughput with the study's mixes: "
				+ "%.2f×; with the matched mix: %.2f×. The study's published ratio (baseline, Tables A.1/A.2): %.2f×.",
				restStudy / soapStudy, restMatched / soapMatched,
				Published.number(PUBLISHED.figure("Table A.1").row(Map.of("case", "baseline")).orElseThrow(), "throughput")
						/ Published.number(PUBLISHED.figure("Table A.2").row(Map.of("case", "baseline")).orElseThrow(),
								"throughput")));
	}

	/** Figures 3.1-3.3: response time, throughput and errors over time, one series per region. */
	private static void regionsOverTime(StepData step, MealsLoad load, ReportDocument doc, Path charts) throws IOException {
		if (load.regions().size() < 2) {
			return;
		}
		doc.heading(3, step.record().name() + ": per region over time (Figures 3.1-3.3)");
		Map<String, List<double[]>> latency = new LinkedHashMap<>();
		Map<String, List<double[]>> rate = new LinkedHashMap<>();
		Map<String, List<double[]>> errors = new TreeMap<>();
		long start = step.requests().stream().mapToLong(Request::startMillis).min().orElse(0);
		for (MealsLoad.Region region : load.regions()) {
			List<Request> requests = step.requests().stream().filter((r) -> r.group().startsWith(region.name() + ": ")).toList();
			for (double[] second : GroupStats.timeline(requests)) {
				double t = second[0] + (requests.isEmpty() ? 0 : (requests.getFirst().startMillis() - start) / 1000);
				Charts.point(rate, region.name(), t, second[1]);
				Charts.point(latency, region.name(), t, second[2]);
			}
		}
		// Figure 3.3: errors by type (the study's exception types; here the HTTP status or no answer).
		Map<String, Map<Long, Integer>> byType = new TreeMap<>();
		step.requests().stream().filter((r) -> !r.ok()).forEach((r) -> byType.computeIfAbsent(r.errorType(), (k) -> new TreeMap<>())
			.merge((r.endMillis() - start) / 1000, 1, Integer::sum));
		byType.forEach((type, perSecond) -> perSecond.forEach((second, n) -> Charts.point(errors, type, second, n)));
		String name = step.record().name();
		Charts.lines(charts.resolve(name + "-latency.png"), name + ": mean response time per region (Figure 3.1)",
				"seconds into the step", "ms", latency, false);
		Charts.lines(charts.resolve(name + "-throughput.png"), name + ": throughput per region (Figure 3.2)",
				"seconds into the step", "requests/s", rate, false);
		if (!errors.isEmpty()) {
			Charts.lines(charts.resolve(name + "-errors.png"), name + ": errors by type (Figure 3.3)", "seconds into the step",
					"errors/s", errors, false);
		}
		doc.image("charts/" + name + "-latency.png", "mean response time per region over time");
		doc.image("charts/" + name + "-throughput.png", "throughput per region over time");
		if (errors.isEmpty()) {
			doc.text("No request of " + name + " failed (Figure 3.3 has nothing to show).");
		}
		else {
			doc.image("charts/" + name + "-errors.png", "errors by type over time");
		}
	}

	private static List<String> populations(MealsLoad load) {
		List<String> names = new ArrayList<>(load.regions().stream().map(MealsLoad.Region::name).toList());
		if (names.size() > 1) {
			names.add("aggregate");
		}
		return names;
	}

}
