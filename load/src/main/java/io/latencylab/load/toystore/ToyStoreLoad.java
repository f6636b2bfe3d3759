package io.latencylab.load.toystore;

import io.latencylab.plan.Operation;

import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Step;

/**
 * Seed 001's clients, as the study measured them: {@code clients} concurrent clients, each sending
 * {@code requests} queries, or in a run of its own {@code requests} buys, one after another over
 * one keep-alive connection (the study: 1000 queries, or 100 buys, a client).
 *
 * @param operation "query" or "buy"
 */
public record ToyStoreLoad(String operation, int clients, int requests) {

	public static final Parameter<String> OPERATION = Parameter.text("lab.toystore.operation");

	public static final Parameter<Integer> CLIENTS = Parameter.integer("lab.toystore.clients");

	public static final Parameter<Integer> REQUESTS = Parameter.integer("lab.toystore.requests");

	public ToyStoreLoad {
		if (!operation.equals("query") && !operation.equals("buy")) {
			throw new IllegalArgumentException(OPERATION.name() + " is query or buy, not '" + operation + "'");
		}
		if (clients < 1 || requests < 1) {
			throw new IllegalArgumentException(CLIENTS.name() + " and " + REQUESTS.name() + " must be 1 or more");
		}
	}

	public static ToyStoreLoad from(Parameters p) {
		return new ToyStoreLoad(p.get(OPERATION, "query"), p.get(CLIENTS, 1), p.get(REQUESTS, 200));
	}

	/** The lab's operation for this load's requests: toy-query or toy-buy. */
	public Operation measures() {
		return this.operation.equals("buy") ? Operation.TOY_BUY : Operation.TOY_QUERY;
	}

	/** "toystore-query-c3" */
	public String stepName() {
		return "toystore-" + this.operation + "-c" + this.clients;
	}

	public Step step() {
		// About 3 ms a query and 12 ms a buy for one client, longer as clients share two cores.
		long perRequestMs = (this.operation.equals("buy") ? 12L : 3L) * (1 + this.clients / 2);
		return Step.of(stepName(), ToyStoreSimulation.class)
			.set(OPERATION, this.operation)
			.set(Step.MEASURES, java.util.List.of(measures()))
			.set(CLIENTS, this.clients)
			.set(REQUESTS, this.requests)
			// Split over injectors by its clients, each sending its requests.
			.set(Step.DIVIDES, java.util.List.of(CLIENTS.name()))
			.lasting(java.time.Duration.ofMillis(this.requests * perRequestMs));
	}

}
