package io.latencylab.load;

import java.util.List;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * Measures nothing: one virtual user that asks each of lab.prime.urls once (a service's readiness,
 * whatever it answers), so that a new load generator's JVM has started Gatling's engine, its HTTP
 * client and its name lookups before its first measured step. The runner primes each injector of a
 * split step with it: a cold JVM sent its first request some 16 s after a primed one, and the
 * injectors would not start together.
 */
public class PrimeSimulation extends Simulation {

	/** What to ask once: the services' readiness, as the injector reaches them. */
	public static final Parameter<List<String>> URLS = Parameter.texts("lab.prime.urls");

	{
		ChainBuilder asks = exec((session) -> session);
		int n = 0;
		for (String url : Parameters.fromSystem().get(URLS, List.<String>of())) {
			asks = asks.exec(http("prime " + n++).get(url).check(status().gte(100)));
		}
		setUp(scenario("prime").exec(asks).injectOpen(atOnceUsers(1))).protocols(http.disableCaching());
	}

}
