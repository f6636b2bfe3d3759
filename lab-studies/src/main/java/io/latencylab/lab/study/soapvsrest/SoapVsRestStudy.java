package io.latencylab.lab.study.soapvsrest;

import io.latencylab.load.WarmUp;
import io.latencylab.load.MealsLoad;
import io.latencylab.load.SoapVsRestSimulation;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.latencylab.lab.net.Geography;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.net.Geography.Place;
import io.latencylab.load.plan.Operation;
import io.latencylab.load.plan.Parameter;
import io.latencylab.load.plan.Plan;
import io.latencylab.load.plan.Step;
import io.latencylab.load.plan.Targets;
import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.run.RunData;
import io.latencylab.lab.run.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.Study;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Request;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.num;
import static io.latencylab.lab.report.Format.percent;
import static io.latencylab.lab.report.Format.published;
import static io.latencylab.lab.report.Format.seconds;

/** Seed 000: SOAP vs REST meals services under the study's load plans, in-region and from three regions. */
public final class SoapVsRestStudy implements Study {

	static final Published PUBLISHED = Published.of(SoapVsRestStudy.class);

	/** The study's server and its clients' regions, where Azure places them (latitude, longitude, as `az account list-locations` gives them). */
	static final Place SERVER = new Place("Australia East", -33.86, 151.2094);

	static final Map<String, Place> CLIENTS = Map.of("northeurope", new Place("North Europe", 53.3478, -6.2597), "canada",
			new Place("Canada Central", 43.653, -79.383), "japan", new Place("Japan East", 35.68, 139.77));

	@Override
	public Map<String, Duration> regionRoundTrips() {
		Map<String, Duration> roundTrips = new LinkedHashMap<>();
		for (String region : MealsLoad.STUDY_REGIONS) {
			roundTrips.put(region, Geography.floorRoundTrip(CLIENTS.get(region), SERVER));
		}
		return roundTrips;
	}

	@Override
	public String regionSource() {
		return "the floor of each region's round trip to Australia East: twice the great-circle distance between the Azure "
				+ "regions' published coordinates (az account list-locations) at 200 km/ms, light in fibre; measured "
				+ "Internet round trips between continents run 1.5 to 3 times this floor (arXiv 2301.07788)";
	}

	@Override
	public About about() {
		return new About("seed-000", "000", PUBLISHED.paper(),
				"SOAP vs REST meals: the study's mixes and a matched mix in-region, then three regions");
	}

	@Override
	public Plan plan(boolean full) {
		List<Step> steps = new ArrayList<>();
		// The study's Table 2.1: the baseline 100 users in-region, 5 min ramp, 30 min.
		int users = full ? 100 : 10;
		Duration ramp = full ? Duration.ofMinutes(5) : Duration.ofSeconds(10);
		Duration duration = full ? Duration.ofMinutes(30) : Duration.ofSeconds(30);
		for (String mix : List.of("study", "matched")) {
			for (String protocol : List.of("soap", "rest")) {
				steps.add(Plan.compared(MealsLoad.baseline("meals-" + protocol + "-" + mix, protocol, mix, users, ramp, duration),
						"meals-" + mix));
			}
		}
		// Table 2.1: 1000, 2000 and 5000 users from each of North Europe, Canada and Japan, 5 min
		// ramps, 30, 20 and 20 min, North Europe starting 2 minutes later. At laptop scale one level,
		// 10 users a region.
		for (int regionUsers : full ? List.of(1000, 2000, 5000) : List.of(10)) {
			for (String protocol : List.of("soap", "rest")) {
				steps.add(Plan.compared(full
						? MealsLoad.regions(protocol, regionUsers, Duration.ofMinutes(5), Duration.ofMinutes(2),
								Duration.ofMinutes(regionUsers == 1000 ? 30 : 20))
						: MealsLoad.regions(protocol, regionUsers, Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(20)),
						"regions-" + regionUsers));
			}
		}
		return new Plan(name(), seed(), full, WarmUp.step(List.of(Operation.REST_GET, Operation.SOAP_GET), full), steps);
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = run.stepsOf(SoapVsRestSimulation.class);
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
					if (population.equals("baseline")) {
						throughput.put(protocol + " " + load.mix(), g.throughputPerSec());
					}
					List<String> row = new ArrayList<>(List.of(String.valueOf(users), population, load.mix(), count(g.count()),
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
		emulatedDistance(steps, doc);
		for (StepData step : steps) {
			regionsOverTime(step, MealsLoad.from(step.parameters(), ""), doc, charts);
		}
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
