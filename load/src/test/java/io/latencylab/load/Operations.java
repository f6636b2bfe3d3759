package io.latencylab.load;

import io.gatling.javaapi.core.ChainBuilder;
import io.latencylab.lab.plan.Operation;

/** The requests of the single operations a warm-up, a sweep or an open-model run aims at. */
public final class Operations {

	private Operations() {
	}

	/** The entity operations need {@link EntityOperations}, whose shared meal is made before the run. */
	public static ChainBuilder of(Operation operation, Requests requests, LoadRecorder recorder) {
		String name = operation.label();
		return switch (name) {
			case "rest-get" -> LabHttp.call(recorder, name, requests.restGet(name, "/rest/meals/" + Requests.STEAK_ID));
			case "soap-get" -> LabHttp.call(recorder, name, requests.soapGetMeal("Steak"));
			case "toy-query" -> LabHttp.call(recorder, name, requests.toyQuery("Tux"));
			case "toy-buy" -> LabHttp.call(recorder, name, requests.toyBuy("Marbles"), 200, 409);
			case "sort" -> LabHttp.call(recorder, name, requests.sort("quick", "9 3 7 1 5 8 2 6 4"));
			default -> throw new IllegalArgumentException(name + " is an entity operation: see EntityOperations");
		};
	}

}
