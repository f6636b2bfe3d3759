package io.latencylab.lab.study.toystore;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.DeploymentComparison;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.Study;
import io.latencylab.load.toystore.ToyStoreLoad;
import io.latencylab.load.toystore.ToyStoreSimulation;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Request;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.seconds;

/** Seed 001: the tiered toy store's query and buy latency at 1 to 5 clients. */
public final class ToyStoreStudy implements Study {

	static final Published PUBLISHED = Published.of(ToyStoreStudy.class);

	/** A buy of a toy sold out until the restocker's next round: an answer, counted apart from the buy figures. */
	static final int SOLD_OUT = 409;

	@Override
	public About about() {
		return new About("seed-001", "001", PUBLISHED.paper(),
				"toy store query and buy latency at 1 to 5 clients, queries and buys in runs of their own");
	}

	@Override
	public Plan plan(boolean full) {
		List<Step> steps = new ArrayList<>();
		for (int clients = 1; clients <= 5; clients++) {
			steps.add(new ToyStoreLoad("query", clients, full ? 1000 : 200).step());
			steps.add(new ToyStoreLoad("buy", clients, full ? 100 : 40).step());
		}
		// The most clients first (the most calls a second for the JIT), then one, where the study starts.
		return new Plan(name(), seed(), full, WarmUp.step(List.of(WarmUp.Target.of(Operation.TOY_QUERY, 5),
				WarmUp.Target.of(Operation.TOY_BUY, 5), WarmUp.Target.of(Operation.TOY_QUERY, 1),
				WarmUp.Target.of(Operation.TOY_BUY, 1)), full), steps);
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = new ArrayList<>(run.stepsOf(ToyStoreSimulation.class));
		if (steps.isEmpty()) {
			return;
		}
		steps.sort(Comparator.comparingInt((StepData s) -> load(s).clients()));
		doc.heading(2, "Seed 001: toy store query and buy latency (Tables 1, 2 and 3)");
		doc.text("Average latency in seconds per number of clients. As in the study, queries and buys run separately: "
				+ "each client sends its queries (the study: 1000), or in a run of its own its buys (the study: 100), one "
				+ "after another. A buy answered 409 (the toy sold out until the restocker's next round) is counted "
				+ "apart and left out of the buy figures. The study's Table 1 ran on its course's servers (EdLab), "
				+ "Table 2 on a laptop with Docker containers, Table 3 on the laptop without containers (query only). "
				+ "This run: " + run.manifest().mode() + ". Source: " + PUBLISHED.paper() + ".");
		Map<Integer, GroupStats> queries = new LinkedHashMap<>();
		Map<Integer, GroupStats> buys = new LinkedHashMap<>();
		Map<Integer, Long> soldOut = new LinkedHashMap<>();
		for (StepData step : steps) {
			ToyStoreLoad load = load(step);
			if (load.operation().equals("query")) {
				queries.put(load.clients(), GroupStats.of("query", step.requests()));
			}
			else {
				List<Request> answered = step.requests().stream().filter((r) -> r.status() != SOLD_OUT).toList();
				buys.put(load.clients(), GroupStats.of("buy", answered));
				soldOut.put(load.clients(), step.requests().size() - (long) answered.size());
			}
		}
		List<List<String>> rows = new ArrayList<>();
		Map<String, List<double[]>> chart = new LinkedHashMap<>();
		for (int clients : new TreeSet<>(union(queries.keySet(), buys.keySet()))) {
			Optional<GroupStats> query = Optional.ofNullable(queries.get(clients));
			Optional<GroupStats> buy = Optional.ofNullable(buys.get(clients));
			Map<String, Object> key = Map.of("clients", clients);
			Optional<Map<String, Object>> t1 = PUBLISHED.figure("Table 1").row(key);
			Optional<Map<String, Object>> t2 = PUBLISHED.figure("Table 2").row(key);
			Optional<Map<String, Object>> t3 = PUBLISHED.figure("Table 3").row(key);
			rows.add(List.of(String.valueOf(clients), query.map((g) -> seconds(g.meanMs() / 1000)).orElse(""),
					buy.map((g) -> seconds(g.meanMs() / 1000)).orElse(""), count(soldOut.getOrDefault(clients, 0L)),
					published(t1, "query"), published(t1, "buy"), published(t2, "query"), published(t2, "buy"),
					published(t3, "without containers")));
			query.ifPresent((g) -> Charts.point(chart, "our query mean", clients, g.meanMs()));
			buy.ifPresent((g) -> Charts.point(chart, "our buy mean", clients, g.meanMs()));
			t2.ifPresent((r) -> {
				Charts.point(chart, "study Table 2 query", clients, 1000 * Published.number(r, "query"));
				Charts.point(chart, "study Table 2 buy", clients, 1000 * Published.number(r, "buy"));
			});
		}
		doc.table(List.of("clients", "our query (s)", "our buy (s)", "buys sold out", "Table 1 query (s)", "Table 1 buy (s)",
				"Table 2 query (s)", "Table 2 buy (s)", "Table 3 query, no containers (s)"), rows);
		Charts.lines(charts.resolve("seed-001-latency.png"), "toy store mean latency against clients", "clients", "ms", chart,
				true);
		doc.image("charts/seed-001-latency.png", "query and buy latency against clients, ours and the study's");
		doc.text("What buy latency is made of (the largest components by mean; the full tables are in the decomposition "
				+ "section):");
		List<List<String>> made = new ArrayList<>();
		for (StepData step : steps) {
			if (load(step).operation().equals("buy")) {
				step.decomposition().stream().filter((g) -> g.group().equals("buy")).findFirst().ifPresent((g) -> made
					.add(List.of(String.valueOf(load(step).clients()), ms(g.client().meanMs()), largest(g, 4))));
			}
		}
		doc.table(List.of("clients", "buy mean ms", "largest components: mean ms (share)"), made);
	}

