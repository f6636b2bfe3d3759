package io.latencylab.tables;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/** The table API over a real socket, run against each database the service is deployed on. */
abstract class TableContractTests {

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	/** A table of this test's own, so that tests never see each other's entities. */
	private String table;

	static void embeddedDatabase(DynamicPropertyRegistry registry, String prefix) throws Exception {
		String dataDir = Files.createTempDirectory(prefix).toString();
		registry.add("lab.data-dir", () -> dataDir);
	}

	@BeforeEach
	void createTable() throws Exception {
		this.table = "t" + UUID.randomUUID().toString().replace("-", "");
		assertThat(send("PUT", "/tables/" + this.table, null).statusCode()).isEqualTo(201);
	}

	@Test
	void insertQueryUpdateDeleteAnEntity() throws Exception {
		assertThat(send("PUT", "/tables/" + this.table, null).statusCode()).as("the table again").isEqualTo(204);
		HttpResponse<String> inserted = insert("p1", "r1", "{\"kcal\":500,\"name\":\"Steak\"}");
		assertThat(inserted.statusCode()).isEqualTo(201);
		assertThat(inserted.headers().firstValue("Location")).hasValue("/tables/" + this.table + "/entities/p1/r1");
		assertThat(inserted.headers().firstValue("ETag")).hasValue("\"1\"");

		HttpResponse<String> queried = send("GET", entity("p1", "r1"), null);
		assertThat(queried.statusCode()).isEqualTo(200);
		assertThat((Integer) JsonPath.read(queried.body(), "$.properties.kcal")).isEqualTo(500);
		assertThat((String) JsonPath.read(queried.body(), "$.rowKey")).isEqualTo("r1");

		HttpResponse<String> updated = send("PUT", entity("p1", "r1"), "{\"properties\":{\"kcal\":600}}");
		assertThat(updated.statusCode()).isEqualTo(204);
		assertThat(updated.headers().firstValue("ETag")).hasValue("\"2\"");
		assertThat((Integer) JsonPath.read(send("GET", entity("p1", "r1"), null).body(), "$.properties.kcal")).isEqualTo(600);

		HttpResponse<String> stale = send("PUT", entity("p1", "r1"), "{\"properties\":{}}", "If-Match", "\"1\"");
		assertProblem(stale, 412, "Entity changed");
		assertThat(send("PUT", entity("p1", "r1"), "{\"properties\":{}}", "If-Match", "\"2\"").statusCode()).isEqualTo(204);

		assertThat(send("DELETE", entity("p1", "r1"), null).statusCode()).isEqualTo(204);
		assertProblem(send("GET", entity("p1", "r1"), null), 404, "Entity not found");
		assertProblem(send("DELETE", entity("p1", "r1"), null), 404, "Entity not found");
		assertProblem(send("PUT", entity("p1", "r1"), "{\"properties\":{}}"), 404, "Entity not found");
	}

	@Test
	void refusesASecondEntityWithTheSameKeysAndAnEntityOfNoTable() throws Exception {
		assertThat(insert("p", "r", "{}").statusCode()).isEqualTo(201);
		assertProblem(insert("p", "r", "{\"other\":true}"), 409, "Entity already exists");
		assertThat(send("GET", entity("p", "r"), null).body()).as("the first entity is unchanged")
			.doesNotContain("other");
		assertProblem(send("POST", "/tables/nosuchtable" + UUID.randomUUID().toString().substring(0, 8) + "/entities",
				"{\"partitionKey\":\"p\",\"rowKey\":\"r\",\"properties\":{}}"), 404, "Table not found");
	}

	@Test
	void badInputIsAProblemNotACrash() throws Exception {
		assertProblem(send("PUT", "/tables/1abc", null), 400, "Invalid request");
		assertProblem(insert("p", "a b", "{}"), 400, "Invalid request");
		assertProblem(send("POST", "/tables/" + this.table + "/entities", "{\"partitionKey\":\"p\",\"properties\":{}}"), 400,
				"Invalid request");
		assertProblem(insert("p", "r", "[1,2]"), 400, "Invalid request");
		assertProblem(send("POST", "/tables/" + this.table + "/entities", "{\"partitionKey\":"), 400, "Bad Request");
		assertProblem(send("GET", "/tables/" + this.table + "/entities?partitionKey=p&limit=0", null), 400,
				"Invalid request");
		assertProblem(send("PUT", entity("p", "r"), "{}", "If-Match", "yesterday"), 400, "Invalid request");
		// Over Azure's 1 MiB entity, under the body limit: the entity is refused, not the body.
		String big = "{\"d\":\"" + "x".repeat(TableRules.MAX_PROPERTIES_CHARS) + "\"}";
		assertProblem(insert("p", "big", big), 413, "Entity too large");
		String huge = "{\"d\":\"" + "x".repeat(3 * 1024 * 1024) + "\"}";
		assertThat(insert("p", "huge", huge).statusCode()).isEqualTo(413);
		assertProblem(send("GET", entity("p", "big"), null), 404, "Entity not found");
	}

