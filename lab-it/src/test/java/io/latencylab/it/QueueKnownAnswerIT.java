package io.latencylab.it;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.latencylab.it.ComponentMedians.BuyTurn;
import io.latencylab.it.LabProcesses.Service;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue's known answer, the third place latency hides (after the services and the wire): a
 * wait before the first span. The front end runs on one Tomcat thread (virtual threads off,
 * {@code server.tomcat.threads.max=1}), a real queue in front of the servlet, and two clients buy
 * without pause. A closed loop of two clients on one server with service time S keeps the server
 * busy and has each request wait for the other's whole service: the front door (the time outside
 * every server span) must grow by S, the time a buy spends inside the services (±10 %), over one
 * client's alone, and nothing inside may move by more than a tenth of S. S is made long and steady
 * with a known 20 ms in the catalog's commit.
 */
class QueueKnownAnswerIT {

	private static final String FRONT_DOOR = "front door";

	private static final String SLOW_COMMIT = "--lab.inject.catalog-before-commit=20ms";

	@Test
	void twoClientsOnAOneThreadFrontDoorEachWaitOneWholeServiceBeforeTheFirstSpan() throws Exception {
		// One client never waits for another: alone, the one thread serves it as many would.
		List<Map<String, Double>> turns;
		try (LabProcesses lab = new LabProcesses(SLOW_COMMIT).withArguments(Service.FRONTEND,
				List.of("--spring.threads.virtual.enabled=false", "--server.tomcat.threads.max=1", "--server.tomcat.threads.min-spare=1"))) {
			turns = ComponentMedians.ofBuysInTurns("queue", lab.startAll(), List.of(BuyTurn.of(1), BuyTurn.of(2)));
		}
		Map<String, Double> alone = turns.get(0);
		Map<String, Double> queued = turns.get(1);

		ComponentMedians.print("buy", alone, queued);
		// S is what a buy spends inside the services while queued, each request waiting for the other's.
		double service = queued.get(ComponentMedians.CLIENT) - queued.get(FRONT_DOOR);
		double tolerance = service * 0.1;
		assertThat(queued.get(FRONT_DOOR) - alone.get(FRONT_DOOR)).as("front door; service %.2f ms; alone %s; queued %s",
				service, alone, queued)
			.isBetween(service - tolerance, service + tolerance);
		for (String component : new TreeSet<>(alone.keySet())) {
			if (!component.equals(FRONT_DOOR) && !component.equals(ComponentMedians.CLIENT)) {
				assertThat(Math.abs(queued.getOrDefault(component, 0.0) - alone.get(component)))
					.as("change of %s; alone %s; queued %s", component, alone, queued)
					.isLessThanOrEqualTo(tolerance);
			}
		}
	}

}
