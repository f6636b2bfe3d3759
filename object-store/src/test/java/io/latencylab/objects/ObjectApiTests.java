package io.latencylab.objects;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** Swift's API over a real socket: objects, ranges, conditions, listings and every refusal. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "lab.http.max-body-size=256KB")
class ObjectApiTests {

	static Path dataDir;

	static Path tracesDir;

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	/** A container of this test's own. */
	private String container;

	@DynamicPropertySource
	static void folders(DynamicPropertyRegistry registry) throws IOException {
		dataDir = Files.createTempDirectory("object-store");
		tracesDir = Files.createTempDirectory("object-store-traces");
		registry.add("lab.data-dir", () -> dataDir.toString());
		registry.add("lab.traces-dir", () -> tracesDir.toString());
	}

	@BeforeEach
	void createContainer() throws Exception {
		this.container = "c" + UUID.randomUUID().toString().replace("-", "");
		assertThat(send("PUT", "/v1/acct/" + this.container, null).statusCode()).isEqualTo(201);
	}

	@Test
	void putGetHeadDeleteAnObject() throws Exception {
		assertThat(send("PUT", "/v1/acct/" + this.container, null).statusCode()).as("the container again")
			.isEqualTo(202);
		HttpResponse<String> put = send(HttpRequest.newBuilder(uri(object("photos/cat.jpg")))
			.PUT(BodyPublishers.ofString("hello"))
			.header("Content-Type", "image/jpeg"));
		assertThat(put.statusCode()).isEqualTo(201);
		assertThat(put.headers().firstValue("ETag")).hasValue("\"5d41402abc4b2a76b9719d911017c592\"");
		assertThat(put.headers().firstValue("Server-Timing")).hasValueSatisfying((timing) -> assertThat(timing).contains("object.write"));

		HttpResponse<String> get = send("GET", object("photos/cat.jpg"), null);
		assertThat(get.statusCode()).isEqualTo(200);
		assertThat(get.body()).isEqualTo("hello");
		assertThat(get.headers().firstValue("Content-Type")).hasValue("image/jpeg");
		assertThat(get.headers().firstValue("Content-Length")).hasValue("5");
		assertThat(get.headers().firstValue("Accept-Ranges")).hasValue("bytes");
		assertThat(get.headers().firstValue("Last-Modified")).isPresent();

		HttpResponse<String> head = send("HEAD", object("photos/cat.jpg"), null);
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(head.headers().firstValue("Content-Length")).hasValue("5");
		assertThat(head.body()).isEmpty();

		assertThat(send("DELETE", object("photos/cat.jpg"), null).statusCode()).isEqualTo(204);
		assertProblem(send("GET", object("photos/cat.jpg"), null), 404, "Object not found");
		assertProblem(send("DELETE", object("photos/cat.jpg"), null), 404, "Object not found");
	}

	@Test
	void aChunkedBodyIsStoredWhole() throws Exception {
		byte[] body = new byte[200_000];
		for (int i = 0; i < body.length; i++) {
			body[i] = (byte) (i * 31);
		}
		BodyPublisher chunked = BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
		HttpResponse<String> put = send(HttpRequest.newBuilder(uri(object("big"))).PUT(chunked));
		assertThat(put.statusCode()).isEqualTo(201);
		HttpResponse<byte[]> get = this.http.send(HttpRequest.newBuilder(uri(object("big"))).build(),
				BodyHandlers.ofByteArray());
		assertThat(get.body()).isEqualTo(body);
	}

	@Test
	void rangesOfAnObject() throws Exception {
		send("PUT", object("digits"), "0123456789");
		assertRange("bytes=2-5", 206, "2345", "bytes 2-5/10");
		assertRange("bytes=7-", 206, "789", "bytes 7-9/10");
		assertRange("bytes=-3", 206, "789", "bytes 7-9/10");
		assertRange("bytes=8-100", 206, "89", "bytes 8-9/10");
		assertRange("bytes=0-1,4-5", 200, "0123456789", null);
		assertRange("bytes=banana", 200, "0123456789", null);
		HttpResponse<String> past = send(get(object("digits")).header("Range", "bytes=10-20"));
		assertProblem(past, 416, "Range not satisfiable");
		assertThat(past.headers().firstValue("Content-Range")).hasValue("bytes */10");
		String etag = past.headers().firstValue("ETag").orElseThrow();
		assertThat(send(get(object("digits")).header("Range", "bytes=0-0").header("If-Range", etag)).statusCode())
			.isEqualTo(206);
		assertThat(send(get(object("digits")).header("Range", "bytes=0-0").header("If-Range", "\"other\"")).body())
			.isEqualTo("0123456789");
	}

