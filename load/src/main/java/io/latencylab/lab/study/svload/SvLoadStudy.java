package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.latencylab.lab.plan.Plan;
import io.latencylab.lab.plan.Step;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.run.GatlingStep;
import io.latencylab.lab.run.RunData;
import io.latencylab.lab.run.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.Study;
import io.latencylab.observability.GroupStats;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.percent;

/**
 * Seed 003 (svLoad): the object store behind a Varnish cache, over HTTP and HTTPS, in the study's
 * 20 valid test cases, each a burst of every client's requests at once on new connections.
 */
public final class SvLoadStudy implements Study {

	static final Published PUBLISHED = Published.of(SvLoadStudy.class);

	static final String SIMULATION = "ObjectCacheSimulation";

	private static final int CLIENTS = 10;

	private static final int OBJECT_BYTES = 100 * 1024;

	@Override
	public About about() {
		return new About("seed-003", "003", PUBLISHED.paper(),
				"object store and Varnish cache: 20 test cases, HTTP/HTTPS × URL × load × backend/hit/miss");
	}

	/**
	 * The study's 10 clients; with load each sends 400 requests at once (20 at laptop scale, so that
	 * a burst of 200 new connections stays within what two cores can open at once). Rounds: 5 at
	 * full scale, 3 at laptop scale.
	 */
	@Override
	public Plan plan(boolean full) {
		int perClient = full ? 400 : 20;
		int rounds = full ? 5 : 3;
		List<Step> steps = new ArrayList<>();
		for (int id = 0; id <= 23; id++) {
			if (CacheCase.valid(id)) {
				steps.add(new CacheCase(id, CLIENTS, perClient, rounds, OBJECT_BYTES).step());
			}
		}
		// The store's HTTP and HTTPS paths, JIT-compiled before anything is measured: TC19's bursts.
		Step tc19 = new CacheCase(19, CLIENTS, perClient, full ? 10 : 5, OBJECT_BYTES).step();
		Step warmUp = Step.of("warm-up", SIMULATION).setAll(tc19.properties()).lasting(tc19.estimate());
		return new Plan(name(), seed(), full, warmUp, steps);
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		Map<Integer, StepData> byCase = new LinkedHashMap<>();
		for (StepData step : run.stepsOf(SIMULATION)) {
			if (!step.record().name().equals("warm-up") && !step.requests().isEmpty()) {
				byCase.put(tc(step).id(), step);
			}
		}
		if (byCase.isEmpty()) {
			return;
		}
		Map<Integer, GroupStats> stats = byCase.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey,
					(e) -> GroupStats.of(tc(e.getValue()).label(), e.getValue().requests()), (a, b) -> a, LinkedHashMap::new));
		CacheCase any = tc(byCase.values().iterator().next());
		doc.heading(2, "Seed 003: the object store behind a Varnish cache, 20 test cases (Tables I, VII, VIII)");
		doc.text(String.format(Locale.ROOT, "Each case is a burst of requests at once, every one on a new connection as the "
				+ "study's clients opened them: %d clients, one request each without load and %d each with load, %d "
				+ "rounds a second apart, %,d-byte objects. HTTPS trusts the lab's own CA only (hitch in front of Varnish; "
				+ "the store's own HTTPS connector for the backend cases). The study's clients were 10 machines in three "
				+ "cities sending 1 or 400 requests each to a Swift cluster and a Varnish server over the Internet, for "
				+ "hours; its response times are averages over all clients, in seconds, before and after its tuning. "
				+ "\"Miss\" in the study's Table VII is a request that failed; the cache's own hits and misses are the "
				+ "X-Cache column here. Source: %s.", any.clients(), any.requestsPerClient(), any.rounds(),
				any.objectBytes(), PUBLISHED.paper()));
		List<List<String>> rows = new ArrayList<>();
		for (var e : byCase.entrySet()) {
			CacheCase tc = tc(e.getValue());
			GroupStats g = stats.get(e.getKey());
			Optional<Map<String, Object>> time = PUBLISHED.figure("Table VIII").row(Map.of("case", tc.id()));
			Optional<Map<String, Object>> success = PUBLISHED.figure("Table VII").row(Map.of("case", tc.id()));
			rows.add(List.of(tc.label(), tc.description(), count(g.count()), percent(100 - g.errorPercent()),
					cacheAnswers(run, e.getValue()), ms(g.meanMs()), ms(g.p50Ms()), ms(g.p99Ms()),
					time.map((r) -> ms(1000 * Published.number(r, "before"))).orElse(""),
					time.map((r) -> ms(1000 * Published.number(r, "after"))).orElse(""),
					success.map((r) -> (long) Published.number(r, "success before") + " / " + (long) Published.number(r, "success after"))
						.orElse("100 / 100")));
		}
		doc.table(List.of("case", "protocol, URL, load, server", "requests", "success %", "X-Cache", "mean (ms)", "p50 (ms)",
				"p99 (ms)", "study before tuning (ms)", "study after (ms)", "study success % before / after"), rows);

		doc.heading(3, "The cache against the backend (Table IX)");
		doc.text("Improvement of the cache's mean response time over the backend's: 1 - cache / backend, in %. The study's "
				+ "figures as printed (they fit its before-tuning times for some pairs and after-tuning for others).");
		doc.table(List.of("backend case", "cache case", "ours %", "study %"),
				pairs(PUBLISHED.figure("Table IX"), "backend", "cache", stats));
		doc.heading(3, "HTTP against HTTPS (Table X)");
		doc.text("Improvement of HTTP's mean response time over HTTPS's: 1 - HTTP / HTTPS, in %; the study's as printed.");
		doc.table(List.of("HTTP case", "HTTPS case", "ours %", "study %"),
				pairs(PUBLISHED.figure("Table X"), "http", "https", stats));
	}

	/** Rows of a published comparison: each pair's improvement here (1 - first / second) beside the study's. */
	private static List<List<String>> pairs(Published.Figure figure, String first, String second,
			Map<Integer, GroupStats> stats) {
		List<List<String>> rows = new ArrayList<>();
		for (Map<String, Object> row : figure.rows()) {
			int a = (int) Published.number(row, first);
			int b = (int) Published.number(row, second);
			// Table IX compares backend (a) with cache (b): the improvement is 1 - b / a; Table X, HTTP (a)
			// with HTTPS (b): 1 - a / b.
			Function<int[], String> ours = (ab) -> (stats.containsKey(ab[0]) && stats.containsKey(ab[1]))
					? percent(100 * (1 - stats.get(ab[0]).meanMs() / stats.get(ab[1]).meanMs())) : "";
			String improvement = first.equals("backend") ? ours.apply(new int[] { b, a }) : ours.apply(new int[] { a, b });
			rows.add(List.of("TC" + a, "TC" + b, improvement, String.valueOf((long) Published.number(row, "improvement"))));
		}
		return rows;
	}

	/** The cache's answers as the simulation counted them: "HIT 600" or "MISS 597, HIT 3"; "–" for the store itself. */
	private static String cacheAnswers(RunData run, StepData step) throws IOException {
		Optional<Path> csv = GatlingStep.requestsCsv(run.dir().resolve(step.record().folder()));
		Path file = csv.map((c) -> c.resolveSibling(CacheCase.CACHE_ANSWERS)).orElse(null);
		if (file == null || !Files.exists(file)) {
			return "";
		}
		JsonNode counts = JsonMapper.builder().build().readTree(file.toFile());
		List<String> parts = new ArrayList<>();
		counts.properties().forEach((e) -> {
			if (!e.getKey().equals("none")) {
				parts.add(e.getKey() + " " + count(e.getValue().asLong()));
			}
		});
		return parts.isEmpty() ? "–" : String.join(", ", parts);
	}

	private static CacheCase tc(StepData step) {
		return CacheCase.from(step.parameters());
	}

}
