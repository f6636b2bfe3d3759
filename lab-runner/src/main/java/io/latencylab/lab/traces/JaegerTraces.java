package io.latencylab.lab.traces;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.latencylab.lab.net.Http;
import io.latencylab.observability.JaegerJsonTraces;
import io.latencylab.observability.Span;

/** Spans from Jaeger's query API, a trace a request, as the compose lab stores them. */
public final class JaegerTraces implements Traces {

	/**
	 * Traces asked for at once: the tail's bands add up to 1,500 a group to the 1,000 of the even
	 * spread, one request each, between steps.
	 */
	static final int FETCHERS = 4;

	private final String queryUrl;

	public JaegerTraces(String queryUrl) {
		this.queryUrl = queryUrl;
	}

	@Override
	public void mark() {
		// Jaeger is asked by trace id: nothing to remember.
	}

	@Override
	public List<Span> collect(Map<String, String> wanted, Duration wait) throws InterruptedException {
		Map<String, List<Span>> found = new ConcurrentHashMap<>();
		long deadline = System.nanoTime() + wait.toNanos();
		// The services export every second, and the collector batches too.
		Thread.sleep(3000);
		try (ExecutorService fetchers = Executors.newFixedThreadPool(FETCHERS)) {
			while (true) {
				List<Callable<Void>> fetches = new ArrayList<>();
				for (String traceId : wanted.keySet()) {
					if (!found.containsKey(traceId)) {
						fetches.add(() -> {
							fetch(traceId, wanted.get(traceId)).ifPresent((spans) -> found.put(traceId, spans));
							return null;
						});
					}
				}
				fetchers.invokeAll(fetches);
				if (found.size() == wanted.size() || System.nanoTime() > deadline) {
					List<Span> all = new ArrayList<>();
					found.values().forEach(all::addAll);
					return all;
				}
				Thread.sleep(1000);
			}
		}
	}

	/** The trace's spans once its root (the child of {@code sentSpanId}) has arrived. */
	private Optional<List<Span>> fetch(String traceId, String sentSpanId) {
		return Http.get(this.queryUrl + "/api/traces/" + traceId)
			.map((answer) -> JaegerJsonTraces.read(JSON.readTree(answer)))
			.filter((spans) -> !Traces.rooted(spans, Map.of(traceId, sentSpanId)).isEmpty());
	}

}
