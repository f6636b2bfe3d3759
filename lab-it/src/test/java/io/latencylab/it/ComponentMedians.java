package io.latencylab.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.run.GatlingStep;
import io.latencylab.lab.run.Progress;
import io.latencylab.lab.run.ServiceMetrics;
import io.latencylab.lab.run.Warming;
import io.latencylab.lab.traces.FileTraces;
import io.latencylab.load.operation.OpenModelSimulation;
import io.latencylab.load.toystore.ToyStoreLoad;
import io.latencylab.observability.BandDecomposition;
import io.latencylab.observability.Bands;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.Projection;
import io.latencylab.observability.Request;
import io.latencylab.observability.Span;
import io.latencylab.observability.TraceSample;
import io.latencylab.observability.WhatIf;
import io.latencylab.plan.OpenLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A known answer's measuring half, as `./lab run` measures: one Gatling step in its own JVM, the
 * services' spans from their files, and the report's decomposition of one request group, as the
 * median of each component and of what the client observed.
 */
final class ComponentMedians {

	static final String CLIENT = "client observed";

	private ComponentMedians() {
	}

	static final Path ROOT = Path.of(System.getProperty("lab.root", ".."));

	/** One turn of {@link #ofBuysInTurns}: its clients, and the injection set before it (point null: none touched). */
	record BuyTurn(int clients, LabProcesses.Service service, String point, String spec) {

		static BuyTurn of(int clients) {
			return new BuyTurn(clients, null, null, null);
		}

	}

	/**
	 * On {@code lab}'s running toy store, warms it up with queries and buys for 8 s, then for each
	 * turn sets its injection through /actuator/injections (when it names a point), has its clients
	 * buy 60 times each, and decomposes the buys (at least 50 whole traces); the points it set are
	 * cleared at the end, whatever happened. One lab for every turn: the same warm JVMs, so that what
	 * differs between turns is the turn's alone (two fresh labs differ by more than the tolerances here).
	 */
	static List<Map<String, Double>> ofBuysInTurns(String name, LabProcesses lab, List<BuyTurn> turns) throws Exception {
		return ofBuysInTurns(name, lab, turns, new java.util.ArrayList<>());
	}

	/** One turn's buys as measured: what the client saw and the spans of their traces. */
	record Buys(List<Request> requests, List<Span> spans) {
	}

	/** As {@link #ofBuysInTurns(String, LabProcesses, List)}, each turn's buys and spans added to {@code kept} besides. */
	static List<Map<String, Double>> ofBuysInTurns(String name, LabProcesses lab, List<BuyTurn> turns, List<Buys> kept)
			throws Exception {
		Path dir = Files.createTempDirectory("known-answer-" + name);
		List<Map<String, Double>> medians = new java.util.ArrayList<>();
		try (GatlingStep gatling = new GatlingStep(ROOT)) {
			Map<String, String> target = Map.of(Targets.TOY_STORE.name(), lab.frontend("").toString().replaceAll("/$", ""));
			Step warmUp = WarmUp.load(List.of(Operation.TOY_QUERY, Operation.TOY_BUY), 2, Duration.ofSeconds(8));
			assertThat(gatling.run(warmUp, dir.resolve("warm-up"), name, target, progress(warmUp))).isZero();
			for (int i = 0; i < turns.size(); i++) {
				BuyTurn turn = turns.get(i);
				if (turn.point() != null) {
					assertThat(inject(lab, turn.service(), turn.point(), turn.spec())).as("the injections after setting %s", turn.spec())
						.isEqualTo((turn.spec() == null) ? "{}" : "{\"" + turn.point() + "\":\"" + turn.spec() + "\"}");
				}
				medians.add(of(gatling, new ToyStoreLoad("buy", turn.clients(), 60).step(), dir.resolve("buys-" + i), name,
						target, lab.tracesDir(), "buy", 50, kept));
			}
		}
		finally {
			for (BuyTurn turn : turns) {
				if (turn.point() != null) {
					inject(lab, turn.service(), turn.point(), null);
				}
			}
		}
		return medians;
	}

