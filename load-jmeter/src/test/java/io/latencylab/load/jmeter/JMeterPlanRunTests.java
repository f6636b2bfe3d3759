package io.latencylab.load.jmeter;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.plan.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plan run as a lab step against a server on 127.0.0.1 that keeps what each request carried:
 * every sample is a line of requests.csv and of JMeter's results.jtl, and each names the trace
 * context its request was sent with.
 */
class JMeterPlanRunTests {

	@TempDir
	Path dir;

	@Test
	void everySampleCarriesAFreshTraceAndIsRecordedTwice() throws Exception {
		Map<String, String> received = new ConcurrentHashMap<>();
		Set<String> baggage = ConcurrentHashMap.newKeySet();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/ws", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
			received.put(traceparent.split("-")[1], traceparent.split("-")[2]);
			baggage.add(exchange.getRequestHeaders().getFirst("baggage"));
			byte[] body = "<ok/>".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		try {
			Parameters parameters = Parameters.of("lab.run.id", "test-run", "lab.results.dir", this.dir.resolve("lab").toString(),
					"lab.jmeter.population", "baseline");
			int exit = JMeterPlanRun.run(Plans.testPlan("empty-header-row.jmx"),
					Map.of("port", String.valueOf(server.getAddress().getPort()), "users", "2", "loops", "3"), parameters);
			assertThat(exit).isZero();
		}
		finally {
			server.stop(0);
		}
		List<String[]> lines = Files.readAllLines(this.dir.resolve("lab/jmeter-empty-header-row-test-run/requests.csv"))
			.stream()
			.skip(1)
			.map((line) -> line.split(","))
			.toList();
		assertThat(lines).hasSize(6).allSatisfy((line) -> {
			assertThat(line[0]).isEqualTo("baseline: soap getCheapestMeal");
			assertThat(line[4]).isEqualTo("200");
			assertThat(received).containsEntry(line[1], line[5]);
		});
		assertThat(received).hasSize(6);
		assertThat(baggage).containsExactly("lab.run.id=test-run");
		List<String> jtl = Files.readAllLines(this.dir.resolve("jmeter/results.jtl"));
		assertThat(jtl).hasSize(7);
		assertThat(jtl.subList(1, 7)).allSatisfy((row) -> assertThat(received).containsKey(row.substring(row.lastIndexOf(',') + 1)));
		assertThat(Files.readAllLines(this.dir.resolve("jmeter/changes.txt"))).singleElement()
			.asString()
			.contains("empty name");
		assertThat(Files.readString(this.dir.resolve("lab/jmeter-empty-header-row-test-run/summary.json")))
			.contains("\"baseline: soap getCheapestMeal\"");
	}

}
