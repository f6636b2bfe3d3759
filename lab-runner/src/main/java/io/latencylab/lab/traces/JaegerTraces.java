package io.latencylab.lab.traces;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.net.Http;
import io.latencylab.observability.JaegerJsonTraces;
import io.latencylab.observability.Span;

/** Spans from Jaeger's query API, one trace at a time, as the compose lab stores them. */
public final class JaegerTraces implements Traces {

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
		Map<String, List<Span>> found = new HashMap<>();
		long deadline = System.nanoTime() + wait.toNanos();
		// The services export every second, and the collector batches too.
		Thread.sleep(3000);
		while (true) {
			for (String traceId : wanted.keySet()) {
				if (!found.containsKey(traceId)) {
					Optional<String> answer = Http.get(this.queryUrl + "/api/traces/" + traceId);
					if (answer.isPresent()) {
						List<Span> spans = JaegerJsonTraces.read(JSON.readTree(answer.get()));
						if (!Traces.rooted(spans, Map.of(traceId, wanted.get(traceId))).isEmpty()) {
							found.put(traceId, spans);
						}
					}
				}
			}
			if (found.size() == wanted.size() || System.nanoTime() > deadline) {
				List<Span> all = new ArrayList<>();
				found.values().forEach(all::addAll);
				return all;
			}
			Thread.sleep(1000);
		}
	}

}
