package io.latencylab.toystore.order;

import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.latencylab.telemetry.LatencyInjector;
import io.latencylab.toystore.api.BuyReply;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * Places orders so that an acknowledged order survives a crash of any service at any point:
 * <ol>
 * <li>record the order as PENDING and commit: it now has its number;</li>
 * <li>call the catalog's Buy with that number as order id (idempotent: a retry never takes stock
 * twice), which commits the stock taken and the order id that took it;</li>
 * <li>a refusal is recorded as FAILED before the caller hears of it; a success is answered at once,
 * and only then recorded as COMPLETED.</li>
 * </ol>
 * Two commits stand between a buy and its answer: after them the order is durable in both services,
 * the pending row here and the purchase in the catalog, so the third, COMPLETED, needs no waiting
 * for. A crash or an unreachable catalog before it leaves the order PENDING; reading the order
 * ({@link #completed}) or the {@link Reconciler} settles it by calling Buy again with the same
 * order id, which replays the first call's result.
 * <p>
 * The COMPLETED write runs on a thread of its own, so that the buy's handler returns, and its
 * server span ends, once the answer is out. That thread carries no trace context: each write is a
 * trace of its own ({@code order.complete.write}, with the order's number), so the decomposition
 * of a buy never counts it on the client's path, where it is not.
 */
@Service
class OrderDesk {

	private static final Logger logger = LoggerFactory.getLogger(OrderDesk.class);

	/** Completions waiting for their write; past it a buy's own thread writes: back-pressure, not loss. */
	private static final int COMPLETIONS_QUEUED = 10_000;

	private final ThreadPoolExecutor completer = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
			new ArrayBlockingQueue<>(COMPLETIONS_QUEUED), Thread.ofPlatform().name("order-completer").daemon().factory(),
			new ThreadPoolExecutor.CallerRunsPolicy());

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

	/**
	 * Places an order: gives {@code answer} its number once the order is pending and its stock
	 * taken, then hands the COMPLETED write to the completer's thread. Throws the gRPC status, with
	 * nothing answered, otherwise.
	 */
	void place(String name, int quantity, LongConsumer answer) {
		long number = Observation.createNotStarted("order.pending.write", this.observations)
			.observe(() -> this.log.addPending(name, quantity));
		BuyReply reply = take(number, name, quantity);
		try {
			answer.accept(number);
		}
		finally {
			// Recorded even when the answer could not go out (the caller gave up).
			this.completer.execute(() -> completeAfterAnswer(number, reply));
		}
	}

	/** On a stop, the answered orders are marked COMPLETED before the database closes. */
	@PreDestroy
	void finishCompletions() throws InterruptedException {
		this.completer.shutdown();
		if (!this.completer.awaitTermination(10, TimeUnit.SECONDS)) {
			logger.warn("stopping with answered orders not yet marked completed: they stay pending and are settled later");
		}
	}

	private void completeAfterAnswer(long number, BuyReply reply) {
		try {
			complete(number, reply);
		}
		catch (RuntimeException notRecorded) {
			// The order is durable as pending: a read of it or the reconciler settles it.
			logger.warn("order {} was answered but not recorded as completed: {}", number, notRecorded.toString());
		}
	}

	/** Takes the stock for a pending order and records the outcome. */
	void settle(long number, String name, int quantity) {
		complete(number, take(number, name, quantity));
	}

	/**
	 * The order if it completed. A pending one is settled first: its answer may have gone out
	 * before its completion was recorded (a crash in between). UNAVAILABLE when the catalog
	 * cannot say.
	 */
	Optional<OrderLog.Order> completed(long number) {
		Optional<OrderLog.Order> order = this.log.find(number);
		if (order.isPresent() && order.get().status() == OrderLog.Status.PENDING) {
			try {
				settle(number, order.get().name(), order.get().quantity());
			}
			catch (StatusRuntimeException refused) {
				if (refused.getStatus().getCode() == Status.Code.UNAVAILABLE) {
					throw refused;
				}
			}
			order = this.log.find(number);
		}
		return order.filter((found) -> found.status() == OrderLog.Status.COMPLETED);
	}

	/** The catalog's Buy for a pending order; a definitive refusal is recorded as FAILED first. */
	private BuyReply take(long number, String name, int quantity) {
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
		return reply;
	}

	private void complete(long number, BuyReply reply) {
		boolean completed = Observation.createNotStarted("order.complete.write", this.observations)
			.highCardinalityKeyValue("order.number", Long.toString(number))
			.observe(() -> {
			this.latency.at("order-before-complete");
			return this.log.complete(number, reply.getName());
		});
		if (!completed) {
			// A read of the order settled it between its answer and this write.
			logger.debug("order {} was settled already", number);
		}
	}

}
