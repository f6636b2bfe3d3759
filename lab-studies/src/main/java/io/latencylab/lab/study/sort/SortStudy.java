package io.latencylab.lab.study.sort;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.latencylab.lab.net.Geography;
import io.latencylab.lab.net.Geography.Place;
import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.Format;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.Study;
import io.latencylab.load.sort.SortLoad;
import io.latencylab.load.sort.SortSimulation;
import io.latencylab.observability.Decomposition;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Request;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.seconds;

/** Seed 004: the DigitalOcean sort server, clients × file size × algorithm. */
public final class SortStudy implements Study {

	static final Published PUBLISHED = Published.of(SortStudy.class);

	static final String SERVICE = "sort-service";

	/**
	 * Experiment 4's places: the students' client in Ljubljana, their droplets in DigitalOcean's
	 * Frankfurt and San Francisco regions (city coordinates; the study gives no more).
	 */
	static final Place CLIENT = new Place("Ljubljana", 46.0500, 14.4690);

	static final Map<String, Place> PLACES = places();

	private static Map<String, Place> places() {
		Map<String, Place> places = new LinkedHashMap<>();
		places.put("frankfurt", new Place("Frankfurt", 50.1109, 8.6821));
		places.put("san-francisco", new Place("San Francisco", 37.7749, -122.4194));
		return places;
	}

	@Override
	public Map<String, Duration> regionRoundTrips() {
		Map<String, Duration> roundTrips = new LinkedHashMap<>();
		PLACES.forEach((name, server) -> roundTrips.put(name, Geography.floorRoundTrip(CLIENT, server)));
		return roundTrips;
	}

	@Override
	public String regionSource() {
		return "the floor of the round trip from the students' client in Ljubljana to each DigitalOcean region's city: "
				+ "twice the great-circle distance at 200 km/ms, light in fibre; measured Internet round trips run 1.5 to 3 "
				+ "times this floor (arXiv 2301.07788)";
	}

	@Override
	public About about() {
		return new About("seed-004", "004", PUBLISHED.paper(),
				"sorting: clients × file size × algorithm");
	}