	@Test
	void listsAPartitionsKeysInRowKeyOrder() throws Exception {
		for (String rowKey : List.of("c", "a", "e", "b", "d")) {
			assertThat(insert("p", rowKey, "{}").statusCode()).isEqualTo(201);
		}
		assertThat(insert("other", "a", "{}").statusCode()).isEqualTo(201);
		HttpResponse<String> keys = send("GET", "/tables/" + this.table + "/entities?partitionKey=p&limit=3", null);
		assertThat(keys.statusCode()).isEqualTo(200);
		assertThat((List<String>) JsonPath.read(keys.body(), "$.keys[*].rowKey")).containsExactly("a", "b", "c");
	}

	@Test
	void droppingATableDropsItsEntities() throws Exception {
		assertThat(insert("p", "r", "{}").statusCode()).isEqualTo(201);
		assertThat(send("DELETE", "/tables/" + this.table, null).statusCode()).isEqualTo(204);
		assertProblem(send("GET", entity("p", "r"), null), 404, "Entity not found");
		assertThat(send("PUT", "/tables/" + this.table, null).statusCode()).as("made anew, empty").isEqualTo(201);
		assertProblem(send("GET", entity("p", "r"), null), 404, "Entity not found");
		assertProblem(send("DELETE", "/tables/nosuchtable9", null), 404, "Table not found");
	}

	@Test
	void concurrentUnconditionalUpdatesOfOneEntityAreNoneOfThemLost() throws Exception {
		assertThat(insert("p", "shared", "{\"n\":0}").statusCode()).isEqualTo(201);
		int clients = 8;
		int updates = 25;
		ExecutorService pool = Executors.newFixedThreadPool(clients);
		try {
			List<Future<Integer>> answered = new ArrayList<>();
			for (int c = 0; c < clients; c++) {
				int client = c;
				answered.add(pool.submit(() -> {
					int ok = 0;
					for (int i = 0; i < updates; i++) {
						if (send("PUT", entity("p", "shared"), "{\"properties\":{\"n\":" + client + "}}").statusCode() == 204) {
							ok++;
						}
					}
					return ok;
				}));
			}
			for (Future<Integer> f : answered) {
				assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(updates);
			}
		}
		finally {
			pool.shutdownNow();
		}
		HttpResponse<String> last = send("GET", entity("p", "shared"), null);
		assertThat(last.headers().firstValue("ETag")).as("one write each, plus the insert")
			.hasValue("\"" + (clients * updates + 1) + "\"");
	}

	private String entity(String partitionKey, String rowKey) {
		return "/tables/" + this.table + "/entities/" + partitionKey + "/" + rowKey;
	}

	private HttpResponse<String> insert(String partitionKey, String rowKey, String properties) throws Exception {
		return send("POST", "/tables/" + this.table + "/entities", "{\"partitionKey\":\"" + partitionKey
				+ "\",\"rowKey\":\"" + rowKey + "\",\"properties\":" + properties + "}");
	}

	private HttpResponse<String> send(String method, String path, String json, String... headers) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path))
			.method(method, (json != null) ? BodyPublishers.ofString(json) : BodyPublishers.noBody());
		if (json != null) {
			request.header("Content-Type", "application/json");
		}
		if (headers.length > 0) {
			request.headers(headers);
		}
		return this.http.send(request.build(), BodyHandlers.ofString());
	}

	private static void assertProblem(HttpResponse<String> response, int status, String title) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat((String) JsonPath.read(response.body(), "$.title")).isEqualTo(title);
		assertThat((Integer) JsonPath.read(response.body(), "$.status")).isEqualTo(status);
	}

}
