package io.latencylab.lab.study.svload;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.lab.tls.LabCa;
import io.latencylab.load.svload.CacheCase;
import io.latencylab.load.svload.CurlPhases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/** curl's phase timings and the servers' Server-Timing, read from a real curl against a local server. */
class CurlPhasesTests {

	@TempDir
	Path dir;

	@Test
	void curlsPhasesComeInOrderAndServerTimingNamesTheStoresPart() throws Exception {
		assumeThat(Files.isExecutable(Path.of("/usr/bin/curl"))).as("curl is installed").isTrue();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/v1/a/c/o", (exchange) -> {
			byte[] body = "x".repeat(10_000).getBytes(StandardCharsets.US_ASCII);
			exchange.getResponseHeaders().add("X-Cache", "MISS");
			exchange.getResponseHeaders().add("Server-Timing", "cache;desc=MISS, backend;dur=12.5, total;dur=3.25");
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		try {
			Path ca = LabCa.in(this.dir.resolve("tls")).caCertificate();
			CurlPhases phases = CurlPhases.get("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/a/c/o", ca);
			assertThat(phases).isNotNull();
			assertThat(phases.status()).isEqualTo(200);
			assertThat(phases.xCache()).isEqualTo("MISS");
			assertThat(phases.backendMs()).isEqualTo(12.5);
			assertThat(phases.storeMs()).isEqualTo(3.25);
			assertThat(phases.tlsMs()).as("no TLS over HTTP").isZero();
			assertThat(phases.dnsMs()).isLessThanOrEqualTo(phases.connectMs());
			assertThat(phases.connectMs()).isLessThanOrEqualTo(phases.firstByteMs());
			assertThat(phases.firstByteMs()).isLessThanOrEqualTo(phases.totalMs()).isPositive();

			CurlPhases refused = CurlPhases.get("http://127.0.0.1:" + freePort() + "/", ca);
			assertThat(refused).as("no server there").isNull();
		}
		finally {
			server.stop(0);
		}
	}

	@Test
	void anAnswerWithoutServerTimingHasNoStorePartAndTheFileKeepsThat() throws Exception {
		CurlPhases hit = new CurlPhases(200, "HIT", 0.01, 0.1, 2.5, 3.0, 4.0, Double.NaN, Double.NaN);
		CurlPhases none = new CurlPhases(200, "", 0.01, 0.1, 0, 1.0, 1.5, Double.NaN, 0.8);
		Path file = this.dir.resolve(CacheCase.CURL_PHASES);
		CurlPhases.write(List.of(hit, none), file);
		assertThat(CurlPhases.read(file)).containsExactly(hit, none);
	}

	private static int freePort() throws Exception {
		try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
