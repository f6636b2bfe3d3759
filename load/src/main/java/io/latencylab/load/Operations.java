package io.latencylab.load;

import java.util.List;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.http.HttpDsl;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.StudyPlanRequests;

/** The requests of the single operations a warm-up, a sweep or an open-model run aims at. */
public final class Operations {

	private Operations() {
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

	/** The entity operations need {@link EntityOperations}, whose shared meal is made before the run. */
	public static ChainBuilder of(Operation operation, Requests requests, LoadRecorder recorder) {
		String name = operation.label();
		return switch (name) {
			// The same requests wrk sends in the agreement check.
			case "rest-get", "soap-get", "toy-query", "reference-get" -> LabHttp.call(recorder, name,
					requests.of(name, OutsideLoad.requestOf(operation)));
			case "toy-buy" -> LabHttp.call(recorder, name, requests.of(name, OutsideLoad.requestOf(operation)), 200, 409);
			case "sort" -> LabHttp.call(recorder, name, requests.sort("quick", "9 3 7 1 5 8 2 6 4"));
			case "soap-study" -> studyPlan(StudyPlanRequests.soap(), requests.soapUrl(), name + ": ", recorder);
			case "rest-study" -> studyPlan(StudyPlanRequests.rest(), requests.restUrl(), name + ": ", recorder);
			default -> throw new IllegalArgumentException(name + " is an entity operation: see EntityOperations");
		};
	}

}
