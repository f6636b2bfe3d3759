package io.latencylab.toystore.frontend;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.FloorGrpc;
import io.latencylab.toystore.api.FloorReply;
import io.latencylab.toystore.api.FloorRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The floor endpoints over a real gRPC channel to a stand-in catalog that records each call: the
 * door calls nothing, each other endpoint exactly its one method, and none is in the OpenAPI
 * description of the course's contract.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FloorControllerTests {

	private static final List<String> calls = new CopyOnWriteArrayList<>();

	private static final Server catalog = start();

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private static Server start() {
		try {
			return Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
				.addService(new Floor())
				.build()
				.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@DynamicPropertySource
	static void backends(DynamicPropertyRegistry registry) {
		registry.add("spring.grpc.client.channel.catalog.target", () -> "static://127.0.0.1:" + catalog.getPort());
		registry.add("spring.grpc.client.channel.orders.target", () -> "static://127.0.0.1:" + catalog.getPort());
	}

	@AfterAll
	static void stop() throws InterruptedException {
		catalog.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@BeforeEach
	void forget() {
		calls.clear();
	}

	@Test
	void theDoorAnswersWithoutCallingTheCatalog() throws Exception {
		HttpResponse<String> answer = get("/floor/door");
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(answer.body()).isEqualTo("{\"data\":{\"part\":\"door\",\"value\":0}}");
		assertThat(calls).isEmpty();
	}

	@Test
	void eachFloorCallsItsOneMethodOnTheCatalogsChannel() throws Exception {
		assertThat(get("/floor/ping").body()).isEqualTo("{\"data\":{\"part\":\"ping\",\"value\":0}}");
		assertThat(get("/floor/read?name=Whale").body()).isEqualTo("{\"data\":{\"part\":\"read\",\"value\":5}}");
		assertThat(get("/floor/commit").body()).isEqualTo("{\"data\":{\"part\":\"commit\",\"value\":1}}");
		assertThat(calls).containsExactly("Ping", "Read Whale", "Commit");
	}

	@Test
	void theCatalogsStatusesMapAsAQuerysDo() throws Exception {
		HttpResponse<String> answer = get("/floor/read?name=gone");
		assertThat(answer.statusCode()).isEqualTo(404);
		assertThat(answer.body()).isEqualTo("{\"error\":{\"code\":404,\"message\":\"product not found\"}}");
	}

	@Test
	void theFloorIsNotPartOfTheCoursesContract() throws Exception {
		HttpResponse<String> description = get("/v3/api-docs");
		assertThat(description.statusCode()).isEqualTo(200);
		assertThat(description.body()).contains("/products/{name}").doesNotContain("/floor");
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10))
			.build(), BodyHandlers.ofString());
	}

	/** Counts each call; Whale has 5 in stock, "gone" is no toy. */
	static final class Floor extends FloorGrpc.FloorImplBase {

		@Override
		public void ping(FloorRequest request, StreamObserver<FloorReply> answer) {
			calls.add("Ping");
			reply(answer, 0);
		}

		@Override
		public void read(FloorRequest request, StreamObserver<FloorReply> answer) {
			calls.add("Read " + request.getName());
			if (request.getName().equals("gone")) {
				answer.onError(Status.NOT_FOUND.asRuntimeException());
				return;
			}
			reply(answer, 5);
		}

		@Override
		public void commit(FloorRequest request, StreamObserver<FloorReply> answer) {
			calls.add("Commit");
			reply(answer, 1);
		}

		private static void reply(StreamObserver<FloorReply> answer, long value) {
			answer.onNext(FloorReply.newBuilder().setValue(value).build());
			answer.onCompleted();
		}

	}

}
