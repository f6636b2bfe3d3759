package io.latencylab.it;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The course's published contract against the three services as separate processes: byte-exact
 * JSON, every error path, and no oversell under 200 concurrent buys. On the run's shared lab
 * ({@link SharedLab}): a toy's stock is whatever earlier tests left, read before it is judged.
 */
@ExtendWith(SharedLab.class)
class ToyStoreContractIT {

	private static LabProcesses store;

	private static StoreClient client;

	@BeforeAll
	static void useTheSharedLab(LabProcesses shared) {
		store = shared;
		client = new StoreClient(store::frontend);
	}

	@Test
	void queryAnswersTheContractsShapeByteForByte() throws Exception {
		StoreClient.Answer giraffe = client.get("/products/Giraffe");
		assertThat(giraffe.status()).isEqualTo(200);
		int quantity = giraffe.read("$.data.quantity");
		assertThat(quantity).as("Giraffe's stock, 100 less what earlier tests bought").isBetween(0, 100);
		assertThat(giraffe.body()).isEqualTo("{\"data\":{\"name\":\"Giraffe\",\"price\":24.99,\"quantity\":" + quantity + "}}");
		assertThat(client.get("/products/giRAFFE/").body()).isEqualTo(giraffe.body());
	}

	@Test
	void unknownProductIsThe404Shape() throws Exception {
		StoreClient.Answer answer = client.get("/products/Yo-yo");
		assertThat(answer.status()).isEqualTo(404);
		assertThat(answer.body()).isEqualTo("{\"error\":{\"code\":404,\"message\":\"product not found\"}}");
	}

	@Test
	void buyThenReadTheOrderBack() throws Exception {
		StoreClient.Answer bought = client.buy("fox", 2);
		assertThat(bought.status()).isEqualTo(200);
		assertThat(bought.body()).matches("\\{\"data\":\\{\"order_number\":\\d+}}");
		int number = bought.read("$.data.order_number");
		StoreClient.Answer order = client.get("/orders/" + number);
		assertThat(order.body()).isEqualTo("{\"data\":{\"number\":" + number + ",\"name\":\"Fox\",\"quantity\":2}}");
		assertThat(client.get("/orders/" + number + "/").body()).isEqualTo(order.body());
	}

	@Test
	void aJsonBodyIsReadWhateverItsContentTypeSays() throws Exception {
		String body = "{\"name\":\"Frisbee\",\"quantity\":1}";
		for (String contentType : new String[] { null, "text/plain", "application/x-www-form-urlencoded",
				"application/json; charset=utf-8" }) {
			assertThat(client.post("/orders", contentType, body).status()).as("Content-Type %s", contentType)
				.isEqualTo(200);
		}
		assertThat(client.post("/orders/", null, body).status()).isEqualTo(200);
	}

	@Test
	void everyErrorHasTheContractsShapeAndStatus() throws Exception {
		expectError(client.buy("Tux", 0), 400);
		expectError(client.post("/orders", "application/json", "{\"quantity\":1}"), 400);
		expectError(client.post("/orders", "application/json", "{\"name\":\"Tux\",\"quantity\":\"two\"}"), 400);
		expectError(client.post("/orders", "application/json", "{not json"), 400);
		expectError(client.post("/orders", "application/json", "[1,2]"), 400);
		expectError(client.buy("Yo-yo", 1), 404);
		expectError(client.buy("Marbles", 101), 409);
		expectError(client.get("/orders/987654321"), 404);
		expectError(client.get("/orders/abc"), 404);
		expectError(client.get("/nothing/here"), 404);
		// The container's error page asked for directly (the fuzzer found it a 500).
		expectError(client.get("/error"), 404);
		// Over the front end's body limit (64 KB): refused in the contract's shape too.
		expectError(client.post("/orders", "application/json", "{\"name\":\"" + "x".repeat(70_000) + "\"}"), 413);
		assertThat(client.buy("Marbles", 101).body())
			.isEqualTo("{\"error\":{\"code\":409,\"message\":\"insufficient stock\"}}");
		assertThat(client.get("/orders/987654321").body())
			.isEqualTo("{\"error\":{\"code\":404,\"message\":\"order not found\"}}");
	}

