package io.latencylab.lab.net;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/** The round trip the lab puts between its load generator and the services. */
class EmulatedDistanceTests {

	@TempDir
	Path dir;

	@Test
	void noDistanceLeavesTheTargetsAsTheyAreAndStartsNothing() throws Exception {
		Map<String, String> targets = Map.of("lab.sort.url", "http://127.0.0.1:8084");
		try (EmulatedDistance none = EmulatedDistance.around(targets, Duration.ZERO, this.dir)) {
			assertThat(none.targets()).isEqualTo(targets);
		}
		assertThatThrownBy(() -> EmulatedDistance.around(targets, Duration.ofSeconds(11), this.dir))
			.hasMessageContaining("a round trip is 0 to 10 s");
		assertThat(EmulatedDistance.describe(Duration.ofMillis(45))).contains("45 ms a round trip", "22.5 ms each way");
	}

	@Test
	void everyRequestThroughTheDistanceTakesOneRoundTripMore() throws Exception {
		assumeThat(Toxiproxy.binary()).as("toxiproxy-server on the PATH (" + Toxiproxy.INSTALL + ")").isPresent();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/", (exchange) -> {
			byte[] body = "ok".getBytes();
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		String direct = "http://127.0.0.1:" + server.getAddress().getPort();
		Map<String, String> targets = Map.of("a", direct, "b", direct + "/same");
		try (EmulatedDistance distance = EmulatedDistance.around(targets, Duration.ofMillis(30), this.dir)) {
			assertThat(distance.targets().get("a")).isNotEqualTo(direct).startsWith("http://127.0.0.1:");
			// Two targets on one port share its proxy.
			assertThat(distance.targets().get("b")).isEqualTo(distance.targets().get("a") + "/same");
			double near = medianMs(direct);
			double far = medianMs(distance.targets().get("a"));
			// One round trip more, not two (60 ms); the upper bound leaves a loaded CI machine room
			// (36.2 ms was read there while other modules compiled).
			assertThat(far - near).as("near %.2f ms, far %.2f ms", near, far).isBetween(29.0, 45.0);
		}
		finally {
			server.stop(0);
		}
	}

	/** The median of 21 requests on one kept-alive connection, after one that opens it. */
	private static double medianMs(String url) throws Exception {
		HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build();
		client.send(request, HttpResponse.BodyHandlers.discarding());
		List<Double> times = new ArrayList<>();
		for (int i = 0; i < 21; i++) {
			long start = System.nanoTime();
			assertThat(client.send(request, HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("ok");
			times.add((System.nanoTime() - start) / 1e6);
		}
		Collections.sort(times);
		return times.get(10);
	}

}
