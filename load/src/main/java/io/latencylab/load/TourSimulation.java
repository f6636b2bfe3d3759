package io.latencylab.load;

import java.time.Duration;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.plan.Parameters;
import io.latencylab.load.TourLoad;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * The default simulation: every system under test, a few requests a second each, for
 * lab.tour.duration (20 s). It fails if any request fails.
 */
public class TourSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final TourLoad profile = TourLoad.from(this.parameters);

	final Duration duration = this.profile.duration();

	final double rate = this.profile.rate();

	final LoadRecorder recorder = new LoadRecorder("tour", this.parameters);

	final Requests requests = new Requests(this.parameters);

	static ScenarioBuilder oneRequest(String name, io.gatling.javaapi.core.ChainBuilder chain) {
		return scenario(name).exec(chain);
	}

	{
		ScenarioBuilder soap = oneRequest("SOAP meals", LabHttp.call(this.recorder, "soap getMeal", this.requests.soapGetMeal("Steak")));
		ScenarioBuilder rest = oneRequest("REST meals",
				LabHttp.call(this.recorder, "rest get meal", this.requests.restGet("rest get meal", "/rest/meals/" + Requests.STEAK_ID)));
		ScenarioBuilder query = oneRequest("toy query", LabHttp.call(this.recorder, "query", this.requests.toyQuery("Tux")));
		// 409: the toy is sold out until the restocker's next round, an answer and not a failure.
		ScenarioBuilder buy = oneRequest("toy buy",
				LabHttp.call(this.recorder, "buy", this.requests.toyBuy("Frisbee"), 200, 409));
		ScenarioBuilder sort = oneRequest("sort", LabHttp.call(this.recorder, "sort quick", this.requests.sort("quick", "5 3 9 1 7")));
		setUp(soap.injectOpen(constantUsersPerSec(this.rate).during(this.duration)),
				rest.injectOpen(constantUsersPerSec(this.rate).during(this.duration)),
				query.injectOpen(constantUsersPerSec(this.rate).during(this.duration)),
				// Buys take stock: half the rate keeps the tour below the restocker's refills.
				buy.injectOpen(constantUsersPerSec(this.rate / 2).during(this.duration)),
				sort.injectOpen(constantUsersPerSec(this.rate).during(this.duration)))
			.protocols(http.shareConnections())
			.assertions(global().failedRequests().count().is(0L));
		// Four scenarios at the rate and the buys at half of it, a request a user.
		this.recorder.intend(Math.round(4.5 * this.rate * this.duration.toMillis() / 1000.0));
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