	/**
	 * On {@code lab}'s running toy store, warms it up with queries and buys for 15 s and with buys at
	 * {@code rate} until they settle ({@link #SETTLE}), then for each of {@code injections} in turn
	 * sets {@code point} to it through /actuator/injections (null: none) and sends buys of the lab's
	 * deep-stock toy (every buy takes stock) at {@code rate} a second for {@code seconds}, arrivals
	 * not waiting for answers (OpenModelSimulation): every turn the same load, whatever its answers'
	 * latency. Each turn's buys cut into the default bands as `./lab run` cuts them; every buy's
	 * trace is read (not only `./lab run`'s sample), so that a test may ask of any buy whether it was
	 * injected. One lab for every turn: the same warm JVMs. The point is cleared at the end, whatever
	 * happened.
	 */
	static List<Turn> buysInTurns(String name, LabProcesses.Service service, String point, int rate, int seconds,
			List<String> injections, LabProcesses lab) throws Exception {
		Path dir = Files.createTempDirectory("tail-" + name);
		List<Turn> turns = new java.util.ArrayList<>();
		try (GatlingStep gatling = new GatlingStep(ROOT)) {
			Map<String, String> target = Map.of(Targets.TOY_STORE.name(), lab.frontend("").toString().replaceAll("/$", ""));
			Step warmUp = WarmUp.load(List.of(Operation.TOY_QUERY, Operation.TOY_BUY), 2, Duration.ofSeconds(15));
			assertThat(gatling.run(warmUp, dir.resolve("warm-up"), name, target, progress(warmUp))).isZero();
			Step step = openBuys(rate, seconds);
			// The closed warm-up at 2 clients leaves the open load on code still compiling (a first turn's
			// median band once 110 ms, the next two 39 and 28): windows at the turns' own rate, kept out of
			// every figure, until SETTLE says so.
			settle(gatling, openBuys(rate, SETTLE_WINDOW_SECONDS), dir.resolve("settling"), name, target, lab);
			FileTraces traces = new FileTraces(lab.tracesDir());
			for (int turn = 0; turn < injections.size(); turn++) {
				String spec = injections.get(turn);
				assertThat(inject(lab, service, point, spec)).as("the injections after setting %s", spec)
					.isEqualTo((spec == null) ? "{}" : "{\"" + point + "\":\"" + spec + "\"}");
				traces.mark();
				Path turnDir = dir.resolve("buys-" + turn);
				assertThat(gatling.run(step, turnDir, name, target, progress(step))).isZero();
				List<Request> requests = Request.read(RunFolder.requestsCsv(turnDir).orElseThrow());
				assertThat(requests).as("buys answered 200").isNotEmpty().allMatch((r) -> r.status() == 200);
				List<Span> spans = traces.collect(TraceSample.evenSpread(requests, Integer.MAX_VALUE), Duration.ofSeconds(30));
				List<BandDecomposition> groups = BandDecomposition.of(requests, spans, Bands.DEFAULT);
				assertThat(groups).as("request groups").hasSize(1);
				turns.add(new Turn(requests, spans, groups.getFirst()));
			}
		}
		finally {
			inject(lab, service, point, null);
		}
		return turns;
	}

	/** Buys of the deep-stock toy arriving at {@code rate} a second for {@code seconds}, not waiting for answers. */
	private static Step openBuys(int rate, int seconds) {
		return Step.of("open-toy-buy", OpenModelSimulation.class)
			.set(OpenLoad.OPERATION, Operation.TOY_BUY)
			.set(OpenLoad.RATES, List.of(rate))
			.set(OpenLoad.STEP, Duration.ofSeconds(seconds))
			.lasting(Duration.ofSeconds(seconds));
	}

	static final int SETTLE_WINDOW_SECONDS = 5;

