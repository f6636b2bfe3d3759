package io.latencylab.toystore.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;

import io.latencylab.telemetry.LatencyInjector;
import io.latencylab.toystore.catalog.BuyOutcome.Result;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * Takes stock for orders, in one of two commit modes (catalog.commit-mode). Each buy, in either
 * mode: (1) the conditional UPDATE takes the stock or matches nothing; (2) the purchase row records
 * the order id, its primary key; (3) an order id that already bought is a replay: it takes nothing
 * and answers what it bought. All commit together, so a retried Buy can never take stock twice.
 */
@Service
class Buyer implements DisposableBean {

	private final Stock stock;

	private final StockEvents events;

	private final PlatformTransactionManager transactions;

	private final ObservationRegistry observations;

	private final CatalogProperties properties;

	private final GroupCommitter groupCommitter;

	private final LatencyInjector latency;

	Buyer(Stock stock, StockEvents events, PlatformTransactionManager transactions, ObservationRegistry observations,
			CatalogProperties properties, LatencyInjector latency) {
		this.latency = latency;
		this.stock = stock;
		this.events = events;
		this.transactions = transactions;
		this.observations = observations;
		this.properties = properties;
		this.groupCommitter = (properties.commitMode() == CatalogProperties.CommitMode.GROUP) ? new GroupCommitter()
				: null;
	}

	BuyOutcome buy(long orderId, String name, int quantity) {
		BuyOutcome outcome = (this.groupCommitter != null) ? this.groupCommitter.submit(orderId, name, quantity)
				: buyInOwnTransaction(orderId, name, quantity);
		if (outcome.result() == Result.TAKEN) {
			this.events.publish(outcome.toyName(), outcome.quantityLeft());
		}
		return outcome;
	}

	private BuyOutcome buyInOwnTransaction(long orderId, String name, int quantity) {
		TransactionStatus transaction = this.transactions.getTransaction(new DefaultTransactionDefinition());
		BuyOutcome outcome;
		try {
			outcome = apply(orderId, name, quantity, false);
		}
		catch (DuplicateKeyException boughtAlready) {
			// This order id bought before (a retry), or a concurrent retry of it committed first:
			// undo our take and replay what it bought.
			this.transactions.rollback(transaction);
			return replayOf(orderId).orElseThrow(() -> boughtAlready);
		}
		catch (RuntimeException ex) {
			this.transactions.rollback(transaction);
			throw ex;
		}
		if (outcome.result() == Result.TAKEN) {
			commit(transaction, 1);
		}
		else {
			this.transactions.rollback(transaction);
		}
		return outcome;
	}

	/**
	 * One buy inside the caller's transaction. With {@code replayFirst} an order id that bought
	 * already is looked up before anything is taken: the group commit needs it, since two buys of
	 * one order id can share a transaction. Without it, in a transaction of its own, the purchase
	 * row's primary key finds the replay instead (a {@link DuplicateKeyException} at the insert,
	 * the transaction rolled back): a first buy, nearly every one, then runs three statements, not
	 * four. A refusal is checked for a replay first, so a replayed buy of a toy since sold out still
	 * answers what it bought.
	 */
	private BuyOutcome apply(long orderId, String name, int quantity, boolean replayFirst) {
		if (replayFirst) {
			Optional<BuyOutcome> replay = replayOf(orderId);
			if (replay.isPresent()) {
				return replay.get();
			}
		}
		// The span of this step holds the wait for the toy's row lock: the contention the study guessed at.
		boolean taken = Observation.createNotStarted("catalog.stock.take", this.observations)
			.contextualName("row lock + conditional update")
			.observe(() -> this.stock.take(name, quantity));
		var toy = this.stock.find(name);
		if (toy.isEmpty() || !taken) {
			BuyOutcome refused = BuyOutcome.refused(toy.isEmpty() ? Result.NOT_FOUND : Result.INSUFFICIENT_STOCK);
			return replayFirst ? refused : replayOf(orderId).orElse(refused);
		}
		this.stock.recordPurchase(orderId, toy.get().name(), quantity);
		return new BuyOutcome(Result.TAKEN, toy.get().name(), toy.get().quantity());
	}

	private Optional<BuyOutcome> replayOf(long orderId) {
		return this.stock.purchaseOf(orderId).map(BuyOutcome::replayed);
	}

	private void commit(TransactionStatus transaction, int buys) {
		Observation.createNotStarted("catalog.commit", this.observations)
			.lowCardinalityKeyValue("commit.mode", this.properties.commitMode().name().toLowerCase())
			.highCardinalityKeyValue("commit.buys", String.valueOf(buys))
			.observe(() -> {
				try {
					this.latency.at("catalog-before-commit");
				}
				catch (LatencyInjector.InjectedFault fault) {
					// The buy fails as if its commit had: nothing taken, no connection left open.
					this.transactions.rollback(transaction);
					throw fault;
				}
				this.transactions.commit(transaction);
			});
	}

	@Override
	public void destroy() {
		if (this.groupCommitter != null) {
			this.groupCommitter.thread.interrupt();
		}
	}

	/**
	 * Group commit: a single writer takes every buy waiting at that moment (up to max-batch) and
	 * commits them in one transaction. Buys that arrive while a commit is in flight form the next
	 * group, so the batch grows with the load and costs no added delay when idle.
	 */
	private final class GroupCommitter {

		private record Pending(long orderId, String name, int quantity, CompletableFuture<BuyOutcome> outcome,
				Observation batch) {
		}

		private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();

		private final Thread thread = Thread.ofPlatform().name("catalog-group-commit").daemon().start(this::run);

		BuyOutcome submit(long orderId, String name, int quantity) {
			Observation batch = Observation.createNotStarted("catalog.group.commit", Buyer.this.observations)
				.contextualName("group commit wait + write");
			batch.start();
			Pending pending = new Pending(orderId, name, quantity, new CompletableFuture<>(), batch);
			this.queue.add(pending);
			try {
				return pending.outcome().join();
			}
			catch (CompletionException ex) {
				throw (ex.getCause() instanceof RuntimeException runtime) ? runtime : ex;
			}
			finally {
				batch.stop();
			}
		}

		private void run() {
			int maxBatch = Buyer.this.properties.group().maxBatch();
			while (!Thread.currentThread().isInterrupted()) {
				List<Pending> group = new ArrayList<>(maxBatch);
				try {
					group.add(this.queue.take());
				}
				catch (InterruptedException stopping) {
					return;
				}
				this.queue.drainTo(group, maxBatch - 1);
				group.forEach((p) -> p.batch().highCardinalityKeyValue("commit.buys", String.valueOf(group.size())));
				writeGroup(group);
			}
		}

		private void writeGroup(List<Pending> group) {
			TransactionStatus transaction = Buyer.this.transactions.getTransaction(new DefaultTransactionDefinition());
			List<BuyOutcome> outcomes = new ArrayList<>(group.size());
			try {
				// One writer: no other transaction takes stock, so no duplicate-key race here.
				for (Pending pending : group) {
					outcomes.add(apply(pending.orderId(), pending.name(), pending.quantity(), true));
				}
				commit(transaction, group.size());
			}
			catch (RuntimeException ex) {
				if (!transaction.isCompleted()) {
					Buyer.this.transactions.rollback(transaction);
				}
				group.forEach((pending) -> pending.outcome().completeExceptionally(ex));
				return;
			}
			for (int i = 0; i < group.size(); i++) {
				group.get(i).outcome().complete(outcomes.get(i));
			}
		}

	}

}
