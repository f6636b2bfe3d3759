package io.latencylab.load.azure;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;

import static io.gatling.javaapi.core.CoreDsl.ByteArrayBody;
import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002's Table 2 on Azure Storage (Azurite, or an account): the same data inserted as a new
 * block blob (Put Blob) and as a new table entity (Insert Entity), one container and one table a
 * size, each request signed with the account's Shared Key; Gatling sends them. The container and
 * the table are made when missing, before the step and not counted; every insert makes a new
 * name or row, so nothing needs emptying.
 */
public final class AzureInserts {

	/** A table entity's string property holds at most 32 K characters: larger data is split. */
	private static final int PROPERTY_CHARS = 30_000;

	private final StorageAccount account;

	private final int kb;

	private final byte[] blob;

	private final String entityProperties;

	public AzureInserts(StorageAccount account, int kb) {
		this.account = account;
		this.kb = kb;
		this.blob = new byte[kb * 1024];
		new SplittableRandom(kb).nextBytes(this.blob);
		this.entityProperties = properties(kb * 1024 - 100);
	}

	/** "seed002-inserts-4kb": a container's name. */
	public String containerUrl() {
		return this.account.blobEndpoint() + "/seed002-inserts-" + this.kb + "kb";
	}

	/** "seed002inserts4kb": table names are letters and digits. */
	public String tableUrl() {
		return this.account.tableEndpoint() + "/seed002inserts" + this.kb + "kb";
	}

	/** The entity's data as string properties d0, d1, … of {@code chars} characters in all. */
	static String properties(int chars) {
		StringBuilder json = new StringBuilder();
		int left = Math.max(1, chars);
		for (int i = 0; left > 0; i++) {
			int n = Math.min(left, PROPERTY_CHARS);
			json.append(",\"d").append(i).append("\":\"").append("x".repeat(n)).append('"');
			left -= n;
		}
		return json.toString();
	}

	String entity(String rowKey) {
		return "{\"PartitionKey\":\"p\",\"RowKey\":\"" + rowKey + "\"" + this.entityProperties + "}";
	}

	/** Before the step: the container and the table, each made when missing. */
	public void setUp() {
		String container = containerUrl() + "?restype=container";
		String containerDate = StorageAccount.date();
		this.account.send(HttpRequest.newBuilder(URI.create(container))
			.header("x-ms-date", containerDate)
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Authorization", this.account.sharedKey("PUT", container, "", "", headers(containerDate)))
			.PUT(BodyPublishers.noBody())
			.build(), 201, 409);
		String tables = this.account.tableEndpoint() + "/Tables";
		String body = "{\"TableName\":\"" + tableUrl().substring(tableUrl().lastIndexOf('/') + 1) + "\"}";
		String date = StorageAccount.date();
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(tables))
			.header("x-ms-date", date)
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json;odata=nometadata")
			.header("Authorization", this.account.tableSharedKey("POST", tables, "application/json", date))
			.POST(BodyPublishers.ofString(body));
		this.account.send(request.build(), 201, 409);
	}

	/** A new blob of this size, under a name of its own. */
	public ChainBuilder blobInsert(LoadRecorder recorder, String group) {
		return exec((session) -> {
			String url = containerUrl() + "/" + UUID.randomUUID();
			String date = StorageAccount.date();
			return session.set("blobUrl", url).set("msDate", date).set("msAuthorization", blobAuthorization(url, date));
		}).exec(LabHttp.call(recorder, group, http(group).put("#{blobUrl}")
			.header("x-ms-date", "#{msDate}")
			.header("x-ms-version", StorageAccount.VERSION)
			.header("x-ms-blob-type", "BlockBlob")
			.header("Authorization", "#{msAuthorization}")
			.header("Content-Type", "application/octet-stream")
			.body(ByteArrayBody(this.blob)), 201));
	}

	/** A new table entity of this size, in one partition as the study's. */
	public ChainBuilder tableInsert(LoadRecorder recorder, String group) {
		String url = tableUrl();
		return exec((session) -> sign(session, url))
			.exec(LabHttp.call(recorder, group, http(group).post(url)
				.header("x-ms-date", "#{msDate}")
				.header("x-ms-version", StorageAccount.VERSION)
				.header("Accept", "application/json;odata=nometadata")
				.header("Prefer", "return-no-content")
				.header("Authorization", "#{msAuthorization}")
				.header("Content-Type", "application/json")
				.body(StringBody((session) -> entity(session.getString("rowKey")))), 204));
	}

	private Session sign(Session session, String url) {
		String date = StorageAccount.date();
		return session.set("rowKey", UUID.randomUUID().toString())
			.set("msDate", date)
			.set("msAuthorization", tableAuthorization(url, date));
	}

	/** Put Blob's signature: its length, its type and its x-ms-* headers, blob type included. */
	String blobAuthorization(String url, String date) {
		Map<String, String> headers = new HashMap<>(headers(date));
		headers.put("x-ms-blob-type", "BlockBlob");
		return this.account.sharedKey("PUT", url, String.valueOf(this.blob.length), "application/octet-stream", headers);
	}

	/** Insert Entity's signature. */
	String tableAuthorization(String url, String date) {
		return this.account.tableSharedKey("POST", url, "application/json", date);
	}

	byte[] blob() {
		return this.blob;
	}

	private static Map<String, String> headers(String date) {
		return Map.of("x-ms-date", date, "x-ms-version", StorageAccount.VERSION);
	}

}
