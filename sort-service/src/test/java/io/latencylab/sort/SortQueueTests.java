package io.latencylab.sort;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/** The bounded pool, one sorting thread and room for one waiting sort: the rest are refused at once. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sort.pool.threads=1", "sort.pool.queue-capacity=1" })
@ActiveProfiles("bounded")
class SortQueueTests {

	@LocalServerPort
	int port;

	@Test
	void aFullQueueAnswers503WithRetryAfter() throws Exception {
		List<HttpResponse<String>> responses = sortAtOnce(this.port, 6);
		assertThat(responses).anySatisfy((response) -> assertThat(response.statusCode()).isEqualTo(200));
		assertThat(responses).anySatisfy((response) -> {
			assertThat(response.statusCode()).isEqualTo(503);
			assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
			assertThat(response.body()).contains("Sort queue full");
		});
		assertThat(responses).allSatisfy((response) -> assertThat(response.statusCode()).isIn(200, 503));
	}

	/** {@code n} exchange sorts of 30,000 integers sent at once; their answers. */
	static List<HttpResponse<String>> sortAtOnce(int port, int n) throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		String body = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/generate?n=30000"))
			.build(), HttpResponse.BodyHandlers.ofString()).body();
		List<CompletableFuture<HttpResponse<String>>> sorts = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			sorts.add(http.sendAsync(
					HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/sort?algorithm=exchange"))
						.header("Content-Type", "text/plain")
						.POST(HttpRequest.BodyPublishers.ofString(body))
						.build(),
					HttpResponse.BodyHandlers.ofString()));
		}
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (CompletableFuture<HttpResponse<String>> sort : sorts) {
			responses.add(sort.get(120, TimeUnit.SECONDS));
		}
		return responses;
	}

}
