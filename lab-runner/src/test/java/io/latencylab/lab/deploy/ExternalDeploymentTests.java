package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.topology.Topology.Endpoint;
import io.latencylab.plan.Services;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExternalDeploymentTests {

	private static final String METRICS = """
			# HELP process_cpu_time_ns_total The "cpu time" used by the Java Virtual Machine process
			# TYPE process_cpu_time_ns_total counter
			process_cpu_time_ns_total %s
			jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1048576.0
			jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 2097152.0
			""";

	@Test
	void aServiceThatDoesNotAnswerFailsTheRunNamingItsAddress() throws IOException {
		int closed;
		try (ServerSocket socket = new ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		Topology topology = one("http://127.0.0.1:" + closed, Optional.empty());
		assertThatThrownBy(() -> new ExternalDeployment(Services.here(), topology).up(List.of()))
			.hasMessageContaining("meals-rest does not answer at 127.0.0.1:" + closed);
	}

	@Test
	void readsCpuAndMemoryFromTheServicesOwnMetricsAndNeverStopsThem() throws Exception {
		// As Micrometer 1.17 writes it: nanoseconds, in steps of the kernel's 10 ms.
		AtomicReference<String> cpu = new AtomicReference<>("1.25E10");
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/actuator/health/readiness", (exchange) -> answer(exchange, "{\"status\":\"UP\"}"));
		server.createContext("/actuator/prometheus", (exchange) -> answer(exchange, METRICS.formatted(cpu.get())));
		server.start();
		try {
			String url = "http://127.0.0.1:" + server.getAddress().getPort();
			ExternalDeployment deployment = new ExternalDeployment(Services.here(), one(url, Optional.empty()));
			deployment.up(List.of());
			assertThat(deployment.isUp()).isTrue();
			assertThat(deployment.metering().cpuSeconds()).isEqualTo(Map.of("meals-rest", 12.5));
			deployment.metering().sample();
			Thread.sleep(200);
			cpu.set("1.26E10");
			Metering.Usage usage = deployment.metering().sample().get("meals-rest");
			// 0.1 s of CPU in a little over 0.2 s: under half a core.
			assertThat(usage.cpuPercentOfOneCore()).isBetween(10.0, 50.0);
			assertThat(usage.memoryMib()).isEqualTo(3.0);
			assertThat(deployment.cannotRun(true)).get().asString().contains("did not start");
			assertThat(deployment.cannotRun(false)).isEmpty();
			// Services it did not start: no cores to change, no probe server to start beside them.
			assertThat(deployment.cpuControl()).isEmpty();
			assertThat(deployment.probeHost()).isEmpty();
			assertThatThrownBy(() -> deployment.up(List.of("catalog-before-commit=5ms"))).hasMessageContaining("--inject");
			deployment.down();
			assertThat(deployment.isUp()).isTrue();
		}
		finally {
			server.stop(0);
		}
	}

	private static void answer(com.sun.net.httpserver.HttpExchange exchange, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(200, bytes.length);
		exchange.getResponseBody().write(bytes);
		exchange.close();
	}

	/** One service (meals-rest) at {@code url}. */
	private static Topology one(String url, Optional<String> grpc) {
		return new Topology("test.yml", Topology.Kind.EXTERNAL,
				Map.of("meals-rest", new Endpoint(url, grpc, url + "/actuator", url + "/actuator/prometheus")), Map.of(),
				Topology.TraceSource.files(Path.of("traces")), List.of(InjectorHost.LOCAL));
	}

}
