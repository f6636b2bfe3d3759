package io.latencylab.load.azure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.latencylab.plan.Operation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The queue's requests and Table 2's inserts as Gatling sends them (the same URLs, headers and
 * Shared Key signatures), against a real Azurite started for the test; skipped where Azurite is not installed
 * (npm install --prefix .tools/azurite azurite).
 */
class AzuriteTests {

	@TempDir
	static Path data;

	static Process azurite;

	static StorageAccount account;

	private static final Pattern LISTENING = Pattern
		.compile("Azurite (Blob|Queue|Table) service is successfully listening at (http://127\\.0\\.0\\.1:\\d+)");

	@BeforeAll
	static void startAzurite() throws Exception {
		Path executable = Path.of("..", ".tools/azurite/node_modules/.bin/azurite").toAbsolutePath().normalize();
		assumeTrue(Files.isExecutable(executable), "Azurite is not installed in .tools/azurite");
		// Port 0: Azurite binds free ports itself and logs them, so no other process can take a port
		// between our choosing it and Azurite binding it.
		Path log = data.resolve("azurite.log");
		azurite = new ProcessBuilder(executable.toString(), "--silent", "--disableTelemetry", "--skipApiVersionCheck", "--location",
				data.toString(), "--blobPort", "0", "--queuePort", "0", "--tablePort", "0").redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
		Map<String, String> listening = listening(log);
		while (listening.size() < 3) {
			assertThat(azurite.isAlive()).as("Azurite still running; its log:%n%s", Files.readString(log)).isTrue();
			assertThat(System.nanoTime()).as("Azurite listening within 90 s; its log:%n%s", Files.readString(log))
				.isLessThan(deadline);
			Thread.sleep(100);
			listening = listening(log);
		}
		account = StorageAccount.azurite(listening.get("Blob"), listening.get("Queue"), listening.get("Table"));
	}

	/** Each service's URL from Azurite's "... service is successfully listening at URL" lines. */
	private static Map<String, String> listening(Path log) throws IOException {
		Map<String, String> urls = new HashMap<>();
		Matcher line = LISTENING.matcher(Files.readString(log));
		while (line.find()) {
			urls.put(line.group(1), line.group(2));
		}
		return urls;
	}

