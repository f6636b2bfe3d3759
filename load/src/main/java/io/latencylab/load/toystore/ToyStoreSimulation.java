package io.latencylab.load.toystore;

import java.time.Duration;
import java.util.List;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LoadRecorder;
import io.latencylab.plan.Parameters;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 001's clients (see {@link ToyStoreLoad}): lab.toystore.clients concurrent sessions, each one
 * client with one keep-alive connection, each sending lab.toystore.requests queries of a random
 * toy, or, with lab.toystore.operation=buy, that many buys. A 409 for a toy sold out until the
 * restocker's next round is an answer, not a failure; the report counts it apart.
 */
public class ToyStoreSimulation extends Simulation {

	static final List<String> TOYS = List.of("Tux", "Whale", "Fox", "Python", "Barbie", "Lego", "Monopoly", "Frisbee",
			"Marbles", "Giraffe");

	final Parameters parameters = Parameters.fromSystem();

	final ToyStoreLoad profile = ToyStoreLoad.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder(this.profile.stepName(), this.parameters);

	final ToyRequests requests = new ToyRequests(this.parameters);

	{
		ChainBuilder request = this.requests.call(this.recorder, this.profile.operation(), this.profile.measures(), TOYS);
		ScenarioBuilder clientsScenario = scenario("toy store clients").exec(repeat(this.profile.requests()).on(request));
		// The warm-up windows' protocol: no HTTP cache (wrk has none), one connection a client.
		setUp(clientsScenario.injectOpen(atOnceUsers(this.profile.clients())))
			.protocols(http.disableCaching().maxConnectionsPerHost(1))
			.maxDuration(this.parameters.get(Parameters.MAX_DURATION, Duration.ofMinutes(30)))
			.assertions(global().failedRequests().count().is(0L));
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