	@Override
	public Plan plan(boolean full) {
		List<Step> steps = new ArrayList<>();
		List<Integer> clients = full ? List.of(1, 10, 20, 30, 40) : List.of(1, 4, 10);
		List<Integer> sizes = full ? List.of(10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000) : List.of(10_000, 20_000);
		Duration each = full ? Duration.ofMinutes(5) : Duration.ofSeconds(10);
		// Experiments 1 and 2: clients × file size, for both algorithms.
		for (String algorithm : List.of("exchange", "quick")) {
			for (int size : sizes) {
				for (int n : clients) {
					steps.add(new SortLoad(algorithm, size, n, each).step());
				}
			}
		}
		// Experiment 5: the same server with 1 and with 2 cores (the study: a 1-vCPU and a 2-vCPU droplet).
		for (int size : full ? List.of(20_000, 50_000) : List.of(20_000)) {
			for (int n : clients) {
				for (int cpus : List.of(1, 2)) {
					steps.add(Plan.compared(Plan.withCpus(new SortLoad("exchange", size, n, each).step(), SERVICE, cpus),
							"cpus-n" + size + "-c" + n));
				}
			}
		}
		// Experiment 4: the same uploads from near (Frankfurt) and far (San Francisco); the study had a
		// server in each, we keep one server and put the client at each distance (./lab run --regions).
		for (int size : full ? List.of(20_000, 50_000) : List.of(20_000)) {
			for (int n : full ? clients : List.of(1, 4)) {
				for (String place : PLACES.keySet()) {
					steps.add(new SortLoad("exchange", size, n, each).sentFrom(place).step());
				}
			}
		}
		// Experiment 6: 20 clients each sending a file every 300 s for 24 hours; at laptop scale
		// every 10 s for 10 minutes.
		steps.add(full ? new SortLoad("exchange", 20_000, 20, 1, Duration.ofHours(24), Duration.ofSeconds(300)).step()
				: new SortLoad("exchange", 20_000, 20, 1, Duration.ofMinutes(10), Duration.ofSeconds(10)).step());
		return new Plan(name(), seed(), full,
				WarmUp.step(WarmUp.atOneClient(List.of(Operation.SORT)), full), steps);
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> all = run.stepsOf(SortSimulation.class);
		if (all.isEmpty()) {
			return;
		}
		List<StepData> steps = all.stream()
			.filter((s) -> s.parameters().get(Plan.CPUS, null) == null && !load(s).paced() && !load(s).placed())
			.toList();
		doc.heading(2, "Seed 004: sorting time against clients (Table 1.2)");
		doc.text("Mean time a client waits for its file to be sorted, and its standard deviation, in seconds, per "
				+ "algorithm and file size. The study's Table 1.2 is a bubble sort of 20,000 integers on a 1-vCPU "
				+ "droplet, its clients on the far side of the Internet; our `exchange` is its algorithm. Source: "
				+ PUBLISHED.paper() + ".");
		Map<String, List<StepData>> bySeries = new TreeMap<>();
		steps.forEach((s) -> bySeries.computeIfAbsent(load(s).algorithm() + ", n=" + load(s).size(), (k) -> new ArrayList<>())
			.add(s));
		Map<String, List<double[]>> byClients = new LinkedHashMap<>();
		Map<String, List<double[]>> bySize = new TreeMap<>();
		for (var series : bySeries.entrySet()) {
			List<List<String>> rows = new ArrayList<>();
			List<StepData> list = new ArrayList<>(series.getValue());
			list.sort(Comparator.comparingInt((StepData s) -> load(s).clients()));
			for (StepData step : list) {
				SortLoad load = load(step);
				if (step.requests().isEmpty()) {
					continue;
				}
				GroupStats g = GroupStats.of("sort", step.requests());
				Optional<Map<String, Object>> study = (load.algorithm().equals("exchange") && load.size() == 20_000)
						? PUBLISHED.figure("Table 1.2").row(Map.of("clients", load.clients())) : Optional.empty();
				rows.add(List.of(String.valueOf(load.clients()), count(g.count()), count(g.errors()), seconds(g.meanMs() / 1000),
						seconds(g.stdDevMs() / 1000), study.map((r) -> three(Published.number(r, "mean"))).orElse(""),
						study.map((r) -> three(Published.number(r, "std dev"))).orElse("")));
				Charts.point(byClients, series.getKey(), load.clients(), g.meanMs());
				Charts.point(bySize, load.algorithm() + ", " + load.clients() + " clients", load.size(), g.meanMs());
			}
			doc.heading(3, series.getKey());
			doc.table(List.of("clients", "files sorted", "errors", "mean wait (s)", "std dev (s)", "study mean (s)",
					"study std dev (s)"), rows);
		}
		Charts.lines(charts.resolve("seed-004-sort.png"), "mean wait against clients", "clients", "ms", byClients, true);
		doc.image("charts/seed-004-sort.png", "mean sorting wait against clients");
		if (bySize.values().stream().anyMatch((points) -> points.size() > 1)) {
			Charts.lines(charts.resolve("seed-004-size.png"), "mean wait against file size (experiment 2)", "integers in the file",
					"ms", bySize, true);
			doc.image("charts/seed-004-size.png", "mean sorting wait against file size");
		}
		places(all.stream().filter((s) -> load(s).placed()).toList(), doc);
		cores(all.stream().filter((s) -> s.parameters().get(Plan.CPUS, null) != null).toList(), doc, charts);
		for (StepData soak : all.stream().filter((s) -> load(s).paced()).toList()) {
			soak(soak, doc, charts);
		}
	}

