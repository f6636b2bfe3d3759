package io.latencylab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 000's SOAP vs REST comparison, lab.protocol=soap|rest. The study's request mix: SOAP
 * cheapest, largest, get Portobello, get Steak; REST list, get, create, update, delete, order.
 * Closed model, as its JMeter thread groups: users ramp up over lab.meals.ramp and keep going for
 * lab.meals.duration. Without lab.regions it runs the baseline (lab.meals.users, the study: 100 in
 * the VM's own region). With lab.regions=japan,canada,northeurope each region is a scenario with
 * its own target (lab.region.NAME.url), users (.users; the study: 1000, 2000 or 5000), ramp
 * (.ramp; the study: 5m) and start offset (.offset; the study started North Europe 2 min after
 * Japan and Canada). Requests are recorded in groups named "region: operation" ("baseline:
 * soap getMeal"), so that the report can give the study's table per region.
 */
public class SoapVsRestSimulation extends Simulation {

	final LabParameters parameters = LabParameters.fromSystem();

	final Profiles.Meals profile = Profiles.Meals.from(this.parameters);

	final String protocol = this.profile.protocol();

	final LoadRecorder recorder = new LoadRecorder("meals-" + this.protocol, this.parameters);

	final Duration duration = this.profile.duration();

	{
		List<PopulationBuilder> populations = new ArrayList<>();
		for (Profiles.Meals.Region region : this.profile.regions()) {
			populations.add(population(region.name(), region.url(), region.users(), region.ramp(), region.offset()));
		}
		setUp(populations).protocols(http.shareConnections());
	}

	PopulationBuilder population(String region, String url, int users, Duration ramp, Duration offset) {
		LabParameters target = new LabParameters(withTarget(url));
		String prefix = region + ": ";
		ChainBuilder mix = this.protocol.equals("rest") ? restMix(new Requests(target), url, prefix)
				: soapMix(new Requests(target), prefix);
		return scenario(region + " " + this.protocol).exec(mix)
			.injectClosed(constantConcurrentUsers(0).during(offset.isZero() ? Duration.ofMillis(1) : offset),
					rampConcurrentUsers(0).to(users).during(ramp),
					constantConcurrentUsers(users).during(this.duration));
	}

	private java.util.Properties withTarget(String url) {
		java.util.Properties properties = new java.util.Properties();
		properties.putAll(System.getProperties());
		properties.setProperty(this.protocol.equals("rest") ? "lab.meals.rest.url" : "lab.meals.soap.url", url);
		return properties;
	}

	ChainBuilder soapMix(Requests requests, String prefix) {
		return exec(LabHttp.call(this.recorder, prefix + "soap getCheapestMeal",
				requests.soap("soap getCheapestMeal", "<m:getCheapestMealRequest/>")))
			.exec(LabHttp.call(this.recorder, prefix + "soap getLargestMeal",
					requests.soap("soap getLargestMeal", "<m:getLargestMealRequest/>")))
			.exec(LabHttp.call(this.recorder, prefix + "soap getMeal", requests.soapGetMeal("Portobello")))
			.exec(LabHttp.call(this.recorder, prefix + "soap getMeal", requests.soapGetMeal("Steak")));
	}

	ChainBuilder restMix(Requests requests, String url, String prefix) {
		return exec(LabHttp.call(this.recorder, prefix + "rest list", requests.restGet("rest list", "/rest/meals")))
			.exec(LabHttp.call(this.recorder, prefix + "rest get",
					requests.restGet("rest get", "/rest/meals/" + Requests.STEAK_ID)))
			.exec((session) -> session.set("mealName", "Load " + UUID.randomUUID()))
			.exec(LabHttp.call(this.recorder, prefix + "rest create", json(http("rest create").post(url + "/rest/meals"),
					"{\"name\":\"#{mealName}\",\"kcal\":500,\"price\":5.5,\"description\":\"made by the load\",\"mealType\":\"VEGGIE\"}")
				.check(header("Location").saveAs("meal")), 201))
			.exec(LabHttp.call(this.recorder, prefix + "rest update", json(http("rest update").put("#{meal}"),
					"{\"name\":\"#{mealName}\",\"kcal\":550,\"price\":6.0,\"description\":\"updated by the load\",\"mealType\":\"VEGAN\"}")))
			.exec(LabHttp.call(this.recorder, prefix + "rest delete", http("rest delete").delete("#{meal}"), 204))
			.exec(LabHttp.call(this.recorder, prefix + "rest order", json(http("rest order").post(url + "/rest/orders"),
					"{\"deliveryAddress\":\"Leuven\",\"lines\":[{\"mealId\":\"" + Requests.STEAK_ID + "\",\"quantity\":1}]}"), 201));
	}

	private static HttpRequestActionBuilder json(HttpRequestActionBuilder request, String body) {
		return request.header("Content-Type", "application/json").header("Accept", "application/hal+json").body(StringBody(body));
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
