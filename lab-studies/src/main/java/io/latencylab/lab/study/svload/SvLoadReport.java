package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.load.svload.CacheCase;
import io.latencylab.load.svload.CurlPhases;
import io.latencylab.load.svload.StoreWrites;
import io.latencylab.load.svload.SvLoadPopulation;
import io.latencylab.load.svload.TcpCounters;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Request;
import io.latencylab.plan.Plan;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.num;
import static io.latencylab.lab.report.Format.percent;

/**
 * Seed 003's report section: each test case's time and success beside the study's Tables VII and
 * VIII, before and after each tuning, the published comparisons (Table IX), how the population
 * found the store, and the curl probes' phases.
 */
final class SvLoadReport {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private SvLoadReport() {
	}

	static void write(RunData run, ReportDocument doc, Path charts) throws IOException {
		// Per tuning, per case: the step that ran it (the warm-ups left out).
		Map<Tuning, Map<Integer, StepData>> steps = new EnumMap<>(Tuning.class);
		for (StepData step : run.stepsOf(SvLoadStudy.SIMULATION)) {
			if (!step.record().name().startsWith("warm-up") && !step.requests().isEmpty()) {
				steps.computeIfAbsent(tuning(step), (t) -> new TreeMap<>()).put(tc(step).id(), step);
			}
		}
		if (steps.isEmpty()) {
			return;
		}
		Map<Tuning, Map<Integer, GroupStats>> stats = new EnumMap<>(Tuning.class);
		steps.forEach((tuning, cases) -> cases.forEach((id, step) -> stats.computeIfAbsent(tuning, (t) -> new TreeMap<>())
			.put(id, GroupStats.of(tc(step).label(), step.requests()))));
		Map<Integer, StepData> any = new TreeMap<>();
		steps.values().forEach(any::putAll);
		CacheCase first = tc(any.values().iterator().next());
		SvLoadPopulation population = SvLoadPopulation.from(any.values().iterator().next().parameters());
		String backend = any.values().iterator().next().parameters().get(StoreWrites.BACKEND, StoreWrites.LAB_STORE);
		boolean swift = backend.startsWith("OpenStack Swift");
		doc.heading(2, "Seed 003: " + (swift ? "OpenStack Swift" : "the lab's object store")
				+ " behind a Varnish cache, 20 test cases before and after tuning (Tables I, VII, VIII)");
		doc.text("Behind the cache: " + backend + ".");
		doc.text(String.format(Locale.ROOT, "Each case is a burst of requests at once, every one on a new connection as the "
				+ "study's clients opened them: %d clients, one request each without load and %d each with load, %d "
				+ "rounds a second apart. They read the population's objects (%,d accounts with a container each, "
				+ "%,d objects, log-normal sizes around 100 KiB: the study names no sizes); the same-URL cases read one "
				+ "of %,d bytes. HTTPS trusts the lab's own CA only (a TLS proxy in front of Varnish: hitch bare, nginx "
				+ "under compose; for the backend cases the store's own: Swift's proxy with the lab's certificate, or the lab store's HTTPS connector). The study's clients were 10 "
				+ "machines in three cities sending 1 or 400 requests each to a Swift cluster and a Varnish server over "
				+ "the Internet, for hours; its response times are averages over all clients, in seconds, before and "
				+ "after its tuning. \"Miss\" in the study's Table VII is a request that failed; the cache's own hits "
				+ "and misses are the X-Cache column here. Source: %s.", first.clients(), first.requestsPerClient(),
				first.rounds(), population.accounts(), population.objects(), population.size(0), SvLoadStudy.PUBLISHED.paper()));
		if (swift) {
			doc.text("Before tuning: Varnish's defaults, and Swift with Table V's defaults (" + Tuning.BEFORE.swiftLimits().describe()
					+ "). After: Varnish with " + String.join(", ", Tuning.AFTER.varnishParameters()) + " (the study's Table IV); "
					+ "Swift with Table V's final values (" + Tuning.AFTER.swiftLimits().describe() + "; its fs.file-max is "
					+ "the machine's, left alone; open files are capped at the lab's own hard limit, as raising it takes "
					+ "CAP_SYS_RESOURCE). Swift, memcached and Varnish are restarted between the two, and the cases "
					+ "after tuning follow a warm-up of their own; they always run second.");
		}
		else {
			doc.text("Before tuning: Varnish's and Tomcat's defaults (Tomcat queues 100 connections ahead of its threads). "
					+ "After: Varnish with " + String.join(", ", Tuning.AFTER.varnishParameters()) + " (the study's Table IV); "
					+ "the store with " + String.join(", ", Tuning.AFTER.storeArguments())
					+ " (on both its connectors). The store and Varnish are restarted between the two, and the cases after "
					+ "tuning follow a warm-up of their own; they always run second.");
		}
		populationText(run, population, doc);
		List<List<String>> rows = new ArrayList<>();
		for (var e : any.entrySet()) {
			CacheCase tc = tc(e.getValue());
			GroupStats before = stats.getOrDefault(Tuning.BEFORE, Map.of()).get(e.getKey());
			GroupStats after = stats.getOrDefault(Tuning.AFTER, Map.of()).get(e.getKey());
			Optional<Map<String, Object>> time = SvLoadStudy.PUBLISHED.figure("Table VIII").row(Map.of("case", tc.id()));
			Optional<Map<String, Object>> success = SvLoadStudy.PUBLISHED.figure("Table VII").row(Map.of("case", tc.id()));
			List<String> answers = new ArrayList<>();
			for (Tuning tuning : steps.keySet()) {
				StepData step = steps.get(tuning).get(e.getKey());
				answers.add((step != null) ? cacheAnswers(run, step) : "");
			}
			rows.add(List.of(tc.label(), tc.description(),
					both(before, after, (g) -> count(g.count())), both(before, after, (g) -> percent(100 - g.errorPercent())),
					String.join("; ", answers), cell(before, GroupStats::meanMs), cell(after, GroupStats::meanMs),
					cell(before, GroupStats::p99Ms), cell(after, GroupStats::p99Ms),
					time.map((r) -> ms(1000 * Published.number(r, "before"))).orElse(""),
					time.map((r) -> ms(1000 * Published.number(r, "after"))).orElse(""),
					success.map((r) -> (long) Published.number(r, "success before") + " / " + (long) Published.number(r, "success after"))
						.orElse("100 / 100")));
		}
		doc.table(List.of("case", "protocol, URL, load, server", "requests before / after", "success % before / after",
				"X-Cache before; after", "mean before (ms)", "mean after (ms)", "p99 before (ms)", "p99 after (ms)",
				"study before (ms)", "study after (ms)", "study success % before / after"), rows);

		acceptQueues(run, steps, stats, doc);
		phases(run, steps, doc);

		doc.heading(3, "The cache against the backend (Table IX)");
		doc.text("Improvement of the cache's mean response time over the backend's: 1 - cache / backend, in %. The study's "
				+ "figures as printed (they fit its before-tuning times for some pairs and after-tuning for others).");
		doc.table(List.of("backend case", "cache case", "ours before %", "ours after %", "study %"),
				pairs(SvLoadStudy.PUBLISHED.figure("Table IX"), "backend", "cache", stats));
		doc.heading(3, "HTTP against HTTPS (Table X)");
		doc.text("Improvement of HTTP's mean response time over HTTPS's: 1 - HTTP / HTTPS, in %; the study's as printed.");
		doc.table(List.of("HTTP case", "HTTPS case", "ours before %", "ours after %", "study %"),
				pairs(SvLoadStudy.PUBLISHED.figure("Table X"), "http", "https", stats));
	}

