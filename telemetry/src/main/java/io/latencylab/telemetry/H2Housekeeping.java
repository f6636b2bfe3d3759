package io.latencylab.telemetry;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * The housekeeping H2's background writer would do for a file database that commits every write
 * ({@code WRITE_DELAY=0}, so that an acknowledged write survives {@code kill -9}): with that
 * setting H2 starts no background writer, so nobody syncs the file and nobody rewrites the
 * half-empty chunks that every small commit leaves behind. One thread of its own, on a connection
 * of its own (not the pool's, whose statements are traced), every quarter of the retention:
 * <ul>
 * <li>{@code CHECKPOINT SYNC}: H2 overwrites no chunk until its retention time after the chunk was
 * written, assuming the operating system writes everything out within it. The retention is set
 * shorter than H2's 45 s ({@code lab.h2.retention}), so the file is forced to disk four times per
 * retention; a {@code kill -9} loses nothing either way, a power cut at most the last quarter.</li>
 * <li>Compaction: the live pages of chunks under {@value #FILL_RATE}% full are rewritten, at most
 * {@value #WRITE_LIMIT} bytes a turn, as H2's own housekeeping does under load. Without it the
 * files grew by kilobytes a commit for as long as a service ran and each commit's search for free
 * space grew with them: a buy's cost wandered by half within minutes.</li>
 * </ul>
 * H2 has no statement for an online compaction; {@link MVStore#compact(int, int)}, its public form
 * of the chunk rewriting its background writer does, is reached through the connection's session.
 */
public class H2Housekeeping implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(H2Housekeeping.class);

	/** Chunks less full than this are rewritten: H2's own target under load (90% of 90%). */
	static final int FILL_RATE = 80;

	/** At most this many bytes rewritten a turn, so that a turn holds the store's lock briefly. */
	static final int WRITE_LIMIT = 1 << 20;

	private final String url;

	private final String username;

	private final String password;

	private final Duration retention;

	private final AtomicLong syncs = new AtomicLong();

	private final AtomicLong compactions = new AtomicLong();

	private Connection connection;

	private MVStore store;

	private ScheduledExecutorService thread;

	public H2Housekeeping(String url, String username, String password, Duration retention) {
		if (retention.toMillis() < 100) {
			throw new IllegalArgumentException("lab.h2.retention must be at least 100ms, was " + retention);
		}
		this.url = url;
		this.username = username;
		this.password = password;
		this.retention = retention;
	}

	/** The interval between syncs: a quarter of the retention, so that a late sync still comes in time. */
	public Duration interval() {
		return this.retention.dividedBy(4);
	}

	/** How many syncs have completed. */
	public long syncs() {
		return this.syncs.get();
	}

	/** How many turns rewrote chunks. */
	public long compactions() {
		return this.compactions.get();
	}

	@Override
	public synchronized void start() {
		try {
			this.connection = DriverManager.getConnection(this.url, this.username, this.password);
			try (Statement statement = this.connection.createStatement()) {
				statement.execute("SET RETENTION_TIME " + this.retention.toMillis());
			}
			SessionLocal session = (SessionLocal) this.connection.unwrap(JdbcConnection.class).getSession();
			this.store = session.getDatabase().getStore().getMvStore();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot open " + this.url + " for its housekeeping", ex);
		}
		this.thread = Executors.newSingleThreadScheduledExecutor(
				Thread.ofPlatform().name("h2-housekeeping").daemon().factory());
		long every = interval().toMillis();
		this.thread.scheduleAtFixedRate(this::turn, every, every, TimeUnit.MILLISECONDS);
	}

	private void turn() {
		try (Statement statement = this.connection.createStatement()) {
			statement.execute("CHECKPOINT SYNC");
			this.syncs.incrementAndGet();
			if (this.store.compact(FILL_RATE, WRITE_LIMIT)) {
				this.compactions.incrementAndGet();
			}
		}
		catch (SQLException | RuntimeException ex) {
			// A disk error: the next turn tries again (a task that throws would never run again).
			logger.warn("housekeeping of {} failed: {}", this.url, ex.getMessage());
		}
	}

	@Override
	public synchronized void stop() {
		if (this.thread == null) {
			return;
		}
		// No interrupt: it would close H2's file channel in the middle of a force.
		this.thread.shutdown();
		try {
			this.thread.awaitTermination(5, TimeUnit.SECONDS);
			this.connection.close();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (SQLException ex) {
			logger.warn("closing the sync connection of {}: {}", this.url, ex.getMessage());
		}
		this.thread = null;
	}

	@Override
	public synchronized boolean isRunning() {
		return this.thread != null;
	}

}
