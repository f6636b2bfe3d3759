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

import io.latencylab.lab.plan.Operation;
import io.latencylab.lab.plan.Plan;
import io.latencylab.lab.plan.Step;
import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.run.RunData;
import io.latencylab.lab.run.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.Study;
import io.latencylab.observability.GroupStats;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.seconds;

/** Seed 004: the DigitalOcean sort server, clients × file size × algorithm. */
public final class SortStudy implements Study {

	static final Published PUBLISHED = Published.of(SortStudy.class);

	@Override
	public String name() {
		return "seed-004";
	}

	@Override
	public String seed() {
		return "004";
	}

	@Override
	public String paper() {
		return PUBLISHED.paper();
	}

	@Override
	public String summary() {
		return "sorting: clients × file size × algorithm";
	}

	@Override
	public Plan plan(boolean full) {
		List<Step> steps = new ArrayList<>();
		List<Integer> clients = full ? List.of(1, 10, 20, 30, 40) : List.of(1, 4, 10);
		List<Integer> sizes = full ? List.of(10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000) : List.of(10_000, 20_000);
		for (String algorithm : List.of("exchange", "quick")) {
			for (int size : sizes) {
				for (int n : clients) {
					steps.add(new SortLoad(algorithm, size, n, 1, full ? Duration.ofMinutes(5) : Duration.ofSeconds(10)).step());
				}
			}
		}
		return new Plan(name(), seed(), full,
				Plan.warmUp(List.of(Operation.SORT), full ? Duration.ofMinutes(1) : Duration.ofSeconds(20)), steps);
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = run.stepsOf("SortSimulation");
		if (steps.isEmpty()) {
			return;
		}
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
	}

	private static SortLoad load(StepData step) {
		return SortLoad.from(step.parameters());
	}

	private static String three(double value) {
		return String.format(Locale.ROOT, "%.3f", value);
	}

}
