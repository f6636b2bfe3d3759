package io.latencylab.load.meals;

import java.util.List;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.http.HttpDsl;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.StudyPlanRequests;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.http.HttpDsl.http;

/** The requests of seed 000's meal services, SOAP and REST, at the targets in the parameters. */
public final class MealRequests {

	public static final String STEAK_ID = OutsideLoad.STEAK_ID;

	public static final String PORTOBELLO_ID = OutsideLoad.PORTOBELLO_ID;

	private final String soapUrl;

	private final String restUrl;

	public MealRequests(Parameters parameters) {
		this.soapUrl = Targets.url(parameters, Targets.MEALS_SOAP);
		this.restUrl = Targets.url(parameters, Targets.MEALS_REST);
	}

	public String soapUrl() {
		return this.soapUrl;
	}

	public String restUrl() {
		return this.restUrl;
	}

	public HttpRequestActionBuilder soap(String name, String payload) {
		return http(name).post(this.soapUrl + "/ws")
			.header("Content-Type", "text/xml; charset=utf-8")
			.body(StringBody(OutsideLoad.soapEnvelope(payload)));
	}

	public HttpRequestActionBuilder soapGetMeal(String mealName) {
		return soap("soap getMeal", "<m:getMealRequest><m:name>" + mealName + "</m:name></m:getMealRequest>");
	}

	/** Our addOrder: one Steak delivered to Leuven. */
	public HttpRequestActionBuilder soapAddOrder() {
		return soap("soap addOrder", "<m:addOrderRequest><m:deliveryAddress>Leuven</m:deliveryAddress><m:line><m:mealId>"
				+ STEAK_ID + "</m:mealId><m:quantity>1</m:quantity></m:line></m:addOrderRequest>");
	}

	public HttpRequestActionBuilder restGet(String name, String path) {
		return http(name).get(this.restUrl + path).header("Accept", "application/hal+json");
	}

	/** A study's plan: its requests in turn, each counted a success with the statuses the study's service answered. */
	public static ChainBuilder studyPlan(List<StudyPlanRequests.StudyRequest> plan, String url, String groupPrefix,
			LoadRecorder recorder) {
		ChainBuilder chain = null;
		for (StudyPlanRequests.StudyRequest request : plan) {
			HttpRequestActionBuilder http = HttpDsl.http(request.name()).httpRequest(request.method(), url + request.path());
			if (request.body() != null) {
				http = http.header("Content-Type", request.contentType()).body(CoreDsl.StringBody(request.body()));
			}
			ChainBuilder call = LabHttp.call(recorder, groupPrefix + request.name(), http,
					request.statuses().toArray(Integer[]::new));
			chain = (chain == null) ? call : chain.exec(call);
		}
		return chain;
	}

}
