package io.latencylab.load.tour;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.Answers;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.SettlingWindows;
import io.latencylab.load.meals.MealRequests;
import io.latencylab.load.sort.SortRequests;
import io.latencylab.load.toystore.ToyRequests;
import io.latencylab.observability.Convergence;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.WarmUp;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * The default simulation: every system under test, a few requests a second each, for
 * lab.tour.duration (20 s). It fails if any request fails.
 *
 * <p>It begins with a warm-up (lab.tour.warmup, 60 s an operation at most; 0s: none): each
 * operation alone, at one client, until its p50 is steady by the lab's convergence rule, its
 * requests silent (in none of Gatling's figures) and recorded nowhere, so that `docker compose up`
 * then `mvn gatling:test` measures the steady services and not their JIT's first minute. Each
 * operation's warm-up is logged with its windows and verdict.
 */
public class TourSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final TourLoad profile = TourLoad.from(this.parameters);

	final Duration duration = this.profile.duration();

	final double rate = this.profile.rate();

	final LoadRecorder recorder = new LoadRecorder("tour", this.parameters);

	final MealRequests meals = new MealRequests(this.parameters);

	final ToyRequests toys = new ToyRequests(this.parameters);

	final SortRequests sorts = new SortRequests(this.parameters);

	static ScenarioBuilder oneRequest(String name, io.gatling.javaapi.core.ChainBuilder chain) {
		return scenario(name).exec(chain);
	}

	final Duration warmUp = this.profile.warmUp();

	final List<SettlingWindows> warmUps = new ArrayList<>();

	/** The operation alone at one client, silent, until its windows settle or warmUp is over. */
	PopulationBuilder warmUp(String name, Function<Answers, ChainBuilder> request) {
		SettlingWindows windows = new SettlingWindows(name, this.recorder.runId(),
				Convergence.DEFAULT.capped((int) (this.warmUp.toSeconds() / WarmUp.DEFAULT_WINDOW.toSeconds())),
				WarmUp.DEFAULT_WINDOW);
		this.warmUps.add(windows);
		return scenario("warm-up " + name).asLongAsDuring((session) -> windows.moving(), this.warmUp)
			.on(request.apply(windows))
			.injectOpen(atOnceUsers(1));
	}

	{
		ScenarioBuilder soap = oneRequest("SOAP meals", LabHttp.call(this.recorder, "soap getMeal", this.meals.soapGetMeal("Steak")));
		ScenarioBuilder rest = oneRequest("REST meals",
				LabHttp.call(this.recorder, "rest get meal", this.meals.restGet("rest get meal", "/rest/meals/" + MealRequests.STEAK_ID)));
		ScenarioBuilder query = oneRequest("toy query", LabHttp.call(this.recorder, "query", this.toys.query("Tux")));
		// 409: the toy is sold out until the restocker's next round, an answer and not a failure.
		ScenarioBuilder buy = oneRequest("toy buy",
				LabHttp.call(this.recorder, "buy", this.toys.buy("Frisbee"), 200, 409));
		ScenarioBuilder sort = oneRequest("sort", LabHttp.call(this.recorder, "sort quick", this.sorts.sort("quick", "5 3 9 1 7")));
		List<PopulationBuilder> measured = List.of(soap.injectOpen(constantUsersPerSec(this.rate).during(this.duration)),
				rest.injectOpen(constantUsersPerSec(this.rate).during(this.duration)),
				query.injectOpen(constantUsersPerSec(this.rate).during(this.duration)),
				// Buys take stock: half the rate keeps the tour below the restocker's refills.
				buy.injectOpen(constantUsersPerSec(this.rate / 2).during(this.duration)),
				sort.injectOpen(constantUsersPerSec(this.rate).during(this.duration)));
		PopulationBuilder first;
		if (this.warmUp.isZero()) {
			first = null;
		}
		else {
			// One operation after another, then the measured load: the warm-up's requests are silent.
			List<PopulationBuilder> warm = List.of(
					warmUp("soap getMeal", (a) -> LabHttp.call(a, "soap getMeal", this.meals.soapGetMeal("Steak").silent())),
					warmUp("rest get meal", (a) -> LabHttp.call(a, "rest get meal",
							this.meals.restGet("rest get meal", "/rest/meals/" + MealRequests.STEAK_ID).silent())),
					warmUp("query", (a) -> LabHttp.call(a, "query", this.toys.query("Tux").silent())),
					// The toy stocked so deep that every buy of the warm-up is a sale and commits, as the measured ones.
					warmUp("buy", (a) -> LabHttp.call(a, "buy", this.toys.buy(OutsideLoad.DEEP_STOCK_TOY).silent())),
					warmUp("sort quick", (a) -> LabHttp.call(a, "sort quick", this.sorts.sort("quick", "5 3 9 1 7").silent())));
			// andThen returns a new builder: the chain is built from its end.
			first = warm.getLast().andThen(measured);
			for (PopulationBuilder earlier : warm.subList(0, warm.size() - 1).reversed()) {
				first = earlier.andThen(first);
			}
		}
		// No HTTP cache: a warm-up's user sends the same get again and again, and a 304 is no answer to time.
		(first == null ? setUp(measured) : setUp(first))
			.protocols(http.shareConnections().disableCaching())
			.assertions(global().failedRequests().count().is(0L));
		// Four scenarios at the rate and the buys at half of it, a request a user.
		this.recorder.intend(Math.round(4.5 * this.rate * this.duration.toMillis() / 1000.0));
	}

	@Override
	public void after() {
		this.warmUps.forEach((w) -> System.out.println(w.describe()));
		this.recorder.finish();
	}

}
