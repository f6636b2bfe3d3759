package io.latencylab.lab.study.agreement;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.traces.Traces;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Span;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import tools.jackson.databind.JsonNode;

import static io.latencylab.lab.report.Format.count;

/**
 * The lab against an outside client: on the same warmed services, one client of the lab's load
 * generator and one of wrk take turns on each operation, round after round, and the report sets
 * their p50s side by side. The lab's figures are only worth as much as this agreement.
 */
public final class AgreementStudy implements Study {

	static final List<Operation> OPERATIONS = List.of(Operation.TOY_QUERY, Operation.TOY_BUY, Operation.REST_GET,
			Operation.SOAP_GET);

	/**
	 * Measured in every round beside the services: the REST get's bytes from nginx, where the two
	 * clients' difference is their own work per request, not the services'.
	 */
	static final Operation REFERENCE = Operation.REFERENCE_GET;

	/** The lab and wrk agree when their p50s differ by at most this share... */
	static final double AGREEMENT = 0.10;

	/**
	 * ...or by at most this many µs more than the two clients differ by on the reference. A JVM
	 * generator and a C one differ by some µs of their own work per request, more on a slower
	 * machine (REST get: the lab 13–17 µs above wrk on 2026-11-24, 14–45 µs on 2026-11-25 with this
	 * machine's nginx three times slower), which 10% of a sub-millisecond answer cannot hold.
	 */
	static final double AGREEMENT_MICROS = 20;

	/**
	 * The verdict on an operation's rounds: the median of their ratios, the median of their
	 * differences of p50s, and the clients' own median difference on the reference (0 when it was not
	 * measured). Medians, not means: on this 2-core machine one round in six can be disturbed (2026-11-25:
	 * the toy query's rounds at 0.79, 1.03, 1.21 and 2.10, wrk's own p50 moving 0.82–1.24 ms from round
	 * to round), and one disturbed round moved a mean of four past 10%.
	 */
	static boolean agrees(double medianRatio, double medianDifferenceMicros, double clientsOwnMicros) {
		return agrees(medianRatio, medianDifferenceMicros, clientsOwnMicros, 0);
	}

	/**
	 * As above, where the services themselves did not keep still: the share may be as wide as wrk's own
	 * p50 moved from one round to the next ({@link #roundToRound}). The lab cannot be held closer to wrk
	 * than wrk is to itself half a minute later: on 2026-11-25 wrk's buy p50 went 10.07, 6.04, 4.83,
	 * 2.27, 2.63 and 5.70 ms over six counted rounds (durable commits on a shared machine's disk).
	 */
	static boolean agrees(double medianRatio, double medianDifferenceMicros, double clientsOwnMicros,
			double wrkRoundToRound) {
		return Math.abs(medianRatio - 1) <= Math.max(AGREEMENT, wrkRoundToRound)
				|| Math.abs(medianDifferenceMicros - clientsOwnMicros) <= AGREEMENT_MICROS;
	}

	/**
	 * How far wrk's p50 moves between one counted round and the next: the median, over adjacent
	 * rounds, of the larger p50 over the smaller, less 1.
	 */
	static double roundToRound(double[] wrkP50s) {
		if (wrkP50s.length < 2) {
			return 0;
		}
		double[] moves = new double[wrkP50s.length - 1];
		for (int i = 0; i < moves.length; i++) {
			moves[i] = Math.max(wrkP50s[i], wrkP50s[i + 1]) / Math.min(wrkP50s[i], wrkP50s[i + 1]) - 1;
		}
		return median(moves);
	}

	static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	/**
	 * Rounds 0 and 1 run like the others but do not count: after the warm-up's many clients, the
	 * services' compilers and collectors were measured still busy at one client (their CPU some 50%
	 * above later rounds, for wrk as for the lab; on 2026-11-25 the buy's p50 fell from 17.9 to 10.6,
	 * 8.4 and 6.8 ms over rounds 0–3), and the generator meets its one-client path for the first time.
	 * The report shows these rounds apart.
	 */
	static final int SETTLING_ROUNDS = 2;

