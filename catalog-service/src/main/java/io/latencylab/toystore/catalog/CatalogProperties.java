package io.latencylab.toystore.catalog;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param commitMode how buys reach the disk: the question of the toy store study (was buy slow
 * because every change was written at once?)
 * @param group batching of the group commit mode
 * @param restock the restocker
 * @param queryThread which thread runs a Query call (see {@link CallThreads})
 * @param buyThread which thread runs a Buy call (see {@link CallThreads})
 */
@ConfigurationProperties("catalog")
public record CatalogProperties(@DefaultValue("per-buy") CommitMode commitMode, @DefaultValue Group group,
		@DefaultValue Restock restock, @DefaultValue("auto") QueryThread queryThread,
		@DefaultValue("pool") BuyThread buyThread) {

	public enum CommitMode {

		/** Each Buy commits its own transaction before it answers. */
		PER_BUY,

		/** One writer thread commits all buys waiting at that moment (up to max-batch) in one transaction. */
		GROUP

	}

	public enum QueryThread {

		/** TRANSPORT when the database runs in this JVM (H2), POOL when it is reached over the network. */
		AUTO,

		/** The event loop that read the call runs it: no hand-off to a pool thread and back. */
		TRANSPORT,

		/** gRPC's default: a pool thread, like every other call. */
		POOL

	}

	public enum BuyThread {

		/** A pool thread: a Buy waiting for a row lock or its commit holds up no other call. */
		POOL,

		/**
		 * The event loop that read it: no hand-off to a pool thread and back, but the calls of its
		 * connection wait while a Buy waits for a lock or its commit. Taken only with the embedded
		 * database and per-buy commits (a group commit would wait for buys the loop cannot read).
		 */
		TRANSPORT

	}

	/** @param maxBatch most buys in one group commit */
	public record Group(@DefaultValue("64") int maxBatch) {
	}

	/**
	 * @param enabled whether sold-out toys are restocked
	 * @param interval how often the restocker looks
	 * @param level the quantity a sold-out toy is set back to
	 */
	public record Restock(@DefaultValue("true") boolean enabled, @DefaultValue("10s") Duration interval,
			@DefaultValue("100") int level) {
	}

}
