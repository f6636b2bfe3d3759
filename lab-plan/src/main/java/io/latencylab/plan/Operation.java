package io.latencylab.plan;

import java.util.Arrays;
import java.util.List;

/**
 * The single operations a warm-up, a sweep or an open-model run can aim at, by the name a plan
 * gives them (lab.sweep.operation=rest-get).
 */
public enum Operation {

	REST_GET("rest-get", Reached.MEALS_REST), SOAP_GET("soap-get", Reached.MEALS_SOAP), TOY_QUERY("toy-query", Reached.TOY_STORE),
	TOY_BUY("toy-buy", Reached.TOY_STORE), SORT("sort", List.of("sort-service")),
	/** Seed 002's operation × entity size matrix on the table service (lab.entity.bytes). */
	ENTITY_INSERT("entity-insert", Reached.TABLES), ENTITY_QUERY("entity-query", Reached.TABLES), ENTITY_UPDATE("entity-update", Reached.TABLES),
	ENTITY_DELETE("entity-delete", Reached.TABLES),
	/**
	 * Seed 002 §3.3 on Azure Storage's queue service (Azurite or an account): Add, Peek and
	 * Receive on one shared queue, messages of lab.entity.bytes.
	 */
	QUEUE_ADD("queue-add", List.of()), QUEUE_PEEK("queue-peek", List.of()), QUEUE_RECEIVE("queue-receive", List.of()),
	/**
	 * The REST get's bytes from nginx, a server that does next to nothing: what two clients measure
	 * apart there is their own work, the agreement check's reference (ReferenceServer).
	 */
	REFERENCE_GET("reference-get", List.of()),
	/**
	 * Seed 000's own plans, each a sequence of five requests ({@link StudyPlanRequests}): to warm
	 * every path those plans take (create, update, delete, order), not only the gets.
	 */
	SOAP_STUDY("soap-study", Reached.MEALS_SOAP), REST_STUDY("rest-study", Reached.MEALS_REST);

	private final String label;

	private final List<String> services;

	Operation(String label, List<String> services) {
		this.label = label;
		this.services = services;
	}

	/** The lab's services a request of this operation reaches (.env's names); none for another system's. */
	public List<String> services() {
		return this.services;
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

	/** Who answers which operation, by .env's names. */
	private static final class Reached {

		static final List<String> MEALS_REST = List.of("meals-rest");

		static final List<String> MEALS_SOAP = List.of("meals-soap");

		static final List<String> TOY_STORE = List.of("frontend-service", "catalog-service", "order-service");

		static final List<String> TABLES = List.of("table-service");

	}

}