	@Override
	public About about() {
		return new About("agreement", "lab", "the lab itself, against wrk (an outside client)",
				"the lab's p50 at one client beside wrk's, taking turns on the same services");
	}

	@Override
	public Plan plan(boolean full) {
		// An even number of rounds that count: each side goes first as often as the other.
		int counted = 6;
		Duration each = full ? Duration.ofSeconds(30) : Duration.ofSeconds(5);
		List<Step> steps = new ArrayList<>();
		for (int round = 0; round < SETTLING_ROUNDS + counted; round++) {
			for (Operation operation : Stream.concat(OPERATIONS.stream(), Stream.of(REFERENCE)).toList()) {
				// Alternating who goes first, so that neither always meets the services just after the other.
				String pair = operation.label() + "-r" + round;
				Step lab = Plan.compared(new SweepLoad(operation, List.of(1), each, 0).step("lab-" + pair), pair);
				Step wrk = Plan.compared(new OutsideLoad(operation, each).step("wrk-" + pair), pair);
				if (operation == REFERENCE) {
					// nginx traces nothing: no spans to wait for.
					lab = untraced(lab);
					wrk = untraced(wrk);
				}
				steps.addAll((round % 2 == 1) ? List.of(lab, wrk) : List.of(wrk, lab));
			}
		}
		// Longer than a study's warm-up: on two cores the services' JIT keeps improving them for minutes, and a
		// drift between the lab's turn and wrk's reads as a disagreement. After 60 s (and six settling rounds
		// that did not settle), a run of 2026-11-25 still had the toy query's p50 fall from 6.9 to 1.6 ms over
		// the judged rounds, with lab / wrk ratios of 0.38 to 1.27.
		return new Plan(name(), seed(), full, WarmUp.step(WarmUp.atOneClient(OPERATIONS), WarmUp.DEFAULT_CAP),
				steps);
	}

	private static Step untraced(Step step) {
		return step.with(Plan.UNTRACED, true);
	}

	/**
	 * The service's own time in a turn: the p50, in ms, of the server span where each collected
	 * request entered the services (the first server span of its trace whose parent is not among
	 * the turn's spans: the one the client sent); NaN when the turn has none.
	 */
	static double serviceP50Ms(List<Span> spans) {
		Set<String> ids = spans.stream().map(Span::spanId).collect(Collectors.toSet());
		double[] entries = spans.stream()
			.filter((s) -> s.kind() == Span.SERVER && !ids.contains(s.parentSpanId()))
			.collect(Collectors.toMap(Span::traceId, (s) -> s, (a, b) -> (a.startNanos() <= b.startNanos()) ? a : b))
			.values()
			.stream()
			.mapToDouble((s) -> s.durationNanos() / 1e6)
			.toArray();
		return (entries.length == 0) ? Double.NaN : median(entries);
	}

	/**
	 * The verdict with the services' state taken out: what each client adds to the service's own time
	 * in its turn (its p50 less the service's), lab less wrk, median over the rounds, within
	 * {@link #AGREEMENT_MICROS} of the clients' own difference on the reference. The service's own time
	 * moves between turns, and the plain comparison reads that as the client's: it can switch between a
	 * fast and a slow state from one 5 s turn to the next (CI, agreement-20261125-185547: meals-soap's p50
	 * 346–387 µs in wrk's turns of rounds 2–5, 422–555 µs in the lab's, then 539 / 508 and 407 / 394 µs),
	 * and it is slower behind a client that takes longer between an answer and its next request
	 * (meals-rest's p50 81 µs behind a client sending back to back, 95–100 µs with 70 µs between).
	 */
	static boolean clientsPartAgrees(double medianPartDifferenceMicros, double clientsOwnMicros) {
		return Math.abs(medianPartDifferenceMicros - clientsOwnMicros) <= AGREEMENT_MICROS;
	}

