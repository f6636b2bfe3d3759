package io.latencylab.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.latencylab.lab.net.Toxiproxy;
import io.latencylab.lab.run.GatlingStep;
import io.latencylab.load.toystore.ToyStoreLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The network's known answer: distance put on the client's path must show up as what the client
 * observes and in the front door (the time outside every server span), and nowhere inside the
 * services. The injector reaches the toy store through Toxiproxy on 127.0.0.1 both times; the
 * second time a latency toxic delays every response by 50 ms. Compared by median per component:
 * the front door must move by 45 to 60 ms, every other part by at most 5 ms, and the client by at
 * least 45 ms and, less the other parts' change per query, by 45 to 60 ms. The what-if projection
 * is checked against the same pair, both ways ({@link KnownAnswerIT#projectionsMatchTheOtherTurn}).
 * (Not 20 ms: with the services idle between a far client's requests, their own parts grew by about
 * 1.5 ms in all, real but outside the known answer, and 22.4 ms against 20 ± 2 failed it.)
 * On the run's shared lab ({@link SharedLab}).
 */
@ExtendWith(SharedLab.class)
class NetworkKnownAnswerIT {

	private static final long DELAY_MS = 50;

	private static final String FRONT_DOOR = "front door";

	@Test
	void fiftyMillisecondsOnTheClientsPathAreFoundInTheFrontDoorAndNowhereElse(LabProcesses lab) throws Exception {
		assumeThat(Toxiproxy.binary()).as("toxiproxy-server on the PATH (" + Toxiproxy.INSTALL + ")").isPresent();
		Path dir = Files.createTempDirectory("network-known-answer");
		int api = FreePorts.next();
		int listen = FreePorts.next();
		try (GatlingStep gatling = new GatlingStep(ComponentMedians.ROOT);
				Toxiproxy toxiproxy = Toxiproxy.start(api, dir.resolve("toxiproxy.log"))) {
			Proxy frontDoor = toxiproxy.client()
				.createProxy("front-door", "127.0.0.1:" + listen, "127.0.0.1:" + lab.frontend("").getPort());
			Map<String, String> target = Map.of(Targets.TOY_STORE.name(), "http://127.0.0.1:" + listen);
			Step warmUp = WarmUp.load(List.of(Operation.TOY_QUERY), 2, Duration.ofSeconds(8));
			assertThat(gatling.run(warmUp, dir.resolve("warm-up"), "near", target, ComponentMedians.progress(warmUp))).isZero();
			Step queries = new ToyStoreLoad("query", 1, 200).step();
			List<ComponentMedians.Buys> kept = new ArrayList<>();
			Map<String, Double> near = ComponentMedians.of(gatling, queries, dir.resolve("near"), "near", target,
					lab.tracesDir(), "query", 150, kept);
			frontDoor.toxics().latency("distance", ToxicDirection.DOWNSTREAM, DELAY_MS).setJitter(0);
			Map<String, Double> far = ComponentMedians.of(gatling, queries, dir.resolve("far"), "far", target,
					lab.tracesDir(), "query", 150, kept);

			ComponentMedians.print("query", near, far);
			double tolerance = DELAY_MS * 0.1;
			// Above the delay by up to twice the tolerance: the client's and the proxy's own work after
			// each idle 50 ms is slower too, and it is front door (+52.1 ms in a CI run, +54.1 here).
			assertThat(far.get(FRONT_DOOR) - near.get(FRONT_DOOR)).as("front door; near %s; far %s", near, far)
				.isBetween(DELAY_MS - tolerance, DELAY_MS + 2 * tolerance);
			for (String component : near.keySet()) {
				if (!component.equals(FRONT_DOOR) && !component.equals(ComponentMedians.CLIENT)) {
					assertThat(Math.abs(far.getOrDefault(component, 0.0) - near.get(component)))
						.as("change of %s; near %s; far %s", component, near, far)
						.isLessThanOrEqualTo(tolerance);
				}
			}
			// The client sees the distance, and what it sees beyond it is the other parts' change, taken
			// per buy as one ({@link ComponentMedians#without}): after each idle 50 ms the services' hops
			// run slower (a CI run: +1.1 ms in the front end's span, +1.2 ms on its gRPC hop, the client
			// +55.6 ms for a front door +52.1 ms), so the client's change is not 50 ms alone, but all of it
			// is accounted for. Not their medians' changes added: medians of correlated parts do not add.
			double clientAdded = far.get(ComponentMedians.CLIENT) - near.get(ComponentMedians.CLIENT);
			double othersAdded = ComponentMedians.without(kept.get(1), FRONT_DOOR) - ComponentMedians.without(kept.get(0), FRONT_DOOR);
			System.out.printf("query: the client's change %+.2f ms, the other parts' per query %+.2f ms, the medians' gap %+.2f ms%n",
					clientAdded, othersAdded, clientAdded - ComponentMedians.partsChange(near, far));
			assertThat(clientAdded).as("client; near %s; far %s", near, far).isGreaterThanOrEqualTo(DELAY_MS - tolerance);
			assertThat(clientAdded - othersAdded).as("client's change less the other parts' per query; near %s; far %s", near, far)
				.isBetween(DELAY_MS - tolerance, DELAY_MS + 2 * tolerance);
			// What if: the near queries with the front door as much longer as it moved are the far ones, and
			// the far ones with it that much shorter the near ones, once the services' own drift is out.
			KnownAnswerIT.projectionsMatchTheOtherTurn("query", FRONT_DOOR, far.get(FRONT_DOOR) - near.get(FRONT_DOOR),
					kept.get(0), kept.get(1), othersAdded);
		}
	}

}