	/**
	 * Experiment 4: the same uploads from near and far. Each far step beside the near one with the
	 * same file and clients: what the distance added, against the round trip emulated.
	 */
	private static void places(List<StepData> steps, ReportDocument doc) {
		if (steps.isEmpty()) {
			return;
		}
		doc.heading(3, "Experiment 4: near and far");
		doc.text("The same exchange sorts sent from Frankfurt and from San Francisco. The study had a droplet in each and "
				+ "found San Francisco the faster, against its own hypothesis, and put it down to a busier Frankfurt (its "
				+ "Figures 1.7-1.8): two servers and two paths at once. Here one server is sorting and only the path "
				+ "differs: under ./lab run seed-004 --regions each place's uploads cross a Toxiproxy proxy of its own with "
				+ "its round trip, from " + new SortStudy().regionSource() + ". Toxiproxy delays data and not packets, "
				+ "so TCP's slow start over the long path (a cold upload of 100 KB needs about three round trips more "
				+ "than one) is not in it; what it shows is the round trip's share beside a sort's time. The last two "
				+ "columns compare p50s, which a cold first request does not move. With one client the far place should "
				+ "add the round trips' difference; with several, once the server is the bottleneck, it adds little: "
				+ "in a closed loop each client's cycle is clients / throughput (Little's law), and a client's time on "
				+ "the wire is time it does not spend queueing at the server. The front door is each upload's wait "
				+ "less the sort service's own server span (from its trace): where the distance belongs, without the "
				+ "sort's own time, which moves from one step to the next by more than a round trip.");
		Map<String, double[]> near = new LinkedHashMap<>();
		List<List<String>> rows = new ArrayList<>();
		for (StepData step : steps) {
			SortLoad load = load(step);
			if (step.requests().isEmpty()) {
				continue;
			}
			GroupStats g = GroupStats.of("sort", step.requests());
			double frontDoor = frontDoorP50Ms(step);
			String key = load.size() + "-" + load.clients();
			String roundTrip = step.parameters().get(Targets.roundTrip(load.place()), null);
			double rtt = (roundTrip == null) ? 0 : Parameter.parseDuration(roundTrip).toMillis();
			// The first place sent with this file and these clients: its p50s and round trip.
			double[] first = near.computeIfAbsent(key, (k) -> new double[] { g.p50Ms(), frontDoor, rtt });
			double fartherBy = rtt - first[2];
			List<String> row = new ArrayList<>(List.of(load.place(),
					step.parameters().get(Targets.link(load.place()), "not emulated (run with --regions)"),
					String.valueOf(load.size()), String.valueOf(load.clients()), count(g.count()), seconds(g.meanMs() / 1000),
					seconds(g.p50Ms() / 1000)));
			row.addAll(added(g.p50Ms() - first[0], fartherBy));
			row.add(Double.isNaN(frontDoor) ? "no traces" : String.format(Locale.ROOT, "%.1f", frontDoor));
			row.addAll(added(frontDoor - first[1], fartherBy));
			rows.add(row);
		}
		doc.table(List.of("from", "link as emulated (Toxiproxy)", "integers", "clients", "files sorted", "mean wait (s)",
				"p50 (s)", "p50 − first place's (ms)", "that over the round trips' difference", "front door p50 (ms)",
				"front door − first place's (ms)", "that over the round trips' difference"), rows);
	}

	/** What the distance added (ms), and that over the round trips' difference (blank where not farther); blanks for NaN. */
	private static List<String> added(double addedMs, double fartherByMs) {
		if (Double.isNaN(addedMs)) {
			return List.of("", "");
		}
		return List.of(String.format(Locale.ROOT, "%+.1f", addedMs),
				(fartherByMs <= 0) ? "" : String.format(Locale.ROOT, "%.2f", addedMs / fartherByMs));
	}

	/** The p50 of the time outside the sort service's server span, over the step's traced uploads; NaN without traces. */
	private static double frontDoorP50Ms(StepData step) {
		return step.decomposition()
			.stream()
			.findFirst()
			.map((d) -> d.component(Decomposition.FRONT_DOOR).p50Ms())
			.orElse(Double.NaN);
	}

