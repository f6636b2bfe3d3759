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

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Lets an H2 file database reuse the space of replaced pages after {@code retention} instead of
 * H2's 45 s, and forces the file to disk four times per retention, so that what H2 assumes of the
 * operating system within the retention still holds.
 * <p>
 * H2 overwrites no chunk of the file until its retention time after the chunk was written, assuming
 * the operating system writes everything out within it (Linux: dirty pages after 30 s, checked
 * every 5 s). With a commit for every write, 45 s of chunks made the files grow past a gigabyte
 * within two minutes of buys, and H2's first-fit search for free space in them took a sixth of the
 * order service's CPU samples. Its documentation names {@code CHECKPOINT SYNC} as the way to flush
 * earlier: done here, on a connection of its own (not the pool's, whose statements are traced) and
 * a thread of its own. Commits still reach the file (the operating system's cache) before they
 * return ({@code WRITE_DELAY=0}), so a {@code kill -9} loses nothing either way; what the sync adds
 * is that a power cut should lose no more than the last quarter retention instead of the kernel's
 * write-back delay (H2 warns that a sync does not reach the disk on every system and drive). H2
 * stores the retention in the database, so the file keeps it when opened by other tools too.
 */
public class H2FileSync implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(H2FileSync.class);

	private final String url;

	private final String username;

	private final String password;

	private final Duration retention;

	private final AtomicLong syncs = new AtomicLong();

	private Connection connection;

	private ScheduledExecutorService thread;

	public H2FileSync(String url, String username, String password, Duration retention) {
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

	@Override
	public synchronized void start() {
		try {
			this.connection = DriverManager.getConnection(this.url, this.username, this.password);
			try (Statement statement = this.connection.createStatement()) {
				statement.execute("SET RETENTION_TIME " + this.retention.toMillis());
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot open " + this.url + " to set its retention", ex);
		}
		this.thread = Executors.newSingleThreadScheduledExecutor(
				Thread.ofPlatform().name("h2-file-sync").daemon().factory());
		long every = interval().toMillis();
		this.thread.scheduleAtFixedRate(this::sync, every, every, TimeUnit.MILLISECONDS);
	}

	private void sync() {
		try (Statement statement = this.connection.createStatement()) {
			statement.execute("CHECKPOINT SYNC");
			this.syncs.incrementAndGet();
		}
		catch (SQLException | RuntimeException ex) {
			// A disk error: the next run tries again (a task that throws would never run again).
			logger.warn("CHECKPOINT SYNC of {} failed: {}", this.url, ex.getMessage());
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
