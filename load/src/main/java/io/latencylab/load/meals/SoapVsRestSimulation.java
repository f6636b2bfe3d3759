package io.latencylab.load.meals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.StudyPlanRequests;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 000's SOAP vs REST comparison (see {@link MealsLoad}). The study's own load plans sent, per
 * iteration, SOAP: getCheapestMeal, getLargestMeal, getMeal Portobello, getMeal Steak, addOrder;
 * REST: create, update, delete, get one, order; the study mix sends those requests as the plans sent
 * them ({@link StudyPlanRequests}). The matched mix sends cheapest, largest, two meals and an order
 * over either protocol, in our own contract. As the study's JMeter thread groups: users ramp up and each
 * loops over its mix until the end, on keep-alive connections of its own, so sockets run out at
 * the study's scale as they did for it. Requests are recorded in groups named "population:
 * operation" ("baseline: soap getMeal"), so that the report can give the study's table per region.
 */
public class SoapVsRestSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final String protocol = this.parameters.get(MealsLoad.PROTOCOL, "soap");

	final MealsLoad profile = MealsLoad.from(this.parameters,
			Targets.url(this.parameters, this.protocol.equals("rest") ? Targets.MEALS_REST : Targets.MEALS_SOAP));

	final LoadRecorder recorder = new LoadRecorder("meals-" + this.protocol + "-" + this.profile.mix(), this.parameters);

	{
		List<PopulationBuilder> populations = new ArrayList<>();
		for (MealsLoad.Region region : this.profile.regions()) {
			populations.add(population(region));
		}
		// No HTTP cache: the study's JMeter plans sent every request in full, never a conditional GET.
		setUp(populations).protocols(http.disableCaching());
	}

	PopulationBuilder population(MealsLoad.Region region) {
		MealRequests requests = new MealRequests(
				this.parameters.with(this.protocol.equals("rest") ? Targets.MEALS_REST : Targets.MEALS_SOAP, region.url()));
		String prefix = region.name() + ": ";
		ChainBuilder mix = switch (this.protocol + " " + this.profile.mix()) {
			case "soap study" -> soapMix(requests, prefix);
			case "soap matched" -> soapMatchedMix(requests, prefix);
			case "rest study" -> restStudyMix(requests, prefix);
			default -> restMatchedMix(requests, prefix);
		};
		// Every user of every region stops at the same instant: the last region's ramp plus the duration.
		return scenario(region.name() + " " + this.protocol)
			.exec(asLongAs((session) -> System.currentTimeMillis() < this.endMillis).on(mix))
			.injectOpen(nothingFor(region.offset()), rampUsers(region.users()).during(region.ramp()));
	}

	/** When the load stops, set as the simulation starts. */
	volatile long endMillis = Long.MAX_VALUE;

	@Override
	public void before() {
		Duration lastRamp = this.profile.regions()
			.stream()
			.map((r) -> r.offset().plus(r.ramp()))
			.max(Duration::compareTo)
			.orElse(Duration.ZERO);
		this.endMillis = System.currentTimeMillis() + lastRamp.plus(this.profile.duration()).toMillis();
	}

	/** The study's SOAP plan, its requests as the study's plan sent them. */
	ChainBuilder soapMix(MealRequests requests, String prefix) {
		return studyPlan(StudyPlanRequests.soap(), requests.soapUrl(), prefix);
	}

	/** The SOAP plan's operations in our own contract (the matched mix's SOAP side). */
	ChainBuilder soapMatchedMix(MealRequests requests, String prefix) {
		return exec(call(prefix + "soap getCheapestMeal", requests.soap("soap getCheapestMeal", "<m:getCheapestMealRequest/>")))
			.exec(call(prefix + "soap getLargestMeal", requests.soap("soap getLargestMeal", "<m:getLargestMealRequest/>")))
			.exec(call(prefix + "soap getMeal", requests.soapGetMeal("Portobello")))
			.exec(call(prefix + "soap getMeal", requests.soapGetMeal("Steak")))
			.exec(call(prefix + "soap addOrder", requests.soapAddOrder()));
	}

	/** The study's REST plan: create, update, delete, get one, order, as the study's plan sent them. */
	ChainBuilder restStudyMix(MealRequests requests, String prefix) {
		return studyPlan(StudyPlanRequests.rest(), requests.restUrl(), prefix);
	}

	private ChainBuilder studyPlan(List<StudyPlanRequests.StudyRequest> plan, String url, String prefix) {
		return MealRequests.studyPlan(plan, url, prefix, this.recorder);
	}

	/** The SOAP plan's operations over REST. */
	ChainBuilder restMatchedMix(MealRequests requests, String prefix) {
		return exec(call(prefix + "rest cheapest", requests.restGet("rest cheapest", "/rest/meals/cheapest")))
			.exec(call(prefix + "rest largest", requests.restGet("rest largest", "/rest/meals/largest")))
			.exec(call(prefix + "rest get", requests.restGet("rest get", "/rest/meals/" + MealRequests.PORTOBELLO_ID)))
			.exec(call(prefix + "rest get", requests.restGet("rest get", "/rest/meals/" + MealRequests.STEAK_ID)))
			.exec(restOrder(requests, prefix));
	}

	private ChainBuilder restOrder(MealRequests requests, String prefix) {
		return call(prefix + "rest order", json(http("rest order").post(requests.restUrl() + "/rest/orders"),
				"{\"deliveryAddress\":\"Leuven\",\"lines\":[{\"mealId\":\"" + MealRequests.STEAK_ID + "\",\"quantity\":1}]}"), 201);
	}

	private ChainBuilder call(String group, HttpRequestActionBuilder request, Integer... expected) {
		return LabHttp.call(this.recorder, group, request, expected);
	}

	private static HttpRequestActionBuilder json(HttpRequestActionBuilder request, String body) {
		return request.header("Content-Type", "application/json").header("Accept", "application/hal+json").body(StringBody(body));
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
