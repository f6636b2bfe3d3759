package io.latencylab.load.operation;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.gatling.app.Gatling$;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up's simulation: the load its clients send, and the plan naming it by name, since the
 * plan knows no simulation class.
 */
class WarmUpSimulationTests {

	/**
	 * Real Gatling against a local server: each of the two clients is one user on one connection
	 * for the whole window, as the steps' clients are, not a new user (and request) after another.
	 */
	@Test
	void eachClientSendsRequestAfterRequestOnAConnectionOfItsOwn(@TempDir Path results) throws IOException {
		Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
		AtomicInteger answered = new AtomicInteger();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/", (exchange) -> {
			clientPorts.add(exchange.getRemoteAddress().getPort());
			// Counted before the answer leaves: Gatling may end as soon as it has the last one.
			answered.incrementAndGet();
			byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		Map<String, String> properties = Map.of("lab.reference.url",
				"http://127.0.0.1:" + server.getAddress().getPort(), "lab.run.id", "warm-up-test", "lab.results.dir",
				results.resolve("lab").toString(), WarmUp.OPERATIONS.name(), "reference-get", WarmUp.CLIENTS.name(), "2",
				WarmUp.DURATION.name(), "2s");
		properties.forEach(System::setProperty);
		int exit;
		try {
			exit = Gatling$.MODULE$.fromArgs(new String[] { "-s", WarmUpSimulation.class.getName(), "-rf",
					results.resolve("gatling").toString(), "--no-reports" });
		}
		finally {
			properties.keySet().forEach(System::clearProperty);
			server.stop(0);
		}
		assertThat(exit).isZero();
		assertThat(clientPorts).hasSize(2);
		assertThat(answered.get()).isGreaterThan(20);
		try (var runs = Files.list(results.resolve("lab"))) {
			Path requests = runs.findFirst().orElseThrow().resolve("requests.csv");
			// Every request sent was answered and recorded: the window ends after each client's last answer.
			assertThat(Files.readAllLines(requests)).hasSize(answered.get() + 1);
		}
	}

	@Test
	void thePlansWarmUpNamesThisSimulation() {
		assertThat(WarmUp.SIMULATION).isEqualTo(WarmUpSimulation.class.getName());
		assertThat(Step.runs(WarmUp.load(List.of(), 1, Duration.ofSeconds(1)).simulation(), WarmUpSimulation.class)).isTrue();
	}

	@Test
	void runsRecordedBeforeItsPackageAreItsRuns() {
		// Named alone (the first runs), then in full in the load generator's one package.
		assertThat(Step.runs("WarmUpSimulation", WarmUpSimulation.class)).isTrue();
		assertThat(Step.runs("io.latencylab.load.WarmUpSimulation", WarmUpSimulation.class)).isTrue();
		assertThat(Step.runs("io.latencylab.load.TourSimulation", WarmUpSimulation.class)).isFalse();
		assertThat(Step.runs("jmeter", WarmUpSimulation.class)).isFalse();
	}

}
