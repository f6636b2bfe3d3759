package io.latencylab.load.plan;

import java.util.Arrays;
import java.util.List;

/**
 * The single operations a warm-up, a sweep or an open-model run can aim at, by the name a plan
 * gives them (lab.sweep.operation=rest-get).
 */
public enum Operation {

	REST_GET("rest-get"), SOAP_GET("soap-get"), TOY_QUERY("toy-query"), TOY_BUY("toy-buy"), SORT("sort"),
	/** Seed 002's operation × entity size matrix on the table service (lab.entity.bytes). */
	ENTITY_INSERT("entity-insert"), ENTITY_QUERY("entity-query"), ENTITY_UPDATE("entity-update"),
	ENTITY_DELETE("entity-delete"),
	/**
	 * Seed 002 §3.3 on Azure Storage's queue service (Azurite or an account): Add, Peek and
	 * Receive on one shared queue, messages of lab.entity.bytes.
	 */
	QUEUE_ADD("queue-add"), QUEUE_PEEK("queue-peek"), QUEUE_RECEIVE("queue-receive"),
	/**
	 * The REST get's bytes from nginx, a server that does next to nothing: what two clients measure
	 * apart there is their own work, the agreement check's reference (ReferenceServer).
	 */
	REFERENCE_GET("reference-get"),
	/**
	 * Seed 000's own plans, each a sequence of five requests ({@link StudyPlanRequests}): to warm
	 * every path those plans take (create, update, delete, order), not only the gets.
	 */
	SOAP_STUDY("soap-study"), REST_STUDY("rest-study");

	private final String label;

	Operation(String label) {
		this.label = label;
	}

	public String label() {
		return this.label;
	}

	public boolean isEntity() {
		return this.label.startsWith("entity-");
	}

	public boolean isQueue() {
		return this.label.startsWith("queue-");
	}

	public static Operation named(String label) {
		return Arrays.stream(values())
			.filter((o) -> o.label.equals(label.strip()))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"unknown operation '" + label + "'; one of " + Arrays.stream(values()).map(Operation::label).toList()));
	}

	/** A parameter whose value is a list of operations. */
	public static Parameter<List<Operation>> list(String name) {
		return new Parameter<>(name, "operations separated by commas",
				(text) -> Arrays.stream(text.split(",")).map(Operation::named).toList(),
				(list) -> String.join(",", list.stream().map(Operation::label).toList()));
	}

	public static Parameter<Operation> one(String name) {
		return new Parameter<>(name, "an operation", Operation::named, Operation::label);
	}

}
