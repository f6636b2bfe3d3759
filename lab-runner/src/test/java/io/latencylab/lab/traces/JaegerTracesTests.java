package io.latencylab.lab.traces;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Against a stand-in for Jaeger's query API on 127.0.0.1: what it answers, and how many at once. */
class JaegerTracesTests {

	@Test
	void collectsTheRootedTracesAskingSeveralAtOnceAndLeavesOutThoseThatNeverCome() throws Exception {
		AtomicInteger inFlight = new AtomicInteger();
		AtomicInteger most = new AtomicInteger();
		Map<String, Integer> asked = new ConcurrentHashMap<>();
		HttpServer jaeger = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		jaeger.setExecutor(Executors.newCachedThreadPool());
		jaeger.createContext("/api/traces/", (exchange) -> {
			most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
			String id = exchange.getRequestURI().getPath().substring("/api/traces/".length());
			asked.merge(id, 1, Integer::sum);
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			// t0 to t29 are stored; "late" never arrives.
			boolean stored = !id.equals("late");
			byte[] body = (stored ? """
					{"data":[{"traceID":"%s","spans":[
					  {"traceID":"%s","spanID":"r","operationName":"get","references":[{"refType":"CHILD_OF","traceID":"%s","spanID":"sent-%s"}],
					   "startTime":1000,"duration":250,"tags":[{"key":"span.kind","type":"string","value":"server"}],"processID":"p1"}],
					 "processes":{"p1":{"serviceName":"meals-rest","tags":[]}}}]}
					""".formatted(id, id, id, id) : "{\"data\":[]}").getBytes(StandardCharsets.UTF_8);
			inFlight.decrementAndGet();
			exchange.sendResponseHeaders(stored ? 200 : 404, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		jaeger.start();
		try {
			Map<String, String> wanted = new LinkedHashMap<>();
			for (int i = 0; i < 30; i++) {
				wanted.put("t" + i, "sent-t" + i);
			}
			wanted.put("late", "sent-late");
			List<Span> spans = new JaegerTraces("http://127.0.0.1:" + jaeger.getAddress().getPort())
				.collect(wanted, Duration.ofSeconds(7));
			assertThat(spans).hasSize(30).extracting(Span::traceId).doesNotContain("late");
			// Each found trace asked for once; the missing one again each round until the wait ran out
			// (the first round at 3 s, the next a second after it ends: 7 s leaves a busy machine room for two).
			assertThat(asked).containsEntry("t7", 1);
			assertThat(asked.get("late")).isGreaterThan(1);
			assertThat(most.get()).isBetween(2, JaegerTraces.FETCHERS);
		}
		finally {
			jaeger.stop(0);
		}
	}

}
