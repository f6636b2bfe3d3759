package io.latencylab.sort;

import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import io.micrometer.observation.Observation;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Runs the sorts: by default each at once on a thread of its own, as the study's server forked a
 * process per request, so that clients share the cores as they did there; or (sort.pool.mode:
 * bounded) on a pool sized to the cores with a bounded queue, where a full queue refuses at once
 * (503) rather than letting the wait grow without bound. The time a sort waits before it runs is
 * observed apart from the time it sorts: the split the DigitalOcean study could not make.
 */
@Component
class SortExecutor implements DisposableBean {

	private final ExecutorService pool;

	private final SortProperties.Pool settings;

	SortExecutor(SortProperties properties, MeterRegistry meters) {
		this.settings = properties.pool();
		AtomicInteger count = new AtomicInteger();
		this.pool = switch (this.settings.mode()) {
			case PER_REQUEST -> Executors.newThreadPerTaskExecutor(
					(task) -> new Thread(task, "sort-" + count.incrementAndGet()));
			case BOUNDED -> new ThreadPoolExecutor(this.settings.effectiveThreads(), this.settings.effectiveThreads(), 0,
					TimeUnit.SECONDS, new ArrayBlockingQueue<>(this.settings.queueCapacity()),
					(task) -> new Thread(task, "sort-" + count.incrementAndGet()), new ThreadPoolExecutor.AbortPolicy());
		};
		new ExecutorServiceMetrics(this.pool, "sort", Tags.empty()).bindTo(meters);
	}

	/** Sorts {@code data} in place on the pool; records the queue and sort phases. */
	void sort(int[] data, SortAlgorithm algorithm, Phases phases) throws InterruptedException {
		Observation queue = phases.observation("queue").start();
		long submitted = System.nanoTime();
		Future<Long> sorting;
		try {
			sorting = this.pool.submit(() -> {
				long started = System.nanoTime();
				queue.stop();
				phases.record("queue", started - submitted);
				phases.observation("sort").observe(() -> algorithm.sort(data));
				return System.nanoTime() - started;
			});
		}
		catch (RejectedExecutionException full) {
			queue.error(full);
			queue.stop();
			throw new SortRequestException(HttpStatus.SERVICE_UNAVAILABLE, "Sort queue full",
					"all " + this.settings.effectiveThreads() + " sorting threads are busy and "
							+ this.settings.queueCapacity() + " sorts wait; retry shortly",
					Map.of("retryAfterSeconds", 1));
		}
		try {
			phases.record("sort", sorting.get());
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("sorting failed", ex.getCause());
		}
	}

	@Override
	public void destroy() {
		this.pool.shutdownNow();
	}

}
