package io.latencylab.tables;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.util.TestSocketUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** The entities live in the database file: a restarted service still has them. */
class RestartTests {

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void anAcknowledgedEntitySurvivesARestart() throws Exception {
		Path dataDir = Files.createTempDirectory("tables-restart");
		int port = TestSocketUtils.findAvailableTcpPort();
		try (ConfigurableApplicationContext first = start(dataDir, port)) {
			assertThat(send(port, "PUT", "/tables/kept", null).statusCode()).isEqualTo(201);
			assertThat(send(port, "POST", "/tables/kept/entities",
					"{\"partitionKey\":\"p\",\"rowKey\":\"r\",\"properties\":{\"size\":4096}}").statusCode()).isEqualTo(201);
		}
		try (ConfigurableApplicationContext second = start(dataDir, port)) {
			HttpResponse<String> kept = send(port, "GET", "/tables/kept/entities/p/r", null);
			assertThat(kept.statusCode()).isEqualTo(200);
			assertThat(kept.body()).contains("\"size\":4096");
		}
	}

	private static ConfigurableApplicationContext start(Path dataDir, int port) {
		return new SpringApplicationBuilder(TableServiceApplication.class).run("--lab.data-dir=" + dataDir,
				"--server.port=" + port);
	}

	private HttpResponse<String> send(int port, String method, String path, String json) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.header("Content-Type", "application/json")
			.method(method, (json != null) ? BodyPublishers.ofString(json) : BodyPublishers.noBody())
			.build(), BodyHandlers.ofString());
	}

}