	/**
	 * Where a second-long tail comes from: connections that a full accept queue dropped (the store's
	 * Tomcat, Varnish's or hitch's listener), and the SYNs the client (or Varnish, fetching a miss)
	 * sent again 1 s later. The kernel's counters over each case's bursts.
	 */
	private static void acceptQueues(RunData run, Map<Tuning, Map<Integer, StepData>> steps,
			Map<Tuning, Map<Integer, GroupStats>> stats, ReportDocument doc) throws IOException {
		List<List<String>> rows = new ArrayList<>();
		Map<Integer, StepData> ids = new TreeMap<>();
		steps.values().forEach(ids::putAll);
		for (int id : ids.keySet()) {
			List<String> row = new ArrayList<>(List.of(tc(ids.get(id)).label(), tc(ids.get(id)).description()));
			for (Tuning tuning : Tuning.values()) {
				StepData step = steps.getOrDefault(tuning, Map.of()).get(id);
				Optional<TcpCounters> tcp = (step != null) ? tcpCounters(run, step) : Optional.empty();
				GroupStats g = stats.getOrDefault(tuning, Map.of()).get(id);
				row.add(tcp.map((t) -> count(t.listenOverflows())).orElse(""));
				row.add(tcp.map((t) -> count(t.synRetransmits())).orElse(""));
				row.add(cell(g, GroupStats::p99Ms));
				row.add(cell(g, GroupStats::maxMs));
			}
			rows.add(row);
		}
		doc.heading(3, "The accept queues: connections dropped, SYNs sent again");
		doc.text("The kernel's counters (/proc/net/netstat) over each case's bursts: connections dropped because a "
				+ "listening socket's accept queue was full (ListenOverflows), and SYNs sent again because none was "
				+ "answered (TCPSynRetrans; the first retry waits 1 s, so a dropped connection costs a second). Bare, "
				+ "they count the whole machine; under compose, only the client's side (the SYN retries), as each "
				+ "container has a network namespace of its own. Tomcat's accept queue holds 100 connections by "
				+ "default, and a burst of 200 new ones overflows it when its threads fall behind.");
		doc.table(List.of("case", "protocol, URL, load, server", "overflows before", "SYN retries before",
				"p99 before (ms)", "max before (ms)", "overflows after", "SYN retries after", "p99 after (ms)",
				"max after (ms)"), rows);
	}

