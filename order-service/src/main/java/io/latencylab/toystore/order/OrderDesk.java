package io.latencylab.toystore.order;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.latencylab.telemetry.LatencyInjector;
import io.latencylab.toystore.api.BuyReply;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * Places orders so that an acknowledged order survives a crash of any service at any point:
 * <ol>
 * <li>record the order as PENDING and commit: it now has its number;</li>
 * <li>call the catalog's Buy with that number as order id (idempotent: a retry never takes stock
 * twice);</li>
 * <li>record the catalog's answer: COMPLETED, or FAILED for a definitive refusal;</li>
 * <li>only then answer the caller with the number.</li>
 * </ol>
 * A crash or an unreachable catalog between 1 and 3 leaves the order PENDING; the
 * {@link Reconciler} settles it later by calling Buy again with the same order id.
 */
@Service
class OrderDesk {

	private static final Logger logger = LoggerFactory.getLogger(OrderDesk.class);

	private final OrderLog log;

	private final CatalogClient catalog;

	private final ObservationRegistry observations;

	private final LatencyInjector latency;

	OrderDesk(OrderLog log, CatalogClient catalog, ObservationRegistry observations, LatencyInjector latency) {
		this.latency = latency;
		this.log = log;
		this.catalog = catalog;
		this.observations = observations;
	}

	/** Returns the order number once the order is durably COMPLETED; throws the gRPC status otherwise. */
	long place(String name, int quantity) {
		long number = Observation.createNotStarted("order.pending.write", this.observations)
			.observe(() -> this.log.addPending(name, quantity));
		settle(number, name, quantity);
		return number;
	}

	/** Takes the stock for a pending order and records the outcome. */
	void settle(long number, String name, int quantity) {
		BuyReply reply;
		this.latency.at("order-before-catalog");
		try {
			reply = this.catalog.buy(number, name, quantity);
		}
		catch (StatusRuntimeException refused) {
			Status.Code code = refused.getStatus().getCode();
			if (code == Status.Code.FAILED_PRECONDITION || code == Status.Code.NOT_FOUND
					|| code == Status.Code.INVALID_ARGUMENT) {
				Observation.createNotStarted("order.failed.write", this.observations)
					.observe(() -> this.log.fail(number));
				throw refused;
			}
			throw Status.UNAVAILABLE
				.withDescription("the catalog did not answer (" + code + "); order " + number
						+ " stays pending and will be settled")
				.withCause(refused)
				.asRuntimeException();
		}
		boolean completed = Observation.createNotStarted("order.complete.write", this.observations)
			.observe(() -> this.log.complete(number, reply.getName()));
		if (!completed) {
			logger.warn("order {} took stock but was no longer pending", number);
		}
	}

}