	/**
	 * Table 3, with and without containers, when one side of a comparison of deployments is bare:
	 * query mean per number of clients on each side over its runs, and the ratio with / without run
	 * by run, beside the study's.
	 */
	@Override
	public void compare(DeploymentComparison.Sides sides, ReportDocument doc) {
		boolean bareIsA = sides.a().equals("bare");
		if (!bareIsA && !sides.b().equals("bare")) {
			return;
		}
		List<RunData> without = bareIsA ? sides.aRuns() : sides.bRuns();
		List<RunData> with = bareIsA ? sides.bRuns() : sides.aRuns();
		String containers = bareIsA ? sides.b() : sides.a();
		List<List<String>> rows = new ArrayList<>();
		for (int clients = 1; clients <= 5; clients++) {
			double[] bare = queryMeans(without, clients);
			double[] contained = queryMeans(with, clients);
			if (bare.length != sides.n() || contained.length != sides.n()) {
				continue;
			}
			Optional<Map<String, Object>> t3 = PUBLISHED.figure("Table 3").row(Map.of("clients", clients));
			List<String> row = new ArrayList<>(List.of(String.valueOf(clients)));
			row.addAll(DeploymentComparison.cells(bare, contained));
			row.add(DeploymentComparison.ratio(bare, contained));
			row.add(t3.map((r) -> ms(1000 * Published.number(r, "without containers"))).orElse(""));
			row.add(t3.map((r) -> ms(1000 * Published.number(r, "with containers"))).orElse(""));
			row.add(t3.map((r) -> String.format(Locale.ROOT, "%.2f",
					Published.number(r, "with containers") / Published.number(r, "without containers"))).orElse(""));
			rows.add(row);
		}
		if (rows.isEmpty()) {
			return;
		}
		doc.heading(2, "Seed 001, Table 3: query latency with and without containers");
		doc.text("Mean query latency in ms per number of clients, without containers (bare) and with (" + containers
				+ "), each over its " + sides.n() + " runs ± the half-width of its 95% confidence interval; the difference "
				+ "and the ratio from the runs paired in order. The study measured its laptop with and without Docker "
				+ "(its Table 3, in seconds there). Source: " + PUBLISHED.paper() + ".");
		doc.table(List.of("clients", "ours without (ms)", "ours with (ms)", "with − without (ms)", "with / without",
				"study without (ms)", "study with (ms)", "study with / without"), rows);
	}

	/** Each run's query mean (ms) at this many clients, in the runs' order; runs without that step are left out. */
	private static double[] queryMeans(List<RunData> runs, int clients) {
		List<Double> means = new ArrayList<>();
		for (RunData run : runs) {
			run.stepsOf(ToyStoreSimulation.class).stream()
				.filter((s) -> load(s).operation().equals("query") && load(s).clients() == clients)
				.findFirst()
				.ifPresent((s) -> means.add(GroupStats.of("query", s.requests()).meanMs()));
		}
		return means.stream().mapToDouble(Double::doubleValue).toArray();
	}

	private static ToyStoreLoad load(StepData step) {
		return ToyStoreLoad.from(step.parameters());
	}

	private static String published(Optional<Map<String, Object>> row, String column) {
		return row.map((r) -> seconds(Published.number(r, column))).orElse("");
	}

	private static <T> Set<T> union(Set<T> a, Set<T> b) {
		Set<T> all = new HashSet<>(a);
		all.addAll(b);
		return all;
	}

	/** "catalog-service: catalog.commit 12.1 (40%), …" */
	static String largest(GroupDecomposition g, int n) {
		List<String> parts = new ArrayList<>();
		for (GroupDecomposition.ComponentStats c : g.components().subList(0, Math.min(n, g.components().size()))) {
			parts.add(String.format(Locale.ROOT, "%s %.2f (%.0f%%)", c.component(), c.meanMs(),
					100 * c.meanMs() / Math.max(1e-9, g.client().meanMs())));
		}
		return String.join("; ", parts);
	}

}
