package io.latencylab.lab.run;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** wrk as the outside client, against a server on 127.0.0.1 that this test starts. Skipped without wrk. */
class OutsideClientTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void wrkSendsTheLabsRequestWithFreshTraceHeadersAndItsHistogramIsRead() throws Exception {
		assumeTrue(onPath("wrk"), "wrk is not installed");
		Set<String> traceparents = ConcurrentHashMap.newKeySet();
		AtomicReference<String> seen = new AtomicReference<>();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/orders", (exchange) -> {
			traceparents.add(exchange.getRequestHeaders().getFirst("traceparent"));
			seen.set(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("Content-Type") + " "
					+ exchange.getRequestHeaders().getFirst("baggage") + " "
					+ new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
			byte[] body = "{\"data\":{\"order_number\":1}}".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		try {
			Path dir = Files.createTempDirectory("outside");
			String url = "http://127.0.0.1:" + server.getAddress().getPort();
			int exit = OutsideClient.run(new OutsideLoad(Operation.TOY_BUY, Duration.ofSeconds(1)).step("wrk-toy-buy-r1"), dir,
					"run-1", Map.of(Targets.TOY_STORE.name(), url), InjectorHost.LOCAL);
			assertThat(exit).isZero();
			JsonNode result = RunFolder.outsideResult(dir).orElseThrow();
			assertThat(result.path("requests").asLong()).isPositive();
			assertThat(result.path("non2xx").asLong()).isZero();
			assertThat(result.path("p50Micros").asDouble()).isPositive()
				.isLessThanOrEqualTo(result.path("p99Micros").asDouble());
			// wrk's own CPU: positive, and no more than its one thread plus the main one could use in the second.
			assertThat(result.path("cpuSeconds").asDouble()).isPositive().isLessThan(2.5);
			assertThat(seen.get()).isEqualTo("POST application/json lab.run.id=run-1 {\"name\":\"Kite\",\"quantity\":1}");
			// A trace of its own for every request, numbered, so that the runner knows which to collect.
			long requests = result.path("requests").asLong();
			assertThat(traceparents).hasSizeGreaterThanOrEqualTo((int) requests)
				.allMatch((t) -> t.matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01"));
			Map<String, String> wanted = OutsideClient.sample(result, 10);
			assertThat(wanted).hasSize((int) Math.min(10, requests - 1));
			wanted.forEach((traceId, parent) -> assertThat(traceparents).contains("00-" + traceId + "-" + parent + "-01"));
			// Numbered one after the other, 2 to requests among them.
			String prefix = result.path("traceIdPrefix").asString();
			assertThat(traceparents).anyMatch((t) -> t.startsWith("00-" + prefix + "00000002-"))
				.anyMatch((t) -> t.startsWith("00-" + prefix + String.format("%08x", requests) + "-"));
		}
		finally {
			server.stop(0);
		}
	}

	@Test
	void wrkSendsAStudysPlanInTurnOnEveryConnection() throws Exception {
		assumeTrue(onPath("wrk"), "wrk is not installed");
		Map<String, java.util.concurrent.atomic.AtomicLong> byRequest = new ConcurrentHashMap<>();
		Set<String> traceIds = ConcurrentHashMap.newKeySet();
		java.util.concurrent.atomic.AtomicLong withoutBaggage = new java.util.concurrent.atomic.AtomicLong();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/rest", (exchange) -> {
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			String key = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
					+ exchange.getRequestHeaders().getFirst("Content-Type") + " " + body.length();
			byRequest.computeIfAbsent(key, (k) -> new java.util.concurrent.atomic.AtomicLong()).incrementAndGet();
			traceIds.add(exchange.getRequestHeaders().getFirst("traceparent").split("-")[1]);
			if (!"lab.run.id=run-2".equals(exchange.getRequestHeaders().getFirst("baggage"))) {
				withoutBaggage.incrementAndGet();
			}
			exchange.sendResponseHeaders(exchange.getRequestMethod().equals("DELETE") ? 204 : 200, -1);
			exchange.close();
		});
		server.start();
		try {
			Path dir = Files.createTempDirectory("outside-mix");
			OutsideLoad load = new OutsideLoad(Operation.REST_GET, Duration.ofSeconds(1), "seed-000-rest", 3);
			int exit = OutsideClient.run(load.step("meals-rest-study-wrk"), dir, "run-2",
					Map.of(Targets.MEALS_REST.name(), "http://127.0.0.1:" + server.getAddress().getPort()), InjectorHost.LOCAL);
			assertThat(exit).isZero();
			JsonNode result = RunFolder.outsideResult(dir).orElseThrow();
			long requests = result.path("requests").asLong();
			// The plan's five requests, each as often as the others give or take the last round.
			assertThat(byRequest).hasSize(5).containsKeys("POST /rest/meals application/json 126",
					"DELETE /rest/meals/12345 null 0", "POST /rest/orders application/json 137");
			long least = byRequest.values().stream().mapToLong(java.util.concurrent.atomic.AtomicLong::get).min().orElseThrow();
			long most = byRequest.values().stream().mapToLong(java.util.concurrent.atomic.AtomicLong::get).max().orElseThrow();
			assertThat(most - least).isLessThanOrEqualTo(3);
			assertThat(withoutBaggage.get()).isZero();
			assertThat(traceIds).hasSizeGreaterThanOrEqualTo((int) requests);
		}
		finally {
			server.stop(0);
		}
	}

	@Test
	void theTracesToCollectAreAnEvenSpreadOfTheAnsweredRequestsNumbers() {
		JsonNode result = JSON
			.readTree("{\"requests\":7223,\"traceIdPrefix\":\"00112233445566778899aabb\",\"spanIdPrefix\":\"cafe0001\"}");
		Map<String, String> wanted = OutsideClient.sample(result, 1000);
		// Exactly as many as asked for, each a request wrk sent and had answered (2 to 7,223), none twice.
		assertThat(wanted).hasSize(1000).containsEntry("00112233445566778899aabb00000002", "cafe000100000002");
		assertThat(wanted.keySet()).allSatisfy((id) -> assertThat(Long.parseLong(id.substring(24), 16)).isBetween(2L, 7223L));
		assertThat(OutsideClient.sample(result, 10_000)).hasSize(7222);
		assertThat(OutsideClient.sample(JSON.readTree("{\"requests\":500}"), 10))
			.isEmpty();
	}

	private static boolean onPath(String program) {
		return java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
			.anyMatch((dir) -> Files.isExecutable(Path.of(dir, program)));
	}

}
