package io.latencylab.load.operation;

import java.util.List;

import io.latencylab.load.LabHttp;
import io.latencylab.load.OperationLoad;
import io.latencylab.load.Requests;
import io.latencylab.load.azure.Entities;
import io.latencylab.load.azure.QueueOperations;
import io.latencylab.load.meals.MealRequests;
import io.latencylab.load.sort.SortRequests;
import io.latencylab.load.toystore.ToyRequests;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.StudyPlanRequests;

/** Which study's package sends each operation a warm-up, a sweep or an open-model run aims at. */
public final class Operations {

	private Operations() {
	}

	/**
	 * The operation's load at the targets in {@code parameters}; the entity and queue operations
	 * with entities or messages of {@code entityBytes}.
	 */
	public static OperationLoad of(Operation operation, Parameters parameters, int entityBytes) {
		String name = operation.label();
		return switch (operation) {
			// The same requests wrk sends in the agreement check.
			case REST_GET, SOAP_GET, REFERENCE_GET ->
				(recorder) -> LabHttp.call(recorder, name, new Requests(parameters).of(name, OutsideLoad.requestOf(operation)));
			// wrk's toy, through the toy store steps' own chain: the windows warm the generator for them too.
			case TOY_QUERY -> (recorder) -> new ToyRequests(parameters).call(recorder, name, operation,
					List.of(OutsideLoad.QUERIED_TOY));
			case TOY_BUY -> new ToyRequests(parameters).buys(name);
			case SORT -> (recorder) -> LabHttp.call(recorder, name, new SortRequests(parameters).sort("quick", "9 3 7 1 5 8 2 6 4"));
			case SOAP_STUDY -> (recorder) -> MealRequests.studyPlan(StudyPlanRequests.soap(),
					new MealRequests(parameters).soapUrl(), name + ": ", recorder);
			case REST_STUDY -> (recorder) -> MealRequests.studyPlan(StudyPlanRequests.rest(),
					new MealRequests(parameters).restUrl(), name + ": ", recorder);
			case ENTITY_INSERT, ENTITY_QUERY, ENTITY_UPDATE, ENTITY_DELETE -> Entities.on(parameters, operation, entityBytes);
			case QUEUE_ADD, QUEUE_PEEK, QUEUE_RECEIVE -> QueueOperations.on(parameters, operation, entityBytes);
		};
	}

}
