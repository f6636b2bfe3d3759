package io.latencylab.lab.deploy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.lab.topology.Topology;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assumptions.assumeThat;

class ReferenceServerTests {

	private static final String MEAL = "{\"name\":\"Steak\",\"_links\":{\"self\":{\"href\":\"http://x/rest/meals/1\"}}}";

	@Test
	void servesTheBytesOfTheRestGetAsTheLabAskedForThem(@TempDir Path dir) throws Exception {
		assumeThat(ReferenceServer.nginx()).as("nginx (apt-get install nginx)").isPresent();
		AtomicReference<String> accept = new AtomicReference<>();
		HttpServer rest = restServing(200, accept);
		try (ReferenceServer reference = ReferenceServer.start(base(rest), dir);
				HttpClient client = HttpClient.newHttpClient()) {
			OutsideLoad.Request get = OutsideLoad.requestOf(Operation.REFERENCE_GET);
			HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(reference.url() + get.path())).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(answer.statusCode()).isEqualTo(200);
			assertThat(answer.body()).isEqualTo(MEAL);
			assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/hal+json");
			assertThat(accept.get()).isEqualTo("application/hal+json");
			assertThat(reference.url()).startsWith("http://127.0.0.1:");
		}
		finally {
			rest.stop(0);
		}
	}

	@Test
	void pinsMasterAndWorkerToTheCoresGiven(@TempDir Path dir) throws Exception {
		assumeThat(ReferenceServer.nginx()).as("nginx (apt-get install nginx)").isPresent();
		assumeThat(Path.of("/proc/self/status")).as("Linux's /proc").exists();
		HttpServer rest = restServing(200, new AtomicReference<>());
		try (ReferenceServer reference = ReferenceServer.start(base(rest), dir)) {
			reference.pin("0");
			ProcessHandle master = ProcessHandle.of(Long.parseLong(Files.readString(dir.resolve("nginx.pid")).strip()))
				.orElseThrow();
			List<ProcessHandle> processes = Stream.concat(Stream.of(master), master.children()).toList();
			assertThat(processes).hasSize(2);
			for (ProcessHandle process : processes) {
				assertThat(Files.readAllLines(Path.of("/proc/" + process.pid() + "/status")))
					.contains("Cpus_allowed_list:\t0");
			}
		}
		finally {
			rest.stop(0);
		}
	}

	@Test
	void aRestGetThatFailsStartsNothing(@TempDir Path dir) throws Exception {
		assumeThat(ReferenceServer.nginx()).as("nginx (apt-get install nginx)").isPresent();
		HttpServer rest = restServing(503, new AtomicReference<>());
		try {
			assertThatIllegalStateException().isThrownBy(() -> ReferenceServer.start(base(rest), dir))
				.withMessageContaining("answered 503");
			assertThat(dir.resolve("nginx.pid")).doesNotExist();
		}
		finally {
			rest.stop(0);
		}
	}

	@Test
	void aRestServiceThatDoesNotRunIsNamedAndStartsNothing(@TempDir Path dir) throws Exception {
		assumeThat(ReferenceServer.nginx()).as("nginx (apt-get install nginx)").isPresent();
		int nobody;
		try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			nobody = free.getLocalPort();
		}
		assertThatIllegalStateException().isThrownBy(() -> ReferenceServer.start("http://127.0.0.1:" + nobody, dir))
			.withMessageContaining("does not answer")
			.withMessageContaining("meals-rest must run");
		assertThat(dir.resolve("nginx.pid")).doesNotExist();
	}

	@Test
	void onlyAPlanAimingAtTheReferenceWantsOne() {
		Step reference = new OutsideLoad(Operation.REFERENCE_GET, Duration.ofSeconds(1)).step("wrk-ref");
		Step rest = new OutsideLoad(Operation.REST_GET, Duration.ofSeconds(1)).step("wrk-rest");
		assertThat(ReferenceServer.wanted(List.of(rest, reference))).isTrue();
		assertThat(ReferenceServer.wanted(List.of(rest))).isFalse();
	}

	@Test
	void measuresNoiseOnlyWhereMealsRestAnswers(@TempDir Path dir) throws Exception {
		assumeThat(ReferenceServer.nginx()).as("nginx (apt-get install nginx)").isPresent();
		HttpServer rest = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		rest.createContext("/actuator/health/readiness", (exchange) -> {
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		rest.start();
		Map<String, String> targets = Map.of(Targets.MEALS_REST.name(), base(rest));
		Topology up = topology(Map.of(Targets.SERVICE.get(Targets.MEALS_REST), endpoint(base(rest))), dir);
		List<String> said = new ArrayList<>();
		try {
			assertThat(ReferenceServer.forNoise(targets, up, true, said::add)).isTrue();
			assertThat(ReferenceServer.forNoise(targets, up, false, said::add)).as("a generator elsewhere").isFalse();
			assertThat(said).isEmpty();
		}
		finally {
			rest.stop(0);
		}
		assertThat(ReferenceServer.forNoise(targets, up, true, said::add)).as("meals-rest stopped").isFalse();
		assertThat(ReferenceServer.forNoise(targets, topology(Map.of(), dir), true, said::add))
			.as("a topology without meals-rest").isFalse();
		assertThat(said).containsExactly(ReferenceServer.WITHOUT_REST, ReferenceServer.WITHOUT_REST);
	}

	private static Topology topology(Map<String, Topology.Endpoint> services, Path dir) {
		return new Topology("test", Topology.Kind.EXTERNAL, services, Map.of(), Topology.TraceSource.files(dir), List.of());
	}

	private static Topology.Endpoint endpoint(String http) {
		return new Topology.Endpoint(http, Optional.empty(), http + "/actuator", http + "/actuator/prometheus");
	}

	private static HttpServer restServing(int status, AtomicReference<String> accept) throws Exception {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/rest/meals/", (exchange) -> {
			accept.set(exchange.getRequestHeaders().getFirst("Accept"));
			byte[] body = MEAL.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().putAll(Map.of("Content-Type", List.of("application/hal+json")));
			exchange.sendResponseHeaders(status, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		return server;
	}

	private static String base(HttpServer server) {
		return "http://127.0.0.1:" + server.getAddress().getPort();
	}

}