	private static void expectError(StoreClient.Answer answer, int status) {
		assertThat(answer.status()).as(answer.body()).isEqualTo(status);
		assertThat(answer.body()).matches("\\{\"error\":\\{\"code\":" + status + ",\"message\":\"[^\"]+\"}}");
	}

	@Test
	void aKeepAliveSessionServesRequestAfterRequest() throws Exception {
		URIParts frontend = URIParts.of(store.frontend("/").toString());
		try (Socket socket = new Socket(frontend.host(), frontend.port())) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
			for (int i = 0; i < 3; i++) {
				out.write(("GET /products/Python HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
				out.flush();
				assertThat(in.readLine()).isEqualTo("HTTP/1.1 200 ");
				String body = readBody(in);
				assertThat(body).contains("\"name\":\"Python\"");
			}
		}
	}

	/** The body of one response, sent with Content-Length or chunked. */
	private static String readBody(BufferedReader in) throws java.io.IOException {
		int length = -1;
		boolean chunked = false;
		for (String header = in.readLine(); !header.isEmpty(); header = in.readLine()) {
			String lower = header.toLowerCase();
			if (lower.startsWith("content-length:")) {
				length = Integer.parseInt(header.substring(15).trim());
			}
			chunked |= lower.startsWith("transfer-encoding:") && lower.contains("chunked");
		}
		StringBuilder body = new StringBuilder();
		if (!chunked) {
			char[] chars = new char[length];
			int read = 0;
			while (read < length) {
				read += in.read(chars, read, length - read);
			}
			return body.append(chars).toString();
		}
		for (int size = Integer.parseInt(in.readLine().trim(), 16); size > 0; size = Integer.parseInt(in.readLine().trim(), 16)) {
			char[] chunk = new char[size];
			int read = 0;
			while (read < size) {
				read += in.read(chunk, read, size - read);
			}
			body.append(chunk);
			in.readLine();
		}
		in.readLine();
		return body.toString();
	}

	private record URIParts(String host, int port) {

		static URIParts of(String uri) {
			java.net.URI parsed = java.net.URI.create(uri);
			return new URIParts(parsed.getHost(), parsed.getPort());
		}

	}

	@Test
	void twoHundredConcurrentBuysOfFiftyLeftNeverOversell() throws Exception {
		// Bring Lego down to 50 (the restocker is off in these processes; earlier tests may have bought some).
		int left = client.quantityOf("Lego");
		assertThat(left).as("Lego's stock before").isGreaterThanOrEqualTo(50);
		if (left > 50) {
			assertThat(client.buy("Lego", left - 50).status()).isEqualTo(200);
		}
		assertThat(client.quantityOf("Lego")).isEqualTo(50);

		ExecutorService clients = Executors.newFixedThreadPool(40);
		List<CompletableFuture<StoreClient.Answer>> buys = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			buys.add(CompletableFuture.supplyAsync(() -> {
				try {
					return client.buy("Lego", 1);
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			}, clients));
		}
		List<StoreClient.Answer> answers = new ArrayList<>();
		for (CompletableFuture<StoreClient.Answer> buy : buys) {
			answers.add(buy.get(120, TimeUnit.SECONDS));
		}
		clients.shutdown();

		List<StoreClient.Answer> sold = answers.stream().filter((a) -> a.status() == 200).toList();
		assertThat(sold).hasSize(50);
		assertThat(answers).filteredOn((a) -> a.status() != 200).hasSize(150).allSatisfy((a) -> {
			assertThat(a.status()).isEqualTo(409);
			assertThat(a.body()).isEqualTo("{\"error\":{\"code\":409,\"message\":\"insufficient stock\"}}");
		});
		assertThat(client.quantityOf("Lego")).isZero();

		Set<Integer> numbers = new HashSet<>();
		for (StoreClient.Answer answer : sold) {
			int number = answer.read("$.data.order_number");
			assertThat(numbers.add(number)).as("order number %d given twice", number).isTrue();
			assertThat(client.get("/orders/" + number).body())
				.isEqualTo("{\"data\":{\"number\":" + number + ",\"name\":\"Lego\",\"quantity\":1}}");
		}
	}

}
