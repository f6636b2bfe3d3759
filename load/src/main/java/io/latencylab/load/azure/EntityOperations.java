package io.latencylab.load.azure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.UUID;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.plan.Operation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002's operation × entity size matrix on the table service, the way the study ran it: one
 * table (one partition) per entity size; insert makes new entities and leaves them; query and
 * update work on one shared entity, every client on the same one (updates unconditional); delete
 * removes the entities insert left. Set-up (a fresh table before insert, the shared entity) is
 * done before the step and never counted. When delete has used up what insert left, each further
 * delete first makes its entity, uncounted, and the number of those is printed.
 */
public final class EntityOperations implements Entities {

	/** The study put every entity of a run in one partition. */
	static final String PARTITION = "p";

	static final String SHARED = "shared";

	private final String tablesUrl;

	private final Operation operation;

	private final String table;

	private final String entity;

	private final LeftByInsert leftByInsert = new LeftByInsert();

	private final HttpClient http = HttpClient.newHttpClient();

	public EntityOperations(String tablesUrl, Operation operation, int entityBytes) {
		this(tablesUrl, operation, entityBytes, "seed002entities" + Math.max(1, entityBytes / 1024) + "kb");
	}

	public EntityOperations(String tablesUrl, Operation operation, int entityBytes, String table) {
		this.tablesUrl = tablesUrl;
		this.operation = operation;
		this.table = table;
		// An entity of entityBytes in all: its keys and the JSON around the data are a few dozen bytes.
		this.entity = "{\"data\":\"" + "x".repeat(Math.max(1, entityBytes - 64)) + "\"}";
	}

	/** Before the step: the table and entities the operation needs, made here so they are not counted. */
	@Override
	public void setUp() {
		switch (this.operation) {
			case ENTITY_INSERT -> {
				send("DELETE", "/tables/" + this.table, null, 204, 404);
				send("PUT", "/tables/" + this.table, null, 201);
			}
			case ENTITY_QUERY, ENTITY_UPDATE -> {
				send("PUT", "/tables/" + this.table, null, 201, 204);
				if (send("POST", entities(), newEntity(SHARED), 201, 409).statusCode() == 409) {
					send("PUT", entities() + "/" + PARTITION + "/" + SHARED, "{\"properties\":" + this.entity + "}", 204);
				}
			}
			case ENTITY_DELETE -> {
				send("PUT", "/tables/" + this.table, null, 201, 204);
				JsonNode keys = JsonMapper.shared()
					.readTree(send("GET", entities() + "?partitionKey=" + PARTITION + "&limit=100000", null, 200).body());
				keys.path("keys").forEach((key) -> {
					if (!key.path("rowKey").asString().equals(SHARED)) {
						this.leftByInsert.add(key.path("rowKey").asString());
					}
				});
			}
			default -> throw new IllegalArgumentException(this.operation.label() + " is not an entity operation");
		}
	}

	@Override
	public long setUpsForDelete() {
		return this.leftByInsert.setUps();
	}

	/** After the step: how much delete had of insert's entities. */
	@Override
	public void tell() {
		if (this.operation == Operation.ENTITY_DELETE) {
			this.leftByInsert.tell(this.table);
		}
	}

	@Override
	public ChainBuilder chain(LoadRecorder recorder) {
		return chain(recorder, this.operation.label());
	}

	@Override
	public ChainBuilder chain(LoadRecorder recorder, String name) {
		String entityUrl = this.tablesUrl + entities() + "/" + PARTITION + "/";
		return switch (this.operation) {
			case ENTITY_INSERT -> exec((session) -> session.set("rowKey", UUID.randomUUID().toString()))
				.exec(LabHttp.call(recorder, name, insert(name), 201));
			case ENTITY_QUERY -> LabHttp.call(recorder, name, http(name).get(entityUrl + SHARED));
			case ENTITY_UPDATE -> LabHttp.call(recorder, name,
					json(http(name).put(entityUrl + SHARED), "{\"properties\":" + this.entity + "}"), 204);
			case ENTITY_DELETE -> exec((session) -> {
				String rowKey = this.leftByInsert.next();
				return session.set("rowKey", (rowKey != null) ? rowKey : UUID.randomUUID().toString())
					.set("setUp", rowKey == null);
			}).exec(doIf("#{setUp}").then(exec(insert("set up"))))
				.exec(LabHttp.call(recorder, name, http(name).delete(entityUrl + "#{rowKey}"), 204));
			default -> throw new IllegalArgumentException(name + " is not an entity operation");
		};
	}

	private String entities() {
		return "/tables/" + this.table + "/entities";
	}

	private String newEntity(String rowKey) {
		return "{\"partitionKey\":\"" + PARTITION + "\",\"rowKey\":\"" + rowKey + "\",\"properties\":" + this.entity + "}";
	}

	private HttpRequestActionBuilder insert(String requestName) {
		return json(http(requestName).post(this.tablesUrl + entities()), newEntity("#{rowKey}"));
	}

	private static HttpRequestActionBuilder json(HttpRequestActionBuilder request, String body) {
		return request.header("Content-Type", "application/json").body(StringBody(body));
	}

	private HttpResponse<String> send(String method, String path, String body, int... expected) {
		try {
			HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(URI.create(this.tablesUrl + path))
				.header("Content-Type", "application/json")
				.method(method, (body != null) ? BodyPublishers.ofString(body) : BodyPublishers.noBody())
				.build(), BodyHandlers.ofString());
			for (int status : expected) {
				if (response.statusCode() == status) {
					return response;
				}
			}
			throw new IllegalStateException(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot reach the table service at " + this.tablesUrl, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
