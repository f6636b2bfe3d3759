package io.latencylab.sort;

import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
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
 * Runs the sorts on a pool sized to the cores with a bounded queue. The time a sort waits in the
 * queue is observed apart from the time it sorts: the split the DigitalOcean study could not make.
 * A full queue refuses at once (503) rather than letting the wait grow without bound.
 */
@Component
class SortExecutor implements DisposableBean {

	private final ThreadPoolExecutor pool;

	SortExecutor(SortProperties properties, MeterRegistry meters) {
		int threads = properties.pool().effectiveThreads();
		AtomicInteger count = new AtomicInteger();
		this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS,
				new ArrayBlockingQueue<>(properties.pool().queueCapacity()),
				(task) -> new Thread(task, "sort-" + count.incrementAndGet()), new ThreadPoolExecutor.AbortPolicy());
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
					"all " + this.pool.getMaximumPoolSize() + " sorting threads are busy and "
							+ this.pool.getQueue().size() + " sorts wait; retry shortly",
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