	/**
	 * When the open buys have settled, judged as the lab's warm-up judges ({@link Convergence}), on
	 * windows of {@value #SETTLE_WINDOW_SECONDS} s: the last two windows' p50 within a coefficient of
	 * variation of 10 % and no service of the toy store compiling for more than 5 % of either window;
	 * at least 2 windows, at most 8. Looser than the lab's default (3 %), which 20 s turns on this
	 * 2-core machine miss whatever is injected; tight enough for what a 5 % check of a band needs:
	 * the JIT done with the buy's code.
	 */
	static final Convergence SETTLE = new Convergence(2, 0.10, 2, 0.05, 2, 8);

	/** Runs {@code window} until {@link #SETTLE} says the lab settled or its cap is reached, printing each window. */
	private static void settle(GatlingStep gatling, Step window, Path dir, String name, Map<String, String> target,
			LabProcesses lab) throws Exception {
		List<Convergence.Window> history = new java.util.ArrayList<>();
		Convergence.State state = Convergence.State.MOVING;
		while (state == Convergence.State.MOVING) {
			Map<String, Double> jitBefore = compilationMs(lab);
			long start = System.nanoTime();
			Path windowDir = dir.resolve("w" + (history.size() + 1));
			assertThat(gatling.run(window, windowDir, name, target, progress(window))).isZero();
			double seconds = (System.nanoTime() - start) / 1e9;
			List<Request> requests = Request.read(RunFolder.requestsCsv(windowDir).orElseThrow());
			history.add(Warming.window(requests, seconds, ServiceMetrics.jitSpent(jitBefore, compilationMs(lab))));
			state = SETTLE.judge(history);
			Convergence.Window last = history.getLast();
			System.out.printf("settling, window %d: p50 %.3f ms, %d answers, JIT %.0f ms%s%n", history.size(), last.p50Ms(),
					last.answers(), last.jitMs(), (state == Convergence.State.MOVING) ? "" : ": " + state);
		}
	}

	/** Each toy store service's compilation time so far, in ms, read as the lab's warm-up reads it. */
	private static Map<String, Double> compilationMs(LabProcesses lab) throws Exception {
		Map<String, Double> ms = new java.util.HashMap<>();
		try (java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient()) {
			for (LabProcesses.Service service : LabProcesses.Service.TOY_STORE) {
				String text = client.send(java.net.http.HttpRequest.newBuilder(lab.http(service, "/actuator/prometheus")).build(),
						java.net.http.HttpResponse.BodyHandlers.ofString()).body();
				double compiled = ServiceMetrics.compilationMs(text);
				if (!Double.isNaN(compiled)) {
					ms.put(service.module, compiled);
				}
			}
		}
		return ms;
	}

	/** One turn of buys: what the client saw, every span of their traces, and its bands. */
	record Turn(List<Request> requests, List<Span> spans, BandDecomposition bands) {
	}

	/** Sets {@code point}'s injection in {@code service} (none for null) as a user would, over HTTP; the body of the answer. */
	static String inject(LabProcesses lab, LabProcesses.Service service, String point, String spec) throws Exception {
		String body = (spec == null) ? "{\"point\":\"" + point + "\"}"
				: "{\"point\":\"" + point + "\",\"spec\":\"" + spec + "\"}";
		return post(lab, service, body).body();
	}

