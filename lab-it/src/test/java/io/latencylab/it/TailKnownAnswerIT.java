package io.latencylab.it;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import io.latencylab.it.ComponentMedians.Turn;
import io.latencylab.it.LabProcesses.Service;
import io.latencylab.observability.BandDecomposition;
import io.latencylab.observability.BandDecomposition.BandStats;
import io.latencylab.observability.Bands;
import io.latencylab.observability.Decomposition;
import io.latencylab.observability.Projection;
import io.latencylab.observability.Request;
import io.latencylab.observability.Span;
import io.latencylab.observability.WhatIf;
import io.latencylab.telemetry.LatencyInjector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The tail's known answer: a delay injected into a few passes only must be found where it was put,
 * in the slowest requests, and stay out of the median. On one warm lab (a closed warm-up, then buys
 * at the same rate, kept out of the figures, until they settle by a stated rule:
 * {@link ComponentMedians#SETTLE}), buys arrive at 60 a second for 20 s three times:
 * plain, with the order service sleeping 200 ms before it calls the catalog in 3 % of its buys
 * (about 36), and plain again. Each injected buy's trace says so (the span the sleep sat in carries
 * {@value LatencyInjector#MARK}), so the known answer is judged on those buys: every one of them
 * ranks among the slowest 10 %, each one's order service holds the 200 ms, and their order service
 * over the median band's is 200 ms ± 10 %. The extreme band (p99–p100) must be wholly traced and
 * add up; no component of the median band may move its share of the band's mean client latency
 * from the plain turns' (their mean) by more than 5 points. That mean is a reference only when the two
 * plain turns agree within 5 % of their median band's mean; when they do not, the lab moved by itself
 * and the three turns run again, once.
 * <p>
 * Why so. Judged by rank alone (the extreme band's order service over the median's), the answer
 * held while 200 ms stood above every buy's own slowest; on this 2-core machine a stall of the
 * machine's own sometimes does not (the plain turns' extreme band has averaged from 75 ms to
 * 999 ms over runs), and then it shares the extreme band with the injected buys: a stall the report
 * rightly shows, but no fault of the attribution. So the extreme band's mix is printed, not judged.
 * Two fresh labs differ by more than 5 % (the median band of the same buys, 6.41 and 8.00 ms), so
 * the injection is set while the lab runs, through /actuator/injections. A closed loop idles while
 * a buy sleeps, which slowed the rest, so arrivals come at a fixed rate; and the sleep is where no
 * lock is held. The median band's mean client latency is printed, not judged: from one 20 s turn
 * to the next on this 2-core machine it moved by up to 18 % whether or not anything was injected;
 * spread over its dozen components, no one of them moved by 5 %. One fixed settling turn was not
 * always enough: in a CI run the two plain turns' median band averaged 44 ms of client latency (a
 * quiet run's is about 9), so the reference itself had moved. On the run's shared lab
 * ({@link SharedLab}).
 */
@ExtendWith(SharedLab.class)
class TailKnownAnswerIT {

	private static final String POINT = "order-before-catalog";

	private static final String ORDER_SELF = "order-service: latencylab.toystore.v1.Orders/Buy";

	private static final double DELAY_MS = 200;

	/** The three turns are run again, once, when the two plain ones disagree: then they are no reference. */
	private static final int ATTEMPTS = 2;

	/** How far a median band's component may move, as a share of the band's mean client latency. */
	private static final double SHARE_MOVES = 0.05;

	@Test
	void aDelayInAFewBuysIsFoundInThoseBuysAmongTheSlowestAndStaysOutOfTheMedianBand(LabProcesses lab)
			throws Exception {
		List<Turn> turns = null;
		for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
			turns = ComponentMedians.buysInTurns("tail", Service.ORDER, POINT, 60, 20, Arrays.asList(null, "200ms@3%", null),
					lab);
			String moved = plainTurnsApart(turns.get(0).bands(), turns.get(2).bands());
			if (moved == null) {
				break;
			}
			System.out.printf("attempt %d of %d: the two plain turns' median bands differ by more than 5 %% (%s): the lab "
					+ "moved by itself, no reference to judge against%s%n", attempt, ATTEMPTS, moved,
					(attempt < ATTEMPTS) ? "; the three turns again" : "; judged as they are");
		}
		BandDecomposition injected = turns.get(1).bands();
		ComponentMedians.print(turns.get(0).bands(), injected);
		System.out.printf("median band's mean client latency: plain %.3f ms, injected %.3f ms, plain again %.3f ms%n",
				turns.get(0).bands().band("median").decomposedClientMeanMs(),
				injected.band("median").decomposedClientMeanMs(),
				turns.get(2).bands().band("median").decomposedClientMeanMs());

		BandStats extreme = injected.band("extreme");
		BandStats median = injected.band("median");
		// Tail-based sampling: every one of the slowest is traced.
		assertThat(extreme.requests()).isGreaterThanOrEqualTo(10);
		assertThat(extreme.decomposed()).isEqualTo(extreme.requests());
		assertThat(extreme.sumOverClient()).isCloseTo(1.0, within(1e-9));

		// The injected buys, by their traces' mark, ranked as the bands rank them.
		Map<String, List<Span>> traces = turns.get(1).spans().stream().collect(Collectors.groupingBy(Span::traceId));
		List<Request> ranked = turns.get(1).requests().stream()
			.sorted(Comparator.comparingDouble(Request::durationMs))
			.toList();
		int tailFrom = injected.band("tail").band().firstRank(ranked.size());
		int extremeFrom = extreme.band().firstRank(ranked.size());
		List<Double> orderSelfMs = new ArrayList<>();
		int inExtreme = 0;
		int untraced = 0;
		for (int rank = 0; rank < ranked.size(); rank++) {
			Request buy = ranked.get(rank);
			List<Span> trace = traces.get(buy.traceId());
			Span root = Decomposition.root(trace, buy.parentSpanId());
			if (root == null) {
				untraced++;
				continue;
			}
			String mark = trace.stream().map((span) -> span.attribute(LatencyInjector.MARK)).filter(Objects::nonNull)
				.findFirst().orElse(null);
			if (mark == null) {
				continue;
			}
			assertThat(mark).isEqualTo(POINT + " 200ms");
			assertThat(rank).as("an injected buy's rank among %d (the slowest 10 %% from %d)", ranked.size(), tailFrom)
				.isGreaterThanOrEqualTo(tailFrom);
			inExtreme += (rank >= extremeFrom) ? 1 : 0;
			double self = Decomposition.of(trace, root, Math.round(buy.durationMs() * 1e6)).getOrDefault(ORDER_SELF, 0L) / 1e6;
			// The sleep lies inside the order service's span, outside its children: all of it is its own time.
			assertThat(self).as("an injected buy's order service, ms").isGreaterThanOrEqualTo(DELAY_MS);
			orderSelfMs.add(self);
		}
		double meanSelf = orderSelfMs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
		System.out.printf("injected buys: %d of %d, %d untraced (%d in the extreme band of %d); their order service "
				+ "%.3f ms, the median band's %.3f ms%n", orderSelfMs.size(), ranked.size(), untraced, inExtreme,
				extreme.requests(), meanSelf, median.part(ORDER_SELF));
		assertThat(untraced).as("buys whose trace was not found").isLessThanOrEqualTo(ranked.size() / 100);
		// The report's count of each band's injected requests (its row "of them, injected") agrees.
		assertThat(extreme.injected()).isEqualTo(inExtreme);
		assertThat(median.injected()).isZero();
		assertThat(orderSelfMs).as("injected buys (3 %% of %d)", ranked.size()).hasSizeGreaterThanOrEqualTo(10);
		assertThat(meanSelf - median.part(ORDER_SELF)).as("the injected buys' order service over the median band's")
			.isBetween(0.9 * DELAY_MS, 1.1 * DELAY_MS);

		projectionsMatchTheOtherTurns(turns, orderSelfMs.size(), ranked.size());

		// Each component as its share of its band's mean client latency: when the machine runs the
		// injected turn slower (a CI run: its median band 15.24 ms between plain turns of 12.83 and
		// 10.69), every part grows with it, and what must not move is the band's make-up.
		BandStats before = turns.get(0).bands().band("median");
		BandStats after = turns.get(2).bands().band("median");
		Set<String> components = new LinkedHashSet<>(injected.components());
		components.addAll(turns.get(0).bands().components());
		for (String component : components) {
			double plain = (share(before, component) + share(after, component)) / 2;
			assertThat(share(median, component))
				.as("the median band's %s, share of the band's mean: %.3f ms of %.3f; plain %.3f", component,
						median.part(component), median.decomposedClientMeanMs(), plain)
				.isBetween(plain - SHARE_MOVES, plain + SHARE_MOVES);
		}
	}

	/**
	 * `./lab whatif` checked against the tail's known answer, both ways, on the top decile's mean
	 * client latency: each plain turn with the order service 200 ms longer in as many buys as the
	 * injected turn had injected (its realized share, not the nominal 3 %: which buys is the
	 * projection's draw) against the injected turn, and the injected turn with the 200 ms taken out
	 * of its injected buys, printed beside the plain turns; each judged by the mean's exact rise or fall.
	 */
	private static void projectionsMatchTheOtherTurns(List<Turn> turns, int injectedBuys, int buys) {
		Projection.Change longer = Projection.Change.shifted(ORDER_SELF, Math.round(DELAY_MS * 1e6))
			.in(Projection.Which.share((double) injectedBuys / buys));
		Projection.Change shorter = Projection.Change.shifted(ORDER_SELF, -Math.round(DELAY_MS * 1e6))
			.in(Projection.Which.INJECTED);
		WhatIf taken = project(turns.get(1), shorter);
		for (int plain : List.of(0, 2)) {
			WhatIf added = project(turns.get(plain), longer);
			System.out.printf(Locale.ROOT, "what if, tail (top decile's mean, p90, p99 ms): plain turn %d, %s: %.2f, %.2f, %.2f; "
					+ "injected as measured %.2f, %.2f, %.2f%n", plain + 1, longer.describe(), topDecileMs(added, true),
					added.projected().p90Ms(), added.projected().p99Ms(), topDecileMs(taken, false), taken.measured().p90Ms(),
					taken.measured().p99Ms());
			System.out.printf(Locale.ROOT, "what if, tail (top decile's mean, p90, p99 ms): injected turn, %s: %.2f, %.2f, %.2f; "
					+ "plain turn %d as measured %.2f, %.2f, %.2f%n", shorter.describe(), topDecileMs(taken, true),
					taken.projected().p90Ms(), taken.projected().p99Ms(), plain + 1, topDecileMs(added, false),
					added.measured().p90Ms(), added.measured().p99Ms());
		}
		// Against the other turn, both directions are printed, not judged. Adding the delay cannot know
		// that the injected turn's other buys ran slower: 200 ms sleepers at a fixed arrival rate leave
		// more buys in flight, and in two runs its median band's mean was 13 % and 19 % above the slower
		// plain turn's (14.81 against 13.15 and 11.20 ms; 15.24 against 12.83 and 10.69), the projection
		// 16 % below its top decile (86.07 and 80.98 against 99.46 ms), where eight runs before had read
		// −2.8 % to +8.4 %: the projection keeps the others' queueing as measured, as the report says.
		// What is judged is exact: the share's buys each get their 200 ms on the critical path.
		WhatIf first = project(turns.get(0), longer);
		WhatIf again = project(turns.get(2), longer);
		double mean = (topDecileMs(first, true) + topDecileMs(again, true)) / 2;
		System.out.printf(Locale.ROOT, "what if, tail: the injected turn's top decile %.2f ms, the plain turns' with 200 ms "
				+ "added %.2f and %.2f (their mean %+.1f %% from it)%n", topDecileMs(taken, false), topDecileMs(first, true),
				topDecileMs(again, true), 100 * (mean - topDecileMs(taken, false)) / topDecileMs(taken, false));
		for (WhatIf added : List.of(first, again)) {
			double share = Math.round((double) injectedBuys / buys * added.traced()) / (double) added.traced();
			meanMovesBy("the mean's rise with 200 ms added to the injected turn's share", added, DELAY_MS * share);
		}
		// Taking it out is printed, not judged against the plain turns: the injected turn's untouched
		// buys are a third sample of a tail that moves by as much between 20 s turns (in seven runs the
		// projection landed 1.7 to 5.3 ms from the plain turns' mean, the plain turns 0.1 to 6.4 ms
		// apart). What is judged is exact: every injected buy holds its 200 ms in the order service's
		// own time, on its critical path, so the mean falls by 200 ms times their share (within 2 %: a
		// buy left untraced, at most 1 %, would weigh its stratum's others).
		meanMovesBy("the mean's fall with the 200 ms taken out of " + injectedBuys + " of " + buys + " buys", taken,
				-DELAY_MS * injectedBuys / buys);
	}

	/** The projection moves the mean by exactly this (within 2 %): each changed buy by the whole delay. */
	private static void meanMovesBy(String what, WhatIf whatIf, double expectedMs) {
		assertThat(whatIf.projected().meanMs() - whatIf.measured().meanMs()).as(what)
			.isCloseTo(expectedMs, within(Math.abs(0.02 * expectedMs)));
	}

	private static WhatIf project(Turn turn, Projection.Change change) {
		List<WhatIf> groups = WhatIf.of(turn.requests(), turn.spans(), Bands.DEFAULT, change);
		assertThat(groups).as("the buys' group").hasSize(1);
		return groups.getFirst();
	}

	/** The mean client latency of the slowest 10 %: the tail's and the extreme band's, by their widths. */
	private static double topDecileMs(WhatIf whatIf, boolean projected) {
		double sum = 0;
		double width = 0;
		for (WhatIf.BandRow row : whatIf.bands()) {
			if (row.band().from() >= 90) {
				double w = row.band().to() - row.band().from();
				sum += w * (projected ? row.projectedMs() : row.measuredMs());
				width += w;
			}
		}
		assertThat(width).as("the default bands cover the top decile").isEqualTo(10.0);
		return sum / width;
	}

	/** A component's share of its band's mean client latency. */
	private static double share(BandStats band, String component) {
		return band.part(component) / band.decomposedClientMeanMs();
	}

	/** 5 % of the plain turns' median band, mean client latency: how far the two plain turns may differ. */
	private static double tolerance(BandStats before, BandStats after) {
		return 0.05 * (before.decomposedClientMeanMs() + after.decomposedClientMeanMs()) / 2;
	}

	/** The first component of the median band the two plain turns disagree on by more than the tolerance, said; null when none. */
	private static String plainTurnsApart(BandDecomposition before, BandDecomposition after) {
		BandStats first = before.band("median");
		BandStats second = after.band("median");
		double tolerance = tolerance(first, second);
		Set<String> components = new LinkedHashSet<>(before.components());
		components.addAll(after.components());
		for (String component : components) {
			if (Math.abs(first.part(component) - second.part(component)) > tolerance) {
				return String.format(Locale.ROOT, "%s %.3f and %.3f ms, client %.3f and %.3f ms", component,
						first.part(component), second.part(component), first.decomposedClientMeanMs(),
						second.decomposedClientMeanMs());
			}
		}
		return null;
	}

	@Test
	void theInjectionsEndpointRefusesAPointNoServicePassesSayingWhich(LabProcesses lab) throws Exception {
		try {
			var answer = ComponentMedians.post(lab, Service.CATALOG, "{\"point\":\"catalog-before-comit\",\"spec\":\"50ms\"}");
			assertThat(answer.statusCode()).isEqualTo(400);
			assertThat(answer.body()).contains("\"detail\":\"no point 'catalog-before-comit'; the points are "
					+ "[catalog-before-commit, order-before-catalog, order-before-complete]\"");
			assertThat(ComponentMedians.inject(lab, Service.CATALOG, "catalog-before-commit", "50ms@10%"))
				.isEqualTo("{\"catalog-before-commit\":\"50ms@10%\"}");
			assertThat(ComponentMedians.inject(lab, Service.CATALOG, "catalog-before-commit", null)).isEqualTo("{}");
		}
		finally {
			ComponentMedians.inject(lab, Service.CATALOG, "catalog-before-commit", null);
		}
	}

}
