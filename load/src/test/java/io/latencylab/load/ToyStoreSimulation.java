package io.latencylab.load;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.group;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 001's clients: lab.toystore.clients concurrent sessions (closed: each is one client with
 * one keep-alive connection), each making lab.toystore.requests requests; each request queries a
 * random toy and, with probability lab.toystore.buy-probability, then buys one. The study's own
 * counts are 1000 queries and 100 buys per client: requests=1000, buy-probability=0.1.
 * One run per client count; the lab runner sweeps 1..5.
 */
public class ToyStoreSimulation extends Simulation {

	static final List<String> TOYS = List.of("Tux", "Whale", "Fox", "Python", "Barbie", "Lego", "Monopoly", "Frisbee",
			"Marbles", "Giraffe");

	final LabParameters parameters = LabParameters.fromSystem();

	final Profiles.ToyStore profile = Profiles.ToyStore.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder("toystore-c" + this.profile.clients(), this.parameters);

	final Requests requests = new Requests(this.parameters);

	{
		ChainBuilder session = exec((s) -> s.set("toy", TOYS.get(ThreadLocalRandom.current().nextInt(TOYS.size())))
			.set("buy", ThreadLocalRandom.current().nextDouble() < this.profile.buyProbability()))
			.group("query").on(LabHttp.call(this.recorder, "query", this.requests.toyQuery("#{toy}")))
			// 409: the toy sold out until the restocker's next round, an answer not a failure.
			.exec(doIf("#{buy}").then(group("buy").on(LabHttp.call(this.recorder, "buy", this.requests.toyBuy("#{toy}"), 200, 409))));
		ScenarioBuilder clientsScenario = scenario("toy store clients").exec(repeat(this.profile.requests()).on(session));
		setUp(clientsScenario.injectOpen(atOnceUsers(this.profile.clients())))
			.protocols(http.maxConnectionsPerHost(1))
			.maxDuration(this.parameters.duration("lab.max-duration", Duration.ofMinutes(30)))
			.assertions(global().failedRequests().count().is(0L));
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