	static java.net.http.HttpResponse<String> post(LabProcesses lab, LabProcesses.Service service, String json) throws Exception {
		try (java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient()) {
			return client.send(java.net.http.HttpRequest.newBuilder(lab.http(service, "/actuator/injections"))
				.header("Content-Type", "application/json")
				.POST(java.net.http.HttpRequest.BodyPublishers.ofString(json))
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
		}
	}

	static void print(BandDecomposition before, BandDecomposition after) {
		System.out.println("mean per buy component by band, ms (baseline -> injected):");
		for (BandDecomposition.BandStats band : before.bands()) {
			BandDecomposition.BandStats other = after.band(band.band().name());
			System.out.printf("  %s: %d of %d traced -> %d of %d%n", band.band().label(), band.decomposed(), band.requests(),
					other.decomposed(), other.requests());
			System.out.printf("    %-75s %8.3f -> %8.3f%n", CLIENT, band.decomposedClientMeanMs(), other.decomposedClientMeanMs());
			java.util.Set<String> names = new java.util.LinkedHashSet<>(after.components());
			names.addAll(before.components());
			names.forEach((c) -> System.out.printf("    %-75s %8.3f -> %8.3f%n", c, band.part(c), other.part(c)));
		}
	}

	static Progress progress(Step step) {
		Progress progress = new Progress(List.of(step), System.out);
		progress.startStep(0);
		return progress;
	}

	/** Runs {@code step}, decomposes {@code group} (at least {@code atLeast} whole traces) and takes each part's median. */
	static Map<String, Double> of(GatlingStep gatling, Step step, Path dir, String runId, Map<String, String> target,
			Path tracesDir, String group, int atLeast) throws Exception {
		return of(gatling, step, dir, runId, target, tracesDir, group, atLeast, new java.util.ArrayList<>());
	}

	/** As above, the step's requests of {@code group} and the spans of their traces added to {@code kept} besides. */
	static Map<String, Double> of(GatlingStep gatling, Step step, Path dir, String runId, Map<String, String> target,
			Path tracesDir, String group, int atLeast, List<Buys> kept) throws Exception {
		FileTraces traces = new FileTraces(tracesDir);
		traces.mark();
		assertThat(gatling.run(step, dir, runId, target, progress(step))).isZero();
		List<Request> requests = Request.read(RunFolder.requestsCsv(dir).orElseThrow());
		List<Span> spans = traces.collect(TraceSample.of(requests, Bands.DEFAULT), Duration.ofSeconds(30));
		kept.add(new Buys(requests.stream().filter((r) -> r.group().equals(group)).toList(), spans));
		GroupDecomposition decomposition = GroupDecomposition.of(requests, spans)
			.stream()
			.filter((g) -> g.group().equals(group))
			.findFirst()
			.orElseThrow();
		assertThat(decomposition.decomposed()).as(group + " requests with a whole trace").isGreaterThanOrEqualTo(atLeast);
		// On real spans too, the parts add up to what the client measured.
		assertThat(decomposition.sumOverClient()).as("parts over client, %s", decomposition).isCloseTo(1.0, within(0.01));
		Map<String, Double> medians = new TreeMap<>();
		decomposition.components().forEach((c) -> medians.put(c.component(), c.p50Ms()));
		medians.put(CLIENT, decomposition.client().p50Ms());
		return medians;
	}

	/**
	 * The median over {@code buys} of what the client saw less {@code part}: every other part taken
	 * per buy, as one (the lab's own projection with {@code part} scaled to nothing, as `./lab whatif`
	 * computes it). Not the client's median less the part's, nor the other parts' medians added: one
	 * disturbance (steal, a GC, the store's periodic sync) slows several parts of the same buys, and
	 * the median of a sum of correlated parts is not the sum of their medians (a CI run: a queued
	 * turn's client 98.55 ms at p50, its front door 48.91, its other parts' medians 43.86 in all).
	 */
	static double without(Buys buys, String part) {
		return project(buys, Projection.Change.scaled(part, 0)).projected().p50Ms();
	}

	/** {@code buys} re-timed with {@code change}, as `./lab whatif` re-times them. */
	static WhatIf project(Buys buys, Projection.Change change) {
		List<WhatIf> groups = WhatIf.of(buys.requests(), buys.spans(), Bands.DEFAULT, change);
		assertThat(groups).as("the buys' group").hasSize(1);
		return groups.getFirst();
	}

	/** What the client's parts changed by, added: each component but the client itself, after minus before. */
	static double partsChange(Map<String, Double> before, Map<String, Double> after) {
		return before.keySet()
			.stream()
			.filter((component) -> !component.equals(CLIENT))
			.mapToDouble((component) -> after.getOrDefault(component, 0.0) - before.get(component))
			.sum();
	}

	static void print(String what, Map<String, Double> before, Map<String, Double> after) {
		System.out.println("median per " + what + " component, ms (baseline -> injected):");
		before.keySet().forEach((c) -> System.out.printf("  %-75s %8.2f -> %8.2f%n", c, before.get(c),
				after.getOrDefault(c, 0.0)));
	}

}
