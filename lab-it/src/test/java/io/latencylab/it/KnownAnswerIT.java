package io.latencylab.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import io.latencylab.it.ComponentMedians.BuyTurn;
import io.latencylab.it.LabProcesses.Service;
import io.latencylab.observability.Projection;
import io.latencylab.observability.WhatIf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test that proves the latency decomposition, through the same pipeline as `./lab run`: real
 * Gatling in its own JVM drives the toy store, the spans are collected from the services' files,
 * and the report's analysis decomposes every buy. The same short load runs twice on one warm lab,
 * the second time with a known 50 ms delay injected inside the catalog's commit (set while the lab
 * runs, through /actuator/injections). The report must put 50 ms (± 5 ms,
 * compared by median) on the catalog's commit component and move no other component by more than
 * 5 ms; the client's change, less the other parts' change taken per buy, must be the delay (± 5
 * ms). The parts' means add up to the client's (within 1 %, {@link ComponentMedians}); their medians
 * need not, and are not judged on it. The same delay after the buy's answer (where the order
 * service marks it completed) must move nothing. On the run's shared lab ({@link SharedLab}).
 */
@ExtendWith(SharedLab.class)
class KnownAnswerIT {

	private static final String COMMIT = "catalog-service: catalog.commit";

	private static final String POINT = "catalog-before-commit";

	@Test
	void anInjected50msDelayIsFoundInTheCatalogsCommitAndNowhereElse(LabProcesses lab) throws Exception {
		List<ComponentMedians.Buys> buys = new ArrayList<>();
		List<Map<String, Double>> turns = ComponentMedians.ofBuysInTurns("known-answer", lab,
				List.of(new BuyTurn(1, Service.CATALOG, POINT, null), new BuyTurn(1, Service.CATALOG, POINT, "50ms")), buys);
		Map<String, Double> baseline = turns.get(0);
		Map<String, Double> injected = turns.get(1);

		ComponentMedians.print("buy", baseline, injected);
		assertThat(injected.get(COMMIT) - baseline.get(COMMIT)).as("added to %s; baseline %s; injected %s", COMMIT, baseline,
				injected)
			.isBetween(45.0, 55.0);
		for (String component : new TreeSet<>(baseline.keySet())) {
			if (!component.equals(COMMIT) && !component.equals(ComponentMedians.CLIENT)) {
				assertThat(Math.abs(injected.getOrDefault(component, 0.0) - baseline.get(component)))
					.as("change of %s; baseline %s; injected %s", component, baseline, injected)
					.isLessThanOrEqualTo(5.0);
			}
		}
		// The client sees the delay once the other parts' drift is taken out: between two turns the
		// other hops drift either way (when baseline and injected ran on two fresh labs, each 0.1 to
		// 1.3 ms slower after each idle 50 ms in one run, 7.5 ms faster together in a CI run). The
		// drift is taken per buy ({@link ComponentMedians#without}); the medians' gap, the
		// client's change less its parts' medians' changes added, is printed: the machine's
		// disturbances move it (under 1 ms in most runs here, 6.28 ms in one).
		double clientAdded = injected.get(ComponentMedians.CLIENT) - baseline.get(ComponentMedians.CLIENT);
		double partsAdded = ComponentMedians.partsChange(baseline, injected);
		double othersAdded = ComponentMedians.without(buys.get(1), COMMIT) - ComponentMedians.without(buys.get(0), COMMIT);
		System.out.printf("buy: the client's change %+.2f ms, the other parts' per buy %+.2f ms, the medians' gap %+.2f ms%n",
				clientAdded, othersAdded, clientAdded - partsAdded);
		assertThat(clientAdded - othersAdded)
			.as("added for the client less the other parts' change; baseline %s; injected %s", baseline, injected)
			.isBetween(45.0, 55.0);
		projectionsMatchTheOtherTurn("buy", COMMIT, injected.get(COMMIT) - baseline.get(COMMIT), buys.get(0), buys.get(1),
				othersAdded);
	}

