package io.latencylab.toystore.frontend;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.GetOrderRequest;
import io.latencylab.toystore.api.Order;
import io.latencylab.toystore.api.OrderReply;
import io.latencylab.toystore.api.OrderRequest;
import io.latencylab.toystore.api.OrdersGrpc;
import io.latencylab.toystore.api.QueryRequest;
import io.latencylab.toystore.api.Toy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The front end's REST contract (the course's JSON shapes, to the byte) and how it maps each backend
 * status to an HTTP one, over real gRPC channels to a catalog and an order service whose answers the
 * test chooses (an in-process stand-in of the backends, listening on a free port).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class StoreContractTests {

	/** Each toy name makes the stand-in catalog answer one way. */
	private static final Map<String, Status> CATALOG_FAILURES = Map.of("gone", Status.NOT_FOUND, "down",
			Status.UNAVAILABLE, "slow", Status.DEADLINE_EXCEEDED, "odd", Status.INVALID_ARGUMENT.withDescription("odd name"),
			"broken", Status.INTERNAL.withDescription("a stack trace the client must not see"));

	private static final Server backends = start();

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private static Server start() {
		try {
			return Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
				.addService(new Catalog())
				.addService(new Orders())
				.build()
				.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@DynamicPropertySource
	static void backends(DynamicPropertyRegistry registry) {
		registry.add("spring.grpc.client.channel.catalog.target", () -> "static://127.0.0.1:" + backends.getPort());
		registry.add("spring.grpc.client.channel.orders.target", () -> "static://127.0.0.1:" + backends.getPort());
	}

	@AfterAll
	static void stop() throws InterruptedException {
		backends.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aProductIsTheCourseShapeToTheByteWithOrWithoutATrailingSlash() throws Exception {
		for (String path : new String[] { "/products/Tux", "/products/Tux/" }) {
			HttpResponse<String> answer = get(path);
			assertThat(answer.statusCode()).isEqualTo(200);
			assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
			assertThat(answer.body()).isEqualTo("{\"data\":{\"name\":\"Tux\",\"price\":25.50,\"quantity\":7}}");
		}
	}

	@Test
	void aBuyAnswersItsOrderNumberWhateverTheContentTypeSays() throws Exception {
		for (String type : new String[] { "application/json", "text/plain", "application/x-www-form-urlencoded" }) {
			HttpResponse<String> answer = post("/orders", type, "{\"name\":\"Tux\",\"quantity\":2}");
			assertThat(answer.statusCode()).as(type).isEqualTo(200);
			assertThat(answer.body()).isEqualTo("{\"data\":{\"order_number\":42}}");
		}
		HttpResponse<String> order = get("/orders/42/");
		assertThat(order.statusCode()).isEqualTo(200);
		assertThat(order.body()).isEqualTo("{\"data\":{\"number\":42,\"name\":\"Tux\",\"quantity\":2}}");
	}

	@Test
	void aBadBuyIsA400InTheCourseShapeBeforeAnyBackendIsAsked() throws Exception {
		assertError(post("/orders", "application/json", "{\"quantity\":1}"), 400, "name must be a non-empty string");
		assertError(post("/orders", "application/json", "{\"name\":\"Tux\",\"quantity\":\"two\"}"), 400,
				"quantity must be an integer");
		assertError(post("/orders", "application/json", "{\"name\":\"Tux\",\"quantity\":0}"), 400,
				"quantity must be an integer from 1 to 1000000");
		assertError(post("/orders", "application/json", "[1, 2]"), 400, "body must be a JSON object with name and quantity");
		HttpResponse<String> malformed = post("/orders", "application/json", "{\"name\":");
		assertThat(malformed.statusCode()).isEqualTo(400);
		assertThat(malformed.body()).startsWith("{\"error\":{\"code\":400,\"message\":\"malformed JSON: ");
	}

	@Test
	void eachBackendStatusMapsToItsHttpStatus() throws Exception {
		assertError(get("/products/gone"), 404, "product not found");
		assertError(get("/orders/7"), 404, "order not found");
		assertError(get("/orders/seven"), 404, "order not found");
		assertError(post("/orders", "application/json", "{\"name\":\"Tux\",\"quantity\":1000}"), 409, "insufficient stock");
		assertError(get("/products/odd"), 400, "odd name");
		assertError(get("/products/down"), 503, "backend unavailable");
		assertError(get("/products/slow"), 503, "backend unavailable");
		assertError(get("/products/broken"), 500, "internal error");
	}

	@Test
	void whatTheContainerRefusesIsInTheCourseShapeToo() throws Exception {
		assertError(get("/no/such/path"), 404, "not found");
		assertError(get("/error"), 404, "not found");
		HttpResponse<String> delete = this.http.send(HttpRequest.newBuilder(uri("/orders")).DELETE().build(),
				BodyHandlers.ofString());
		assertError(delete, 405, "method DELETE not allowed");
		HttpResponse<String> tooLarge = post("/orders", "application/json",
				"{\"name\":\"" + "x".repeat(70 * 1024) + "\",\"quantity\":1}");
		assertThat(tooLarge.statusCode()).isEqualTo(413);
		assertThat(tooLarge.body()).startsWith("{\"error\":{\"code\":413,");
	}

	private void assertError(HttpResponse<String> answer, int status, String message) {
		assertThat(answer.statusCode()).as(answer.uri().toString()).isEqualTo(status);
		assertThat(answer.body()).isEqualTo("{\"error\":{\"code\":" + status + ",\"message\":\"" + message + "\"}}");
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10)).build(),
				BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String path, String type, String body) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(uri(path))
			.timeout(Duration.ofSeconds(10))
			.header("Content-Type", type)
			.POST(BodyPublishers.ofString(body))
			.build(), BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	/** The catalog the test chooses: Tux in stock, the other names failing as CATALOG_FAILURES says. */
	static final class Catalog extends CatalogGrpc.CatalogImplBase {

		@Override
		public void query(QueryRequest request, StreamObserver<Toy> answer) {
			Status failure = CATALOG_FAILURES.get(request.getName());
			if (failure != null) {
				answer.onError(failure.asRuntimeException());
				return;
			}
			answer.onNext(Toy.newBuilder().setName("Tux").setPriceCents(2550).setQuantity(7).build());
			answer.onCompleted();
		}

	}

	/** The order service the test chooses: order 42 for a buy of Tux within its stock of 7. */
	static final class Orders extends OrdersGrpc.OrdersImplBase {

		@Override
		public void buy(OrderRequest request, StreamObserver<OrderReply> answer) {
			if (request.getQuantity() > 7) {
				answer.onError(Status.FAILED_PRECONDITION.withDescription("insufficient stock").asRuntimeException());
				return;
			}
			answer.onNext(OrderReply.newBuilder().setNumber(42).build());
			answer.onCompleted();
		}

		@Override
		public void getOrder(GetOrderRequest request, StreamObserver<Order> answer) {
			if (request.getNumber() != 42) {
				answer.onError(Status.NOT_FOUND.asRuntimeException());
				return;
			}
			answer.onNext(Order.newBuilder().setNumber(42).setName("Tux").setQuantity(2).build());
			answer.onCompleted();
		}

	}

}
