package io.latencylab.sort;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;

import com.jayway.jsonpath.JsonPath;
import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** Every input format and error path, over a real socket. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sort.max-n.exchange=1000", "lab.http.max-body-size=1MB" })
class SortServiceTests {

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	private URI uri(String pathAndQuery) {
		return URI.create("http://localhost:" + this.port + pathAndQuery);
	}

	private HttpResponse<String> post(String pathAndQuery, String contentType, String accept, String body)
			throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri(pathAndQuery))
			.POST(BodyPublishers.ofString(body));
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		if (accept != null) {
			request.header("Accept", accept);
		}
		return this.http.send(request.build(), BodyHandlers.ofString());
	}

	@Test
	void sortsTheStudysTextFormatWithEveryAlgorithm() throws Exception {
		for (String algorithm : new String[] { "exchange", "bubble", "quick", "jdk", "parallel" }) {
			HttpResponse<String> response = post("/sort?algorithm=" + algorithm, "text/plain", null,
					"5\n-3\n2147483647\n0\n-2147483648\n5\n");
			assertThat(response.statusCode()).as(algorithm).isEqualTo(200);
			assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("text/plain"));
			assertThat(response.body()).isEqualTo("-2147483648\n-3\n0\n5\n5\n2147483647\n");
		}
	}

	@Test
	void answersJsonWithJsonAndAsAcceptAsks() throws Exception {
		assertThat(post("/sort?algorithm=quick", "application/json", null, "[3, -1, 2]").body()).isEqualTo("[-1,2,3]");
		assertThat(post("/sort", "application/json", "text/plain", "[3, -1, 2]").body()).isEqualTo("-1\n2\n3\n");
		assertThat(post("/sort", "text/plain", "application/json", "3 -1 2").body()).isEqualTo("[-1,2,3]");
	}

	@Test
	void acceptsAFileUploadInTheFieldFile() throws Exception {
		String boundary = "lab" + UUID.randomUUID();
		String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"numbers.txt\"\r\n"
				+ "Content-Type: text/plain\r\n\r\n9\n8\n7\n\r\n--" + boundary + "--\r\n";
		HttpResponse<String> response = post("/sort?algorithm=exchange", "multipart/form-data; boundary=" + boundary,
				null, body);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo("7\n8\n9\n");
	}

	@Test
	void anUploadThatIsNotMultipartIsA400Problem() throws Exception {
		// What the fuzzer (ops/fuzz/run) sent: a multipart type without a boundary. It was a 500.
		HttpResponse<String> response = post("/sort?algorithm=exchange", "multipart/form-data", null, "9 8 7");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("the multipart body could not be read");
	}

	@Test
	void acceptsWhatCurlSendsByDefault() throws Exception {
		assertThat(post("/sort", "application/x-www-form-urlencoded", null, "2 1").body()).isEqualTo("1\n2\n");
	}

	@Test
	void reportsParseQueueAndSortInOneServerTimingHeader() throws Exception {
		HttpResponse<String> response = post("/sort?algorithm=jdk", "text/plain", null, "3 2 1");
		assertThat(response.headers().allValues("Server-Timing")).singleElement().satisfies((timing) -> assertThat(timing)
			.matches("total;dur=[0-9.]+, sort.parse;desc=\"[^\"]+\";dur=[0-9.]+, sort.queue;desc=\"sort.queue\";dur=[0-9.]+, "
					+ "sort.sort;desc=\"sort.sort\";dur=[0-9.]+"));
	}

	@Test
	void generatesTheSameFileForTheSameSeed() throws Exception {
		String one = this.http.send(HttpRequest.newBuilder(uri("/generate?n=20000&seed=7")).build(),
				BodyHandlers.ofString()).body();
		String two = this.http.send(HttpRequest.newBuilder(uri("/generate?n=20000&seed=7")).build(),
				BodyHandlers.ofString()).body();
		String other = this.http.send(HttpRequest.newBuilder(uri("/generate?n=20000&seed=8")).build(),
				BodyHandlers.ofString()).body();
		assertThat(one).isEqualTo(two).isNotEqualTo(other);
		assertThat(one.lines()).hasSize(20000).allMatch((line) -> Integer.parseInt(line) >= 0);
		int[] sorted = post("/sort?algorithm=quick", "text/plain", null, one).body().lines()
			.mapToInt(Integer::parseInt).toArray();
		int[] expected = one.lines().mapToInt(Integer::parseInt).toArray();
		Arrays.sort(expected);
		assertThat(sorted).containsExactly(expected);
	}

	@Test
	void largeBodiesMoveThroughTheSocketIn64KbPieces(@Autowired WebServerApplicationContext context) {
		Connector connector = ((TomcatWebServer) context.getWebServer()).getTomcat().getConnector();
		assertThat(String.valueOf(connector.getProperty("socket.appReadBufSize"))).isEqualTo("65536");
		assertThat(String.valueOf(connector.getProperty("socket.appWriteBufSize"))).isEqualTo("65536");
	}

	@Test
	void badTokenIsA400NamingItsPosition() throws Exception {
		HttpResponse<String> response = post("/sort", "text/plain", null, "1 2\n0x10 4");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(JsonPath.<Integer>read(response.body(), "$.tokenIndex")).isEqualTo(2);
		assertThat(JsonPath.<Integer>read(response.body(), "$.byteOffset")).isEqualTo(4);
		HttpResponse<String> json = post("/sort", "application/json", null, "[1, 2.5, 3]");
		assertThat(json.statusCode()).isEqualTo(400);
		assertThat(JsonPath.<Integer>read(json.body(), "$.tokenIndex")).isEqualTo(1);
		assertThat(post("/sort", "application/json", null, "[1, 2").statusCode()).isEqualTo(400);
		assertThat(post("/sort", "application/json", null, "{\"a\":1}").statusCode()).isEqualTo(400);
		assertThat(post("/sort", "application/json", null, "[3000000000]").statusCode()).isEqualTo(400);
	}

	@Test
	void unknownAlgorithmIsA400ListingTheKnownOnes() throws Exception {
		HttpResponse<String> response = post("/sort?algorithm=heap", "text/plain", null, "1");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("exchange, quick, jdk, parallel");
	}

	@Test
	void unsupportedMediaTypeIsA415() throws Exception {
		assertThat(post("/sort", "image/png", null, "1").statusCode()).isEqualTo(415);
	}

	@Test
	void moreIntegersThanTheAlgorithmsLimitIsA413NamingTheLimit() throws Exception {
		String body = "7\n".repeat(1001);
		HttpResponse<String> response = post("/sort?algorithm=exchange", "text/plain", null, body);
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(JsonPath.<String>read(response.body(), "$.detail")).contains("at most 1000")
			.contains("sort.max-n.exchange");
		assertThat(post("/sort?algorithm=quick", "text/plain", null, body).statusCode()).isEqualTo(200);
	}

	@Test
	void anOversizedBodyIsRefusedBeforeItIsRead() throws Exception {
		// Declare 100 MB, send 10 bytes, and read: the answer comes without the rest being sent.
		try (Socket socket = new Socket("localhost", this.port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(("POST /sort HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
					+ "Content-Length: 104857600\r\n\r\n1 2 3 4 5 ").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
			assertThat(head).isEqualTo("HTTP/1.1 413");
		}
	}

	@Test
	void anOversizedChunkedBodyIsA413() throws Exception {
		HttpRequest request = HttpRequest.newBuilder(uri("/sort?algorithm=jdk"))
			.header("Content-Type", "text/plain")
			.POST(BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(
					"1\n".repeat(600_000).getBytes(StandardCharsets.US_ASCII))))
			.build();
		assertThat(this.http.send(request, BodyHandlers.ofString()).statusCode()).isEqualTo(413);
	}

}