	/** One counted round of an operation: both clients' p50s and the service's own in each one's turn, ms. */
	record Round(double labP50, double wrkP50, double labService, double wrkService) {

		double differenceMicros() {
			return 1000 * (this.labP50 - this.wrkP50);
		}

		/** NaN when a turn has no spans (the reference, or spans that did not arrive). */
		double partDifferenceMicros() {
			return 1000 * ((this.labP50 - this.labService) - (this.wrkP50 - this.wrkService));
		}

	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		Map<Operation, List<Round>> rounds = new LinkedHashMap<>();
		List<List<String>> rows = new ArrayList<>();
		for (StepData step : run.stepsOf(OutsideLoad.CLIENT)) {
			OutsideLoad outside = OutsideLoad.from(step.parameters());
			if (outside.mix() != null) {
				// A study's plan sent by wrk (seed 000's --generator wrk): that study reports it.
				continue;
			}
			String round = step.record().name().substring(step.record().name().lastIndexOf("-r") + 2);
			boolean settling = Integer.parseInt(round) < SETTLING_ROUNDS;
			String labName = "lab-" + outside.operation().label() + "-r" + round;
			StepData labStep = run.steps().stream().filter((s) -> s.record().name().equals(labName)).findFirst().orElse(null);
			GroupStats lab = (labStep == null) ? null : labStep.stats().stream().findFirst().orElse(null);
			JsonNode wrk = RunFolder.outsideResult(run.dir().resolve(step.record().folder())).orElse(null);
			if (lab == null) {
				continue;
			}
			if (wrk == null) {
				rows.add(List.of(outside.operation().label(), round, toTheMicro(lab.p50Ms()), "wrk did not run (exit "
						+ step.record().exitCode() + ")", "", "", toTheMicro(lab.meanMs()), "", count(lab.count()), "", ""));
				continue;
			}
			Round measured = new Round(lab.p50Ms(), wrk.path("p50Micros").asDouble() / 1000, serviceP50(run, labStep),
					serviceP50(run, step));
			if (!settling) {
				rounds.computeIfAbsent(outside.operation(), (k) -> new ArrayList<>()).add(measured);
			}
			rows.add(List.of(outside.operation().label(), settling ? round + " (settling)" : round, toTheMicro(measured.labP50()),
					toTheMicro(measured.wrkP50()), String.format(Locale.ROOT, "%.2f", measured.labP50() / measured.wrkP50()),
					Double.isNaN(measured.labService() + measured.wrkService()) ? ""
							: toTheMicro(measured.labService()) + " / " + toTheMicro(measured.wrkService()),
					toTheMicro(lab.meanMs()), toTheMicro(wrk.path("meanMicros").asDouble() / 1000), count(lab.count()),
					count(wrk.path("requests").asLong()),
					count(lab.count() - lab.errors()) + " / " + count(wrk.path("requests").asLong() - wrk.path("non2xx").asLong())));
		}
		if (rows.isEmpty()) {
			return;
		}
		doc.heading(2, "The lab against an outside client (wrk)");
		doc.text("One client each, one connection, requests back to back, taking turns on the same services: the lab's "
				+ "load generator (Gatling, kept warm across the run) and wrk (-t1 -c1), each sending the same request "
				+ "with a traceparent of its own and the run id as baggage. The lab's figures are worth as much as they agree: "
				+ String.format(Locale.ROOT, "the p50s should differ by %.0f%% or less (or by as much as wrk's own p50 moved from "
						+ "one round to the next, where the services did not keep still), or by at most %.0f µs more than the two "
						+ "clients differ by on a reference (" + REFERENCE.label() + ": nginx serving the REST get's bytes, "
						+ "where what they measure apart is their own work per request). ", 100 * AGREEMENT, AGREEMENT_MICROS)
				+ "Both clients' requests are traced, so each turn also has the service's own time: the p50 of the server "
				+ "span where its requests entered the services. What a client adds to it (its p50 less the service's) "
				+ "takes the service's state in that turn out of the comparison; where the lab's part is within "
				+ String.format(Locale.ROOT, "%.0f µs of wrk's plus the clients' own difference, they agree too, and the ", AGREEMENT_MICROS)
				+ "service's p50 in the lab's turns over wrk's shows whether the services were slower while the lab measured. "
				+ "Rounds 0 and 1 let the services settle at one client after the warm-up and are left out of the verdict, "
				+ "which takes the median over the other rounds. "
				+ "Buys buy the lab's own toy, stocked so deep that every buy is a sale for both; the last column "
				+ "shows that every answer was 2xx.");
		doc.table(List.of("operation", "round", "lab p50 ms", "wrk p50 ms", "lab / wrk", "service's p50 ms, lab's turn / wrk's",
				"lab mean ms", "wrk mean ms", "lab requests", "wrk requests", "answered ok (lab / wrk)"), rows);
		List<Round> onReference = rounds.getOrDefault(REFERENCE, List.of());
		double clientsOwn = onReference.isEmpty() ? 0
				: median(onReference.stream().mapToDouble(Round::differenceMicros).toArray());
		List<List<String>> summary = new ArrayList<>();
		rounds.forEach((operation, each) -> {
			double[] ratios = each.stream().mapToDouble((r) -> r.labP50() / r.wrkP50()).toArray();
			double median = median(ratios);
			double min = Arrays.stream(ratios).min().orElse(Double.NaN);
			double max = Arrays.stream(ratios).max().orElse(Double.NaN);
			double difference = median(each.stream().mapToDouble(Round::differenceMicros).toArray());
			double wrkMoves = roundToRound(each.stream().mapToDouble(Round::wrkP50).toArray());
			List<Round> traced = each.stream().filter((r) -> !Double.isNaN(r.partDifferenceMicros())).toList();
			double serviceRatio = traced.isEmpty() ? Double.NaN
					: median(traced.stream().mapToDouble((r) -> r.labService() / r.wrkService()).toArray());
			double part = traced.isEmpty() ? Double.NaN
					: median(traced.stream().mapToDouble(Round::partDifferenceMicros).toArray());
			boolean reference = operation == REFERENCE;
			boolean agrees = agrees(median, difference, clientsOwn, wrkMoves)
					|| (!Double.isNaN(part) && clientsPartAgrees(part, clientsOwn));
			summary.add(List.of(operation.label(), String.valueOf(ratios.length), String.format(Locale.ROOT, "%.2f", median),
					String.format(Locale.ROOT, "%.2f–%.2f", min, max), String.format(Locale.ROOT, "±%.0f%%", 100 * wrkMoves),
					String.format(Locale.ROOT, "%+.0f", difference),
					reference ? "" : String.format(Locale.ROOT, "%+.0f", difference - clientsOwn),
					traced.isEmpty() ? "" : String.format(Locale.ROOT, "%.2f", serviceRatio),
					(reference || traced.isEmpty()) ? "" : String.format(Locale.ROOT, "%+.0f", part - clientsOwn),
					reference ? "the clients' own" : agrees ? "yes" : "**no**"));
		});
		doc.table(List.of("operation", "rounds", "median lab / wrk (p50)", "range", "wrk round to round", "median lab − wrk (µs)",
				"less the clients' own (µs)", "service's p50, lab's turns / wrk's", "client's part, lab − wrk, less the clients' own (µs)",
				"agree"), summary);
		if (onReference.isEmpty()) {
			doc.text("The reference (nginx) was not measured: the verdict takes the clients' own difference as 0.");
		}
	}

	/** A time in ms to the µs (three decimals): two hid REST get's 86 and 93 µs as 0.09 and 0.09. */
	private static String toTheMicro(double ms) {
		return String.format(Locale.ROOT, "%.3f", ms);
	}

	private static double serviceP50(RunData run, StepData step) throws IOException {
		return serviceP50Ms(Traces.read(run.dir().resolve(step.record().folder()).resolve("spans.jsonl")));
	}

}