	/**
	 * The other way round: the order service marks a buy completed after it answered it, in a trace
	 * of its own, so a delay there is off the client's path. 50 ms injected there must move no part
	 * of the buy's decomposition by more than 5 ms, and the client's median must gain less than
	 * half the delay (an on-path delay adds all of it, as above; the margin is for the drift between
	 * two turns).
	 */
	@Test
	void anInjected50msDelayAfterTheAnswerIsOffTheClientsPath(LabProcesses lab) throws Exception {
		String point = "order-before-complete";
		List<Map<String, Double>> turns = ComponentMedians.ofBuysInTurns("off-path", lab,
				List.of(new BuyTurn(1, Service.ORDER, point, null), new BuyTurn(1, Service.ORDER, point, "50ms")));
		Map<String, Double> baseline = turns.get(0);
		Map<String, Double> injected = turns.get(1);

		ComponentMedians.print("buy", baseline, injected);
		assertThat(injected.keySet()).as("the buy's components").noneMatch((component) -> component.contains("complete"));
		for (String component : new TreeSet<>(baseline.keySet())) {
			if (!component.equals(ComponentMedians.CLIENT)) {
				assertThat(Math.abs(injected.getOrDefault(component, 0.0) - baseline.get(component)))
					.as("change of %s; baseline %s; injected %s", component, baseline, injected)
					.isLessThanOrEqualTo(5.0);
			}
		}
		double clientAdded = injected.get(ComponentMedians.CLIENT) - baseline.get(ComponentMedians.CLIENT);
		System.out.printf("buy, 50 ms after the answer: the client's median changed by %+.2f ms%n", clientAdded);
		assertThat(clientAdded).as("added for the client; baseline %s; injected %s", baseline, injected).isLessThan(25.0);
	}

	/**
	 * The projection's stated limit, measured: at 5 clients on 2 cores, a buy 50 ms longer leaves
	 * the others less to queue behind, and no re-timing of one turn's buys can know that. What the
	 * projection misses is that queueing, the other parts' change per buy, and only that. How much
	 * queueing there is to lose depends on the machine (the others shrank by 1.96 ms at p50 on one CI
	 * machine, by 6.8 to 16.4 ms in six runs here), so the test judges what is missed, not how much:
	 * the miss less the others' change within the 5 ms the known answer allows a part and, where the
	 * miss is beyond the one-client tolerance, within half the miss.
	 */
	@Test
	void atFiveClientsTheProjectionMissesOnlyTheOtherPartsQueueing(LabProcesses lab) throws Exception {
		List<ComponentMedians.Buys> buys = new ArrayList<>();
		List<Map<String, Double>> turns = ComponentMedians.ofBuysInTurns("known-answer-5", lab,
				List.of(new BuyTurn(5, Service.CATALOG, POINT, null), new BuyTurn(5, Service.CATALOG, POINT, "50ms")), buys);
		Map<String, Double> plain = turns.get(0);
		Map<String, Double> injected = turns.get(1);
		ComponentMedians.print("buy at 5 clients", plain, injected);
		double partsAdded = ComponentMedians.partsChange(plain, injected);
		double othersAdded = ComponentMedians.without(buys.get(1), COMMIT) - ComponentMedians.without(buys.get(0), COMMIT);
		double gap = (injected.get(ComponentMedians.CLIENT) - plain.get(ComponentMedians.CLIENT)) - partsAdded;
		long delay = Duration.ofMillis(50).toNanos();
		WhatIf shorter = ComponentMedians.project(buys.get(1), Projection.Change.shifted(COMMIT, -delay));
		WhatIf longer = ComponentMedians.project(buys.get(0), Projection.Change.shifted(COMMIT, delay));
		System.out.printf("what if, buy at 5 clients (p50, p90, p99 ms): injected, commit −50 ms %s; plain as measured %s%n",
				figures(shorter.projected()), figures(longer.measured()));
		System.out.printf("what if, buy at 5 clients (p50, p90, p99 ms): plain, commit +50 ms %s; injected as measured %s%n",
				figures(longer.projected()), figures(shorter.measured()));
		System.out.printf("what if, buy at 5 clients: the other parts' change per buy between the turns: %+.2f ms (the medians' gap: %+.2f ms)%n",
				othersAdded, gap);
		double missed = shorter.projected().p50Ms() - longer.measured().p50Ms();
		// Taken as the sum of the parts' medians instead of per buy, the others' change left up to
		// 2.6 ms of the miss in five runs here and 9.43 ms in a CI run whose plain turn the machine
		// disturbed (its p50 52.68 ms, its parts' medians 37.88 ms in all).
		double left = missed - othersAdded;
		assertThat(Math.abs(left))
			.as("the miss at 5 clients, p50, %+.2f ms, less the others' change %+.2f ms", missed, othersAdded)
			.isLessThanOrEqualTo(5.0);
		if (Math.abs(missed) > Math.max(2.0, 0.10 * longer.measured().p50Ms())) {
			assertThat(Math.abs(left)).as("the miss %+.2f ms less the others' change %+.2f ms", missed, othersAdded)
				.isLessThan(Math.abs(missed) / 2);
		}
	}