	@Test
	void conditionalGets() throws Exception {
		HttpResponse<String> put = send("PUT", object("x"), "x");
		String etag = put.headers().firstValue("ETag").orElseThrow();
		String lastModified = put.headers().firstValue("Last-Modified").orElseThrow();
		HttpResponse<String> unchanged = send(get(object("x")).header("If-None-Match", "\"other\", " + etag));
		assertThat(unchanged.statusCode()).isEqualTo(304);
		assertThat(unchanged.headers().firstValue("ETag")).hasValue(etag);
		assertThat(send(get(object("x")).header("If-None-Match", "\"other\"")).statusCode()).isEqualTo(200);
		assertThat(send(get(object("x")).header("If-Modified-Since", lastModified)).statusCode()).isEqualTo(304);
		String anHourBefore = DateTimeFormatter.RFC_1123_DATE_TIME
			.format(ZonedDateTime.parse(lastModified, DateTimeFormatter.RFC_1123_DATE_TIME).minusHours(1));
		assertThat(send(get(object("x")).header("If-Modified-Since", anHourBefore)).statusCode()).isEqualTo(200);
		assertThat(send(get(object("x")).header("If-Modified-Since", "not a date")).statusCode()).isEqualTo(200);
		assertProblem(send(get(object("x")).header("If-Match", "\"other\"")), 412, "Object changed");
		assertThat(send(get(object("x")).header("If-Match", etag)).statusCode()).isEqualTo(200);
	}

	@Test
	void aWrongMd5IsRefusedAndNothingStored() throws Exception {
		HttpResponse<String> put = send(HttpRequest.newBuilder(uri(object("x")))
			.PUT(BodyPublishers.ofString("hello"))
			.header("ETag", "\"00000000000000000000000000000000\""));
		assertProblem(put, 422, "ETag mismatch");
		assertProblem(send("GET", object("x"), null), 404, "Object not found");
		assertThat(send(HttpRequest.newBuilder(uri(object("x")))
			.PUT(BodyPublishers.ofString("hello"))
			.header("ETag", "5d41402abc4b2a76b9719d911017c592")).statusCode()).isEqualTo(201);
	}

	@Test
	void containerListingsAndDescription() throws Exception {
		for (String name : new String[] { "b", "a/2", "a/1" }) {
			send("PUT", object(name), name + name);
		}
		HttpResponse<String> text = send("GET", "/v1/acct/" + this.container, null);
		assertThat(text.body()).isEqualTo("a/1\na/2\nb\n");
		assertThat(send("GET", "/v1/acct/" + this.container + "?prefix=a/&marker=a/1", null).body()).isEqualTo("a/2\n");
		HttpResponse<String> json = send("GET", "/v1/acct/" + this.container + "?format=json&limit=1", null);
		assertThat((String) JsonPath.read(json.body(), "$[0].name")).isEqualTo("a/1");
		assertThat((Integer) JsonPath.read(json.body(), "$[0].bytes")).isEqualTo(6);
		assertThat((String) JsonPath.read(json.body(), "$[0].content_type")).isEqualTo("application/octet-stream");
		assertThat(JsonPath.<List<?>>read(json.body(), "$")).hasSize(1);
		assertThat(send("GET", "/v1/acct/" + this.container + "?prefix=zzz", null).statusCode()).isEqualTo(204);
		assertProblem(send("GET", "/v1/acct/" + this.container + "?limit=0", null), 400, "Invalid request");

		HttpResponse<String> head = send("HEAD", "/v1/acct/" + this.container, null);
		assertThat(head.headers().firstValue("X-Container-Object-Count")).hasValue("3");
		assertThat(head.headers().firstValue("X-Container-Bytes-Used")).hasValue("14");
		assertThat(send("GET", "/v1/acct", null).body()).contains(this.container + "\n");

		assertProblem(send("DELETE", "/v1/acct/" + this.container, null), 409, "Container not empty");
		for (String name : new String[] { "b", "a/2", "a/1" }) {
			send("DELETE", object(name), null);
		}
		assertThat(send("DELETE", "/v1/acct/" + this.container, null).statusCode()).isEqualTo(204);
		assertProblem(send("GET", "/v1/acct/" + this.container, null), 404, "Container not found");
		assertProblem(send("PUT", object("x"), "x"), 404, "Container not found");
		assertProblem(send("GET", "/v1/nobody", null), 404, "Account not found");
	}

