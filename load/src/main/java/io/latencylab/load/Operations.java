package io.latencylab.load;

import io.gatling.javaapi.core.ChainBuilder;
import io.latencylab.load.plan.Operation;
import io.latencylab.load.plan.OutsideLoad;

/** The requests of the single operations a warm-up, a sweep or an open-model run aims at. */
public final class Operations {

	private Operations() {
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
			default -> throw new IllegalArgumentException(name + " is an entity operation: see EntityOperations");
		};
	}

}
