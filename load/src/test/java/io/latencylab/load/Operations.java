package io.latencylab.load;

import java.util.List;

import io.gatling.javaapi.core.ChainBuilder;

/** The single operations a sweep or an open-model run can aim at, by name (lab.*.operation). */
public final class Operations {

	public static final List<String> NAMES = List.of("rest-get", "soap-get", "toy-query", "toy-buy", "sort");

	private Operations() {
	}

	public static ChainBuilder byName(String name, Requests requests, LoadRecorder recorder) {
		return switch (name) {
			case "rest-get" -> LabHttp.call(recorder, name, requests.restGet(name, "/rest/meals/" + Requests.STEAK_ID));
			case "soap-get" -> LabHttp.call(recorder, name, requests.soapGetMeal("Steak"));
			case "toy-query" -> LabHttp.call(recorder, name, requests.toyQuery("Tux"));
			case "toy-buy" -> LabHttp.call(recorder, name, requests.toyBuy("Marbles"), 200, 409);
			case "sort" -> LabHttp.call(recorder, name, requests.sort("quick", "9 3 7 1 5 8 2 6 4"));
			default -> throw new IllegalArgumentException("unknown operation '" + name + "'; one of " + NAMES);
		};
	}

}