	private static Optional<TcpCounters> tcpCounters(RunData run, StepData step) throws IOException {
		Optional<Path> file = run.besideRequests(step, TcpCounters.FILE);
		if (file.isEmpty()) {
			return Optional.empty();
		}
		JsonNode json = JSON.readTree(file.get().toFile());
		return Optional.of(new TcpCounters(json.path("listenOverflows").asLong(), json.path("listenDrops").asLong(),
				json.path("synRetransmits").asLong()));
	}

	private static String cell(GroupStats stats, ToDoubleFunction<GroupStats> value) {
		return (stats != null) ? ms(value.applyAsDouble(stats)) : "";
	}

	private static String both(GroupStats before, GroupStats after, Function<GroupStats, String> value) {
		return ((before != null) ? value.apply(before) : "–") + " / " + ((after != null) ? value.apply(after) : "–");
	}

	private static Tuning tuning(StepData step) {
		String name = step.parameters().get(Plan.TUNING, "before");
		return Tuning.named(name);
	}

	/** How the population step found the store: objects already there (a HEAD each) and objects written. */
	private static void populationText(RunData run, SvLoadPopulation population, ReportDocument doc) throws IOException {
		for (StepData step : run.stepsOf(SvLoadStudy.POPULATION)) {
			List<Request> puts = step.requests().stream().filter((r) -> r.group().equals("put")).toList();
			long heads = step.requests().stream().filter((r) -> r.group().equals("head")).count();
			long failed = step.requests().stream().filter((r) -> !r.ok()).count();
			Optional<Path> file = run.besideRequests(step, SvLoadPopulation.WRITTEN);
			String written = "";
			if (!puts.isEmpty() && file.isPresent()) {
				long bytes = JSON.readTree(file.get().toFile()).path("bytes").asLong();
				long first = puts.stream().mapToLong(Request::startMillis).min().orElseThrow();
				long last = puts.stream().mapToLong(Request::endMillis).max().orElseThrow();
				GroupStats put = GroupStats.of("put", puts);
				written = String.format(Locale.ROOT, "; it wrote %,d of them, %s MB at %s MB/s with %d clients writing "
						+ "at once (a PUT's p50 %s ms, p99 %s ms)", puts.size(), num(bytes / 1e6),
						num(bytes / 1e6 / Math.max(0.001, (last - first) / 1000.0)), SvLoadPopulation.UPLOADERS,
						ms(put.p50Ms()), ms(put.p99Ms()));
			}
			doc.text(String.format(Locale.ROOT, "The population step read the heads of %,d objects (%s MB in all)%s%s.",
					heads, num(population.bytes(0, population.objects()) / 1e6), written,
					failed > 0 ? String.format(Locale.ROOT, "; %,d requests FAILED", failed) : ""));
		}
	}