	/**
	 * `./lab whatif` checked against the truth, both ways: the turn with the delay, {@code part}
	 * projected as much shorter as its median moved between the turns, is the plain turn, and the
	 * plain turn projected that much longer the one with the delay (here the catalog's commit; the
	 * network's known answer the front door): the p50 within 10 % or 2 ms (the larger), once the other
	 * parts' drift between the turns is taken out as above, per buy ({@link ComponentMedians#without};
	 * a projection of one turn cannot know how the machine moved before the other; here the turns'
	 * other parts moved by up to 3.4 ms at p50). The shift is the part's measured change, not the
	 * nominal delay: the callers judge that change against the known answer with their own band, and
	 * what is judged here is the re-timing. (With the nominal 50 ms, a front door 52.3 ms longer
	 * through Toxiproxy, inside its band, failed a CI run by 2.29 ms against 2.)
	 * The p90 and p99 are printed, not judged: of 60 buys at one
	 * client they are the slowest six and the slowest one, and a buy 50 ms longer meets the store's
	 * periodic sync less often (fewer buys a second), which no projection of the same buys can know.
	 */
	static void projectionsMatchTheOtherTurn(String what, String part, double partMovedMs, ComponentMedians.Buys plain,
			ComponentMedians.Buys injected, double othersAdded) {
		long delay = Math.round(partMovedMs * 1e6);
		WhatIf shorter = ComponentMedians.project(injected, Projection.Change.shifted(part, -delay));
		WhatIf longer = ComponentMedians.project(plain, Projection.Change.shifted(part, delay));
		System.out.printf("what if, %s (p50, p90, p99 ms): with the delay, %s %s; plain as measured %s%n", what,
				shorter.change().describe(), figures(shorter.projected()), figures(longer.measured()));
		System.out.printf("what if, %s (p50, p90, p99 ms): plain, %s %s; with the delay as measured %s%n", what,
				longer.change().describe(), figures(longer.projected()), figures(shorter.measured()));
		System.out.printf("what if, %s: the other parts' drift per buy between the turns, taken out: %+.2f ms%n", what,
				othersAdded);
		assertClose("with the delay, " + part + " shorter, less the drift, against the plain turn",
				shorter.projected().p50Ms() - othersAdded, longer.measured().p50Ms());
		assertClose("plain, " + part + " longer, with the drift, against the turn with the delay",
				longer.projected().p50Ms() + othersAdded, shorter.measured().p50Ms());
	}

	private static String figures(WhatIf.Figures f) {
		return String.format(Locale.ROOT, "%.2f, %.2f, %.2f", f.p50Ms(), f.p90Ms(), f.p99Ms());
	}

	private static void assertClose(String what, double projectedP50, double measuredP50) {
		assertThat(Math.abs(projectedP50 - measuredP50))
			.as("%s, p50: projected %.2f ms, measured %.2f ms", what, projectedP50, measuredP50)
			.isLessThanOrEqualTo(Math.max(2.0, 0.10 * measuredP50));
	}

}
