package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.traces.Traces;
import io.latencylab.observability.Span;

/**
 * Run folders made by hand, as the runner writes them: a manifest, each step's requests.csv and
 * spans, the resource samples. The report's tests and the studies' read them back.
 */
public final class RunFixtures {

	private RunFixtures() {
	}

	/**
	 * A seed 001 run: per client count, a run of queries of 20 ms and a run of buys whose commit
	 * takes {@code commitMs}, one of them answered 409 (sold out) after 5 ms; the client sees 10 ms
	 * more than the root span.
	 */
	public static Path toyStoreRun(Path runs, String runId, long commitMs, int... clientCounts) throws IOException {
		return toyStoreRun(runs, runId, 20, commitMs, clientCounts);
	}

	/** Seed 001's steps at these numbers of clients: queries of {@code queryMs}, buys whose commit takes {@code commitMs}. */
	public static Path toyStoreRun(Path runs, String runId, long queryMs, long commitMs, int... clientCounts)
			throws IOException {
		Path dir = runs.resolve(runId);
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

	public static Manifest.StepRecord step(Path dir, int index, String operation, int clients, List<String> csv,
			List<Span> spans) throws IOException {
		return step(dir, index, "toystore-" + operation + "-c" + clients, "ToyStoreSimulation",
				Map.of("lab.toystore.operation", operation, "lab.toystore.clients", String.valueOf(clients),
						"lab.toystore.requests", "10"),
				csv, spans);
	}

	public static Manifest.StepRecord step(Path dir, int index, String name, String simulation,
			Map<String, String> properties, List<String> csv, List<Span> spans) throws IOException {
		String folder = String.format("steps/%02d-%s", index, name);
		Path lab = Files.createDirectories(dir.resolve(folder).resolve("lab/" + name));
		Files.write(lab.resolve("requests.csv"), csv);
		Traces.write(spans, dir.resolve(folder).resolve("spans.jsonl"));
		return new Manifest.StepRecord(index, name, simulation, properties, folder, "2026-11-22T10:00:00Z",
				"2026-11-22T10:00:05Z", 0, csv.size() - 1, 0, spans.size(), spans.size(), new Manifest.LabCost(1.5, 0.25, 3.5, 20.0, 4.0));
	}

	/**
	 * Nine requests' traces as the services export them: the server span where each entered (its
	 * parent the id the client sent, s0 to s8), {@code ms} long, and an inner span that does not count.
	 */
	public static List<Span> serverSpans(String turn, double ms) {
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
	public static List<Span> sortSpans(int count, long ms) {
		List<Span> spans = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			spans.add(span("t" + i, "sort-service", "r" + i, "p" + i, "http post /sort", Span.SERVER, 0, ms));
		}
		return spans;
	}

	/** Sorts of {@code ms} each, one every second; the last {@code failed} of them answered 503. */
	public static List<String> sorts(int count, long ms, int failed) {
		List<String> csv = new ArrayList<>(List.of("group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok"));
		for (int i = 0; i < count; i++) {
			boolean ok = i < count - failed;
			csv.add("sort exchange,t" + i + "," + (1_000_000 + i * 1000L) + "," + ms + ".000," + (ok ? 200 : 503) + ",p" + i + ","
					+ ok);
		}
		return csv;
	}

	/** A bare run's manifest on a 2-core machine, as the runner writes it. */
	public static void writeManifest(Path dir, String runId, String experiment, String seed, List<Manifest.StepRecord> steps)
			throws IOException {
		writeManifest(dir, runId, experiment, seed, steps, new Cores(2, false));
	}

	public static void writeManifest(Path dir, String runId, String experiment, String seed, List<Manifest.StepRecord> steps,
			Cores cores) throws IOException {
		new Manifest(runId, experiment, seed, false, "bare", List.of(), cores.describe(), null, null, Map.of("commit", "abc", "dirty", false),
				Map.of("cores", 2, "memoryBytes", 1L << 34, "os", "Linux", "jdk", "test"), "2026-11-22T10:00:00Z",
				"2026-11-22T10:01:00Z", null, steps).write(dir);
	}

	public static Span span(String trace, String service, String id, String parent, String name, int kind, long startMs, long endMs) {
		return new Span(service, trace, id, parent, name, kind, startMs * 1_000_000, endMs * 1_000_000, false, Map.of());
	}

	/**
	 * One step of 200 buys: a 10 ms front door growing by 1 µs a buy, a 30 ms commit, and every
	 * 50th buy's commit 50 ms longer: the slowest 2 %.
	 */
	public static Path slowCommitsRun(Path runs, String runId) throws IOException {
		return slowCommitsRun(runs, runId, false);
	}

	/** As above; {@code marked}: the slow commits' spans say an injection acted in them, as the services' do. */
	public static Path slowCommitsRun(Path runs, String runId, boolean marked) throws IOException {
		Path dir = runs.resolve(runId);
		List<String> csv = new ArrayList<>(List.of("group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok"));
		List<Span> spans = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			long commit = (i % 50 == 49) ? 80 : 30;
			String b = "b" + i;
			csv.add(String.format(java.util.Locale.ROOT, "buy,%s,%d,%.3f,200,s%s,true", b, 1000 + i * 10, 50 + commit + i / 1000.0, b));
			spans.add(span(b, "frontend-service", b + "r", "s" + b, "post /orders", Span.SERVER, 0, 40 + commit));
			Span commitSpan = span(b, "catalog-service", b + "c", b + "r", "catalog.commit", Span.INTERNAL, 20, 20 + commit);
			spans.add((marked && commit == 80) ? new Span(commitSpan.service(), b, commitSpan.spanId(), commitSpan.parentSpanId(),
					commitSpan.name(), commitSpan.kind(), commitSpan.startNanos(), commitSpan.endNanos(), false,
					Map.of(io.latencylab.observability.Decomposition.INJECTED_ATTRIBUTE, "catalog-before-commit 50ms"))
					: commitSpan);
		}
		writeManifest(dir, runId, "seed-001", "001", List.of(step(dir, 1, "buy", 1, csv, spans)));
		return dir;
	}

}
