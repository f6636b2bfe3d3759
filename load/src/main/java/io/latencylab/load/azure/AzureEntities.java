package io.latencylab.load.azure;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002's Table 1 on Azure Storage's table service (Azurite, or an account), as the study ran
 * it on Azure: the same workload as {@link EntityOperations} (one table and partition a size;
 * insert adds entities and leaves them; query and update share one entity; delete removes what
 * insert left), through the Table REST API (Insert Entity, Query Entities by key, Update Entity
 * with {@code If-Match: *}, Delete Entity), each request signed with the account's Shared Key.
 * Entities above 30,000 characters are split over several string properties, as a property holds
 * 32 K characters at most.
 */
public final class AzureEntities implements Entities {

	/** Which table store a matrix step drives: {@code lab} (the table service, the default) or {@code azure}. */
	public static final Parameter<String> STORE = Parameter.text("lab.entities.store");

	private static final String PARTITION = EntityOperations.PARTITION;

	private static final String SHARED = EntityOperations.SHARED;

	/** At most this many pages of a listing (Azure answers 1,000 entities a page). */
	private static final int MAX_PAGES = 10_000;

	private final StorageAccount account;

	private final Operation operation;

	private final String table;

	private final String properties;

	private final LeftByInsert leftByInsert = new LeftByInsert();

	public AzureEntities(StorageAccount account, Operation operation, int entityBytes) {
		if (!operation.isEntity()) {
			throw new IllegalArgumentException(operation.label() + " is not an entity operation");
		}
		this.account = account;
		this.operation = operation;
		this.table = "seed002entities" + Math.max(1, entityBytes / 1024) + "kb";
		this.properties = AzureInserts.properties(entityBytes - 100);
	}

	/** Whether a step's entity operations go to Azure Storage. */
	public static boolean onAzure(Parameters parameters) {
		return "azure".equals(parameters.get(STORE, "lab"));
	}

	String tableUrl() {
		return this.account.tableEndpoint() + "/" + this.table;
	}

	/** An entity's URL by its keys: {@code …/table(PartitionKey='p',RowKey='…')}. */
	String entityUrl(String rowKey) {
		return tableUrl() + "(PartitionKey='" + PARTITION + "',RowKey='" + rowKey + "')";
	}

	String entity(String rowKey) {
		return "{\"PartitionKey\":\"" + PARTITION + "\",\"RowKey\":\"" + rowKey + "\"" + this.properties + "}";
	}

	@Override
	public void setUp() {
		String tables = this.account.tableEndpoint() + "/Tables";
		send(request("POST", tables, "application/json").POST(BodyPublishers.ofString("{\"TableName\":\"" + this.table + "\"}")),
				201, 409);
		switch (this.operation) {
			case ENTITY_QUERY, ENTITY_UPDATE -> {
				// Insert Or Replace (a PUT without If-Match): the shared entity, whatever an earlier run left.
				String url = entityUrl(SHARED);
				send(request("PUT", url, "application/json").PUT(BodyPublishers.ofString(entity(SHARED))), 204);
			}
			case ENTITY_DELETE -> listLeftByInsert();
			default -> {
			}
		}
	}

	/** Every row key of the partition but the shared entity's, a page at a time. */
	private void listLeftByInsert() {
		String filter = URLEncoder.encode("PartitionKey eq '" + PARTITION + "'", StandardCharsets.UTF_8).replace("+", "%20");
		String next = "";
		for (int page = 0; page < MAX_PAGES; page++) {
			String url = tableUrl() + "()?$filter=" + filter + "&$select=RowKey" + next;
			HttpResponse<String> response = send(request("GET", url, "").GET(), 200);
			for (JsonNode entity : JsonMapper.shared().readTree(response.body()).path("value")) {
				String rowKey = entity.path("RowKey").asString();
				if (!rowKey.equals(SHARED)) {
					this.leftByInsert.add(rowKey);
				}
			}
			var nextPartition = response.headers().firstValue("x-ms-continuation-NextPartitionKey");
			var nextRow = response.headers().firstValue("x-ms-continuation-NextRowKey");
			if (nextPartition.isEmpty() || nextRow.isEmpty()) {
				return;
			}
			next = "&NextPartitionKey=" + URLEncoder.encode(nextPartition.get(), StandardCharsets.UTF_8) + "&NextRowKey="
					+ URLEncoder.encode(nextRow.get(), StandardCharsets.UTF_8);
		}
		throw new IllegalStateException(tableUrl() + " lists more than " + MAX_PAGES + " pages");
	}