	/**
	 * Where a request's time goes, from curl's reads beside the bursts: its phases, and the part of
	 * the wait for the first byte that the store spent (its own Server-Timing on the store's answers;
	 * Varnish's time to the store's first byte on a miss; none on a hit). The rest of the wait is the
	 * cache tier's (Varnish, and hitch over HTTPS) or, straight to the store, its connector's.
	 */
	private static void phases(RunData run, Map<Tuning, Map<Integer, StepData>> steps, ReportDocument doc)
			throws IOException {
		List<List<String>> rows = new ArrayList<>();
		for (var byCase : steps.entrySet()) {
			for (var e : byCase.getValue().entrySet()) {
				CacheCase tc = tc(e.getValue());
				Optional<Path> file = run.besideRequests(e.getValue(), CacheCase.CURL_PHASES);
				List<CurlPhases> probes = file.isPresent() ? CurlPhases.read(file.get()) : List.of();
				List<CurlPhases> ok = probes.stream().filter((p) -> p.status() == 200).toList();
				String tuning = byCase.getKey().name().toLowerCase(Locale.ROOT);
				if (ok.isEmpty()) {
					rows.add(List.of(tc.label(), tuning, tc.description(), count(probes.size()), "", "", "", "", "", "", "", ""));
					continue;
				}
				ToDoubleFunction<CurlPhases> store = (p) -> switch (tc.server()) {
					case BACKEND -> Double.isNaN(p.storeMs()) ? 0 : p.storeMs();
					case MISS -> Double.isNaN(p.backendMs()) ? 0 : p.backendMs();
					case HIT -> 0;
				};
				ToDoubleFunction<CurlPhases> wait = (p) -> p.firstByteMs() - p.connectMs() - p.tlsMs();
				// Swift sends no Server-Timing: straight to it, its own part of the wait is not known.
				boolean split = tc.server() != CacheCase.Server.BACKEND || ok.stream().anyMatch((p) -> !Double.isNaN(p.storeMs()));
				rows.add(List.of(tc.label(), tuning, tc.description(), count(probes.size()) + (ok.size() < probes.size()
						? " (" + (probes.size() - ok.size()) + " failed)" : ""), ms(mean(ok, CurlPhases::dnsMs)),
						ms(mean(ok, (p) -> p.connectMs() - p.dnsMs())), tc.https() ? ms(mean(ok, CurlPhases::tlsMs)) : "–",
						ms(mean(ok, wait)), split ? ms(mean(ok, store)) : "–",
						split ? ms(mean(ok, (p) -> wait.applyAsDouble(p) - store.applyAsDouble(p))) : "–",
						ms(mean(ok, (p) -> p.totalMs() - p.firstByteMs())), ms(mean(ok, CurlPhases::totalMs))));
			}
		}
		doc.heading(3, "Where the time goes: curl's phases beside the bursts");
		doc.text("curl read " + CacheCase.PROBES_PER_ROUND + " objects a round, all started with the burst, each on a new "
				+ "connection, as the study's scripts read beside its JMeter load (its metrics: time_namelookup, "
				+ "time_connect, time_appconnect, time_starttransfer, time_total). Means in ms. The wait for the first "
				+ "byte is split by the answers' Server-Timing: the store's part is its own time to its first byte (the "
				+ "backend cases; Swift sends none, so \"–\" there) or Varnish's wait for the store's first byte (a miss); "
				+ "a hit has none. The rest is the "
				+ "cache tier's (Varnish, with the TLS proxy over HTTPS) in front of the store, or the store's connector "
				+ "and the loopback straight to it. Each curl is a process of its own and costs this machine about 8 ms "
				+ "of CPU over HTTP and 11 ms over HTTPS (measured with time(1) over 20 in a row), load the bursts meet "
				+ "and the lab's CPU figures do not count.");
		doc.table(List.of("case", "tuning", "protocol, URL, load, server", "curl reads", "DNS", "TCP connect", "TLS handshake",
				"wait for first byte", "of which the store", "of which in front of it", "transfer", "total"), rows);
	}

	private static double mean(List<CurlPhases> probes, ToDoubleFunction<CurlPhases> value) {
		return probes.stream().mapToDouble(value).average().orElse(Double.NaN);
	}

	/** Rows of a published comparison: each pair's improvement here (1 - first / second), per tuning, beside the study's. */
	private static List<List<String>> pairs(Published.Figure figure, String first, String second,
			Map<Tuning, Map<Integer, GroupStats>> stats) {
		List<List<String>> rows = new ArrayList<>();
		for (Map<String, Object> row : figure.rows()) {
			int a = (int) Published.number(row, first);
			int b = (int) Published.number(row, second);
			List<String> cells = new ArrayList<>(List.of("TC" + a, "TC" + b));
			for (Tuning tuning : Tuning.values()) {
				Map<Integer, GroupStats> s = stats.getOrDefault(tuning, Map.of());
				// Table IX compares backend (a) with cache (b): the improvement is 1 - b / a; Table X, HTTP (a)
				// with HTTPS (b): 1 - a / b.
				int numerator = first.equals("backend") ? b : a;
				int denominator = first.equals("backend") ? a : b;
				cells.add((s.containsKey(numerator) && s.containsKey(denominator))
						? percent(100 * (1 - s.get(numerator).meanMs() / s.get(denominator).meanMs())) : "");
			}
			cells.add(String.valueOf((long) Published.number(row, "improvement")));
			rows.add(cells);
		}
		return rows;
	}

	/** The cache's answers as the simulation counted them: "HIT 600" or "MISS 597, HIT 3"; "–" for the store itself. */
	private static String cacheAnswers(RunData run, StepData step) throws IOException {
		Optional<Path> file = run.besideRequests(step, CacheCase.CACHE_ANSWERS);
		if (file.isEmpty()) {
			return "";
		}
		JsonNode counts = JSON.readTree(file.get().toFile());
		List<String> parts = new ArrayList<>();
		counts.properties().forEach((e) -> {
			if (!e.getKey().equals("none")) {
				parts.add(e.getKey() + " " + count(e.getValue().asLong()));
			}
		});
		return parts.isEmpty() ? "–" : String.join(", ", parts);
	}

	/** A file the simulation wrote beside the step's requests.csv, if it did. */
	private static CacheCase tc(StepData step) {
		return CacheCase.from(step.parameters());
	}

}