	@Test
	void encodedSlashesAndDotsInANameStayInsideTheContainer() throws Exception {
		assertThat(send("PUT", object("..%2F..%2F..%2Fescaped"), "inside").statusCode()).isEqualTo(201);
		assertThat(send("GET", object("..%2F..%2F..%2Fescaped"), null).body()).isEqualTo("inside");
		assertThat(send("GET", object("../../../escaped"), null).body()).as("dot segments are part of the name, not a way up")
			.isEqualTo("inside");
		assertThat(send("GET", "/v1/acct/" + this.container, null).body()).isEqualTo("../../../escaped\n");
		try (var files = Files.walk(dataDir)) {
			assertThat(files.filter(Files::isRegularFile).filter((f) -> !f.startsWith(dataDir.resolve("objects/acct"))))
				.isEmpty();
		}
		assertProblem(send("PUT", "/v1/acct/%2E%2E", null), 400, "Invalid request");
		assertProblem(send("PUT", "/v1/%2E%2E/" + this.container, null), 400, "Invalid request");
		assertProblem(send("PUT", "/v1/acct/a%2Fb", null), 400, "Invalid request");
	}

	@Test
	void aNulInANameIsRefused() throws Exception {
		// Tomcat refuses it before the service sees it; the telemetry module's valve answers.
		assertProblem(send("PUT", object("a%00b"), "x"), 400, "Bad Request");
		assertProblem(send("PUT", object("a%01b"), "x"), 400, "Invalid request");
	}

	@Test
	void aBodyWithoutALengthIsRefusedWith411() throws Exception {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(("PUT " + object("x") + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			assertThat(answer).startsWith("HTTP/1.1 411").contains("application/problem+json").contains("Length required");
		}
	}

	@Test
	void aBodyOverTheLimitIsRefusedWith413() throws Exception {
		byte[] body = new byte[300 * 1024];
		assertProblem(send(HttpRequest.newBuilder(uri(object("huge"))).PUT(BodyPublishers.ofByteArray(body))), 413,
				"Payload Too Large");
		HttpResponse<String> chunked = send(HttpRequest.newBuilder(uri(object("huge")))
			.PUT(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))));
		assertThat(chunked.statusCode()).isEqualTo(413);
		assertProblem(send("GET", object("huge"), null), 404, "Object not found");
	}

	@Test
	void readsAndWritesAreSpansWithTheirByteCounts() throws Exception {
		send("PUT", object("traced"), "seventeen bytes!!");
		send("GET", object("traced"), null);
		Path file = tracesDir.resolve("object-store.jsonl");
		String bytes = "{\"key\":\"object.bytes\",\"value\":{\"stringValue\":\"17\"}}";
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		List<String> spans = List.of();
		while (System.nanoTime() < deadline && spans.size() < 2) {
			Thread.sleep(200);
			spans = Files.exists(file) ? spansWith(Files.readString(file), bytes) : List.of();
		}
		assertThat(spans).hasSize(2).anyMatch((span) -> span.startsWith("object write"))
			.anyMatch((span) -> span.startsWith("object read"));
	}

	/** The names (and what follows them) of the spans that carry {@code attribute}. */
	private static List<String> spansWith(String otlpJson, String attribute) {
		return Arrays.stream(otlpJson.split("\\{\"traceId\""))
			.filter((span) -> span.contains(attribute))
			.map((span) -> span.substring(span.indexOf("\"name\":\"") + 8))
			.toList();
	}

	private void assertRange(String range, int status, String body, String contentRange) throws Exception {
		HttpResponse<String> response = send(get(object("digits")).header("Range", range));
		assertThat(response.statusCode()).as(range).isEqualTo(status);
		assertThat(response.body()).as(range).isEqualTo(body);
		assertThat(response.headers().firstValue("Content-Range")).as(range)
			.isEqualTo(java.util.Optional.ofNullable(contentRange));
	}

	private static void assertProblem(HttpResponse<String> response, int status, String title) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat((String) JsonPath.read(response.body(), "$.title")).isEqualTo(title);
	}

	private String object(String name) {
		return "/v1/acct/" + this.container + "/" + name;
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

	private HttpRequest.Builder get(String path) {
		return HttpRequest.newBuilder(uri(path)).GET();
	}

	private HttpResponse<String> send(String method, String path, String body) throws Exception {
		return send(HttpRequest.newBuilder(uri(path))
			.method(method, (body != null) ? BodyPublishers.ofString(body) : BodyPublishers.noBody()));
	}

	private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
		return this.http.send(request.build(), BodyHandlers.ofString());
	}

}