	private HttpRequest.Builder request(String method, String url, String contentType) {
		String date = StorageAccount.date();
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
			.header("x-ms-date", date)
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Accept", "application/json;odata=nometadata")
			.header("Authorization", this.account.tableSharedKey(method, url, contentType, date));
		if (!contentType.isEmpty()) {
			request.header("Content-Type", contentType);
		}
		return request;
	}

	private HttpResponse<String> send(HttpRequest.Builder request, int... expected) {
		return this.account.send(request.build(), expected);
	}

	@Override
	public ChainBuilder chain(LoadRecorder recorder, String name) {
		return switch (this.operation) {
			case ENTITY_INSERT -> exec((session) -> signed(session.set("rowKey", UUID.randomUUID().toString()), "POST", tableUrl(),
					"application/json"))
				.exec(LabHttp.call(recorder, name, insert(name), 204));
			case ENTITY_QUERY -> exec((session) -> signed(session, "GET", entityUrl(SHARED), ""))
				.exec(LabHttp.call(recorder, name, headers(http(name).get(entityUrl(SHARED))), 200));
			case ENTITY_UPDATE -> exec((session) -> signed(session, "PUT", entityUrl(SHARED), "application/json"))
				.exec(LabHttp.call(recorder, name, headers(http(name).put(entityUrl(SHARED)))
					.header("If-Match", "*")
					.header("Content-Type", "application/json")
					.body(StringBody(entity(SHARED))), 204));
			case ENTITY_DELETE -> exec((session) -> {
				String rowKey = this.leftByInsert.next();
				Session keyed = session.set("rowKey", (rowKey != null) ? rowKey : UUID.randomUUID().toString())
					.set("setUp", rowKey == null);
				return (rowKey != null) ? keyed : signed(keyed, "POST", tableUrl(), "application/json");
			}).exec(doIf("#{setUp}").then(exec(insert("set up"))))
				.exec((session) -> signed(session, "DELETE", entityUrl(session.getString("rowKey")), ""))
				.exec(LabHttp.call(recorder, name, headers(http(name).delete(tableUrl() + "(PartitionKey='" + PARTITION
						+ "',RowKey='#{rowKey}')")).header("If-Match", "*"), 204));
			default -> throw new IllegalArgumentException(name + " is not an entity operation");
		};
	}

	/** Insert Entity, without the entity echoed back (as the study's client library asked). */
	private HttpRequestActionBuilder insert(String name) {
		return headers(http(name).post(tableUrl())).header("Prefer", "return-no-content")
			.header("Content-Type", "application/json")
			.body(StringBody((session) -> entity(session.getString("rowKey"))));
	}

	private static HttpRequestActionBuilder headers(HttpRequestActionBuilder request) {
		return request.header("x-ms-date", "#{msDate}")
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Accept", "application/json;odata=nometadata")
			.header("Authorization", "#{msAuthorization}");
	}

	private Session signed(Session session, String method, String url, String contentType) {
		String date = StorageAccount.date();
		return session.set("msDate", date).set("msAuthorization", this.account.tableSharedKey(method, url, contentType, date));
	}

	/** How many of insert's entities delete has still to remove. */
	int leftByInsert() {
		return this.leftByInsert.left();
	}

	@Override
	public long setUpsForDelete() {
		return this.leftByInsert.setUps();
	}

	@Override
	public void tell() {
		if (this.operation == Operation.ENTITY_DELETE) {
			this.leftByInsert.tell(tableUrl());
		}
	}

	@Override
	public ChainBuilder chain(LoadRecorder recorder) {
		return chain(recorder, this.operation.label());
	}

	/** As any store's, and which account it was. */
	@Override
	public void after(Map<String, Object> facts) {
		Entities.super.after(facts);
		facts.put("storage", this.account.describeTables());
	}

}