	/** Experiment 5: the mean wait with the service on 1 and on 2 cores. */
	private static void cores(List<StepData> steps, ReportDocument doc, Path charts) throws IOException {
		if (steps.isEmpty()) {
			return;
		}
		doc.heading(3, "Experiment 5: one core against two");
		doc.text("The same exchange sorts with the sort service limited to 1 and to 2 of this machine's cores while the "
				+ "step runs (its CPU affinity bare, its CPU quota in a container). The study compared a 1-vCPU / 512 MB "
				+ "droplet with a 2-vCPU / 2 GB one and found the waits far shorter on the larger (its Figures 1.9-1.10).");
		Map<String, List<double[]>> chart = new LinkedHashMap<>();
		List<List<String>> rows = new ArrayList<>();
		for (StepData step : steps) {
			SortLoad load = load(step);
			int cpus = step.parameters().get(Plan.CPUS, 0);
			GroupStats g = GroupStats.of("sort", step.requests());
			rows.add(List.of(String.valueOf(load.size()), String.valueOf(load.clients()), String.valueOf(cpus),
					count(g.count()), seconds(g.meanMs() / 1000), seconds(g.stdDevMs() / 1000)));
			Charts.point(chart, "n=" + load.size() + ", " + cpus + (cpus == 1 ? " core" : " cores"), load.clients(), g.meanMs());
		}
		doc.table(List.of("integers", "clients", "cores", "files sorted", "mean wait (s)", "std dev (s)"), rows);
		Charts.lines(charts.resolve("seed-004-cores.png"), "mean wait on 1 and 2 cores (experiment 5)", "clients", "ms",
				chart, true);
		doc.image("charts/seed-004-cores.png", "mean sorting wait against clients on 1 and 2 cores");
	}

	/** Experiment 6: a long run of paced uploads; the wait and the share answered over time. */
	private static void soak(StepData step, ReportDocument doc, Path charts) throws IOException {
		SortLoad load = load(step);
		List<Request> requests = step.requests();
		if (requests.isEmpty()) {
			return;
		}
		long bin = Math.max(load.pace().toMillis(), 10_000);
		long start = requests.stream().mapToLong(Request::startMillis).min().orElseThrow();
		Map<Long, List<Request>> bins = new TreeMap<>();
		requests.forEach((r) -> bins.computeIfAbsent((r.startMillis() - start) / bin, (k) -> new ArrayList<>()).add(r));
		Map<String, List<double[]>> wait = new LinkedHashMap<>();
		Map<String, List<double[]>> availability = new LinkedHashMap<>();
		bins.forEach((index, list) -> {
			double minutes = index * bin / 60_000.0;
			Charts.point(wait, "mean wait", minutes, GroupStats.of("sort", list).meanMs());
			Charts.point(availability, "answered 200", minutes, 100.0 * list.stream().filter(Request::ok).count() / list.size());
		});
		GroupStats all = GroupStats.of("sort", requests);
		doc.heading(3, "Experiment 6: " + load.clients() + " clients, a file every " + load.pace().toSeconds() + " s for "
				+ Format.clock(load.duration()));
		doc.text(String.format(Locale.ROOT, "The study sent 20 files of 20,000 integers every 300 s for 24 hours and found "
				+ "the wait about the same all day, with four outliers. Here: %s uploads, %.3f%% answered, mean wait %s s "
				+ "(sd %s s), the largest %s s; per %d s:", count(all.count()), 100 - all.errorPercent(), seconds(all.meanMs() / 1000),
				seconds(all.stdDevMs() / 1000), seconds(all.maxMs() / 1000), bin / 1000));
		Charts.lines(charts.resolve("seed-004-soak-wait.png"), "mean wait over the run (experiment 6)", "minutes into the run",
				"ms", wait, false);
		doc.image("charts/seed-004-soak-wait.png", "mean sorting wait over the run");
		Charts.lines(charts.resolve("seed-004-soak-availability.png"), "share of uploads answered over the run",
				"minutes into the run", "% answered 200", availability, false);
		doc.image("charts/seed-004-soak-availability.png", "availability over the run");
	}

	private static SortLoad load(StepData step) {
		return SortLoad.from(step.parameters());
	}

	private static String three(double value) {
		return String.format(Locale.ROOT, "%.3f", value);
	}

}
