package io.latencylab.lab.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.deploy.Deployment;

/**
 * Samples every service's CPU and memory once a second for the whole run, into resources.csv
 * (epoch_ms, service, cpu_percent of one core, memory_mib).
 */
public final class ResourceSampler implements AutoCloseable {

	private final ScheduledExecutorService timer = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("resource-sampler").factory());

	private final BufferedWriter out;

	public ResourceSampler(Deployment deployment, Path csv) throws IOException {
		this.out = Files.newBufferedWriter(csv);
		this.out.write("epoch_ms,service,cpu_percent,memory_mib\n");
		this.timer.scheduleWithFixedDelay(() -> {
			long now = System.currentTimeMillis();
			deployment.metering().sample().forEach((service, usage) -> write(String.format(Locale.ROOT, "%d,%s,%.1f,%.1f%n", now,
					service, usage.cpuPercentOfOneCore(), usage.memoryMib())));
		}, 0, 1, TimeUnit.SECONDS);
	}

	private synchronized void write(String line) {
		try {
			this.out.write(line);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws IOException, InterruptedException {
		this.timer.shutdownNow();
		this.timer.awaitTermination(10, TimeUnit.SECONDS);
		synchronized (this) {
			this.out.close();
		}
	}

}