	@AfterAll
	static void stopAzurite() throws Exception {
		if (azurite != null) {
			azurite.descendants().forEach(ProcessHandle::destroy);
			azurite.destroy();
			azurite.waitFor(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void addThenPeekThenReceiveOneSharedQueueWithSharedKeySignatures() throws Exception {
		QueueOperations add = new QueueOperations(account, Operation.QUEUE_ADD, 512);
		assertThat(add.setUp(0)).isZero();
		String url = add.queueUrl() + "/messages";
		HttpResponse<String> added = add.send("POST", url, add.addBody());
		assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
		assertThat(add.length()).isEqualTo(1);

		QueueOperations peek = new QueueOperations(account, Operation.QUEUE_PEEK, 512);
		HttpResponse<String> peeked = peek.send("GET", url + "?peekonly=true", null);
		assertThat(peeked.statusCode()).isEqualTo(200);
		assertThat(peeked.body()).contains("<MessageText>" + QueueOperations.message(512) + "</MessageText>");

		QueueOperations receive = new QueueOperations(account, Operation.QUEUE_RECEIVE, 512);
		HttpResponse<String> received = receive.send("GET", url + "?visibilitytimeout=3600", null);
		assertThat(received.statusCode()).isEqualTo(200);
		assertThat(received.body()).contains("<MessageId>");
		// Hidden for an hour: a second receive finds the queue empty, though its length still counts it.
		assertThat(receive.send("GET", url + "?visibilitytimeout=3600", null).body()).doesNotContain("<MessageId>");
	}

	@Test
	void peekAndReceiveStartOnAtLeastThePrefill() {
		QueueOperations receive = new QueueOperations(account, Operation.QUEUE_RECEIVE, 1024);
		assertThat(receive.setUp(50)).isEqualTo(50);
		assertThat(receive.setUp(30)).as("not topped up past what it has").isEqualTo(50);
	}

	@Test
	void aWrongKeyIsRefused() throws Exception {
		StorageAccount wrong = StorageAccount.of(account.connectionString()
			.replace(StorageAccount.AZURITE_KEY, "d3Jvbmcga2V5IHdyb25nIGtleSB3cm9uZyBrZXkgd3Jvbmcga2V5IQ=="));
		QueueOperations add = new QueueOperations(wrong, Operation.QUEUE_ADD, 512);
		assertThat(add.send("GET", add.queueUrl() + "/messages?peekonly=true", null).statusCode()).isEqualTo(403);
	}

	@Test
	void table2sBlobAndTableInsertsAreSignedAsAzureWantsThem() throws Exception {
		AzureInserts inserts = new AzureInserts(account, 64);
		inserts.setUp();
		inserts.setUp();
		String blobUrl = inserts.containerUrl() + "/one";
		String date = StorageAccount.date();
		HttpResponse<String> put = account.send(HttpRequest.newBuilder(URI.create(blobUrl))
			.header("x-ms-date", date)
			.header("x-ms-version", StorageAccount.VERSION)
			.header("x-ms-blob-type", "BlockBlob")
			.header("Content-Type", "application/octet-stream")
			.header("Authorization", inserts.blobAuthorization(blobUrl, date))
			.PUT(HttpRequest.BodyPublishers.ofByteArray(inserts.blob()))
			.build(), 201, 403);
		assertThat(put.statusCode()).as(put.body()).isEqualTo(201);
		String entity = inserts.entity("row-1");
		assertThat(entity.length()).isBetween(64 * 1024 - 100, 64 * 1024).as("an entity of its size");
		HttpResponse<String> inserted = account.send(HttpRequest.newBuilder(URI.create(inserts.tableUrl()))
			.header("x-ms-date", date)
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Accept", "application/json;odata=nometadata")
			.header("Prefer", "return-no-content")
			.header("Content-Type", "application/json")
			.header("Authorization", inserts.tableAuthorization(inserts.tableUrl(), date))
			.POST(HttpRequest.BodyPublishers.ofString(entity))
			.build(), 204, 400, 403);
		assertThat(inserted.statusCode()).as(inserted.body()).isEqualTo(204);
	}

	@Test
	void table1sOperationsOnAzuritesTableServiceAsGatlingSignsThem() throws Exception {
		int bytes = 4 * 1024;
		AzureEntities insert = new AzureEntities(account, Operation.ENTITY_INSERT, bytes);
		insert.setUp();
		for (int i = 0; i < 5; i++) {
			HttpResponse<String> inserted = tableRequest("POST", insert.tableUrl(), insert.entity("row-" + i), 204);
			assertThat(inserted.statusCode()).isEqualTo(204);
		}
		// Query and update share one entity, made (or replaced) before the step: twice is fine.
		AzureEntities query = new AzureEntities(account, Operation.ENTITY_QUERY, bytes);
		query.setUp();
		query.setUp();
		HttpResponse<String> read = tableRequest("GET", query.entityUrl(EntityOperations.SHARED), null, 200);
		assertThat(read.body()).contains("\"RowKey\":\"shared\"").contains("\"d0\":\"xxx");
		HttpResponse<String> updated = tableRequest("PUT", query.entityUrl(EntityOperations.SHARED),
				query.entity(EntityOperations.SHARED), 204);
		assertThat(updated.statusCode()).isEqualTo(204);
		// Delete finds what insert left (not the shared entity), and removes each once.
		AzureEntities delete = new AzureEntities(account, Operation.ENTITY_DELETE, bytes);
		delete.setUp();
		assertThat(delete.leftByInsert()).isEqualTo(5);
		assertThat(tableRequest("DELETE", delete.entityUrl("row-0"), null, 204, 404).statusCode()).isEqualTo(204);
		assertThat(tableRequest("DELETE", delete.entityUrl("row-0"), null, 204, 404).statusCode()).isEqualTo(404);
	}

	@Test
	void figure1sGetAndPutBlobAsGatlingAndCurlSignThem() throws Exception {
		Path body = data.resolve("blob.bin");
		String md5 = BlobTransferSimulation.write(body, 1 << 20);
		AzureBlobs blobs = new AzureBlobs(account, Files.size(body));
		blobs.setUp(BlobTransfer.Direction.DOWNLOAD, body, md5);
		String url = blobs.blobUrl(BlobTransfer.Direction.DOWNLOAD, 0);
		String etag = get(blobs, url).headers().firstValue("ETag").orElseThrow();
		// A second set-up finds the blob by its MD5 and leaves it alone.
		blobs.setUp(BlobTransfer.Direction.DOWNLOAD, body, md5);
		HttpResponse<byte[]> read = get(blobs, url);
		assertThat(read.statusCode()).isEqualTo(200);
		assertThat(read.body()).isEqualTo(Files.readAllBytes(body));
		assertThat(read.headers().firstValue("ETag")).hasValue(etag);

		String upload = blobs.blobUrl(BlobTransfer.Direction.UPLOAD, 3);
		HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(upload)).PUT(HttpRequest.BodyPublishers.ofFile(body))
			.header("Content-Type", "application/octet-stream");
		blobs.headers(BlobTransfer.Direction.UPLOAD, upload).forEach(put::header);
		HttpResponse<String> written = account.send(put.build(), 201, 403);
		assertThat(written.statusCode()).as(written.body()).isEqualTo(201);
		blobs.deleteUploads(4);
		assertThat(get(blobs, upload).statusCode()).isEqualTo(404);
	}

	private static HttpResponse<byte[]> get(AzureBlobs blobs, String url) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).GET();
		blobs.headers(BlobTransfer.Direction.DOWNLOAD, url).forEach(request::header);
		return java.net.http.HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
	}

	/** A table request with the headers and signature AzureEntities' Gatling requests carry. */
	private static HttpResponse<String> tableRequest(String method, String url, String body, int... expected) {
		String date = StorageAccount.date();
		String type = (body != null) ? "application/json" : "";
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
			.header("x-ms-date", date)
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Accept", "application/json;odata=nometadata")
			.header("Authorization", account.tableSharedKey(method, url, type, date))
			.method(method, (body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody());
		if (body != null) {
			request.header("Content-Type", type);
		}
		if (method.equals("POST")) {
			request.header("Prefer", "return-no-content");
		}
		if (method.equals("PUT") || method.equals("DELETE")) {
			request.header("If-Match", "*");
		}
		return account.send(request.build(), expected);
	}

	@Test
	void messagesHaveTheirExactSizeAndQueuesTheirNames() {
		assertThat(QueueOperations.message(512)).hasSize(512);
		assertThat(List.of(512, 1024, 4096, 8192).stream().map(QueueOperations::queueName))
			.containsExactly("seed002-512b", "seed002-1kb", "seed002-4kb", "seed002-8kb");
	}

}
