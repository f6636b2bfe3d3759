package io.latencylab.load.azure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import io.gatling.javaapi.core.Session;
import io.latencylab.load.azure.BlobTransfer.Direction;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;

/**
 * Seed 002's Figure 1 on Azure Storage's blob service (Azurite, or an account), as the study ran
 * it on Azure: Get Blob of one block blob by every client, or Put Blob of the same bytes under a
 * name of each client's own, each request signed with the account's Shared Key. The blob to
 * download carries its MD5 as metadata, so a later run finds it and does not upload it again.
 */
public final class AzureBlobs {

	/** Which blob store a transfer step drives: {@code lab} (the object store, the default) or {@code azure}. */
	public static final Parameter<String> STORE = Parameter.text("lab.blob.store");

	/** Figure 1's container; one Put Blob takes up to 5,000 MiB in this API version, far above the plans' blobs. */
	static final String CONTAINER = "seed002-blobs";

	private final StorageAccount account;

	private final long bytes;

	public AzureBlobs(StorageAccount account, long bytes) {
		this.account = account;
		this.bytes = bytes;
	}

	public static boolean onAzure(Parameters parameters) {
		return "azure".equals(parameters.get(STORE, "lab"));
	}

	public String containerUrl() {
		return this.account.blobEndpoint() + "/" + CONTAINER;
	}

	public String blobUrl(Direction direction, int client) {
		return containerUrl() + "/" + BlobTransfer.object(direction, client);
	}

	/** The headers of a transfer, signed: the date, the version, the blob type on a Put Blob, the Authorization. */
	public Map<String, String> headers(Direction direction, String url) {
		Map<String, String> ms = new LinkedHashMap<>();
		ms.put("x-ms-date", StorageAccount.date());
		ms.put("x-ms-version", StorageAccount.VERSION);
		if (direction == Direction.UPLOAD) {
			ms.put("x-ms-blob-type", "BlockBlob");
		}
		Map<String, String> headers = new LinkedHashMap<>(ms);
		headers.put("Authorization", (direction == Direction.UPLOAD)
				? this.account.sharedKey("PUT", url, String.valueOf(this.bytes), "application/octet-stream", ms)
				: this.account.sharedKey("GET", url, "", "", ms));
		return headers;
	}

	/** The session's signed headers for this client's transfer, for Gatling's request to read. */
	public Session sign(Session session, Direction direction) {
		Map<String, String> headers = headers(direction, blobUrl(direction, session.getInt("client")));
		return session.set("msDate", headers.get("x-ms-date")).set("msAuthorization", headers.get("Authorization"));
	}

	/**
	 * Before the step: the container, and for a download the blob, uploaded (not measured) unless
	 * the account holds it already with these bytes' MD5.
	 */
	public void setUp(Direction direction, Path body, String md5) {
		String container = containerUrl() + "?restype=container";
		send("PUT", container, Map.of(), BodyPublishers.noBody(), "", "", 201, 409);
		if (direction != Direction.DOWNLOAD) {
			return;
		}
		String url = blobUrl(Direction.DOWNLOAD, 0);
		HttpResponse<String> head = send("HEAD", url, Map.of(), BodyPublishers.noBody(), "", "", 200, 404);
		if (head.statusCode() == 200 && head.headers().firstValue("x-ms-meta-md5").orElse("").equals(md5)) {
			return;
		}
		try {
			send("PUT", url, Map.of("x-ms-blob-type", "BlockBlob", "x-ms-meta-md5", md5), BodyPublishers.ofFile(body),
					String.valueOf(Files.size(body)), "application/octet-stream", 201);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** After the step: each client's upload deleted, as the object store's are. */
	public void deleteUploads(int clients) {
		for (int i = 0; i < clients; i++) {
			send("DELETE", blobUrl(Direction.UPLOAD, i), Map.of(), BodyPublishers.noBody(), "", "", 202, 404);
		}
	}

	private HttpResponse<String> send(String method, String url, Map<String, String> extra, HttpRequest.BodyPublisher body,
			String contentLength, String contentType, int... expected) {
		Map<String, String> ms = new HashMap<>(extra);
		ms.put("x-ms-date", StorageAccount.date());
		ms.put("x-ms-version", StorageAccount.VERSION);
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
			.timeout(Duration.ofMinutes(10))
			.method(method, body)
			.header("Authorization", this.account.sharedKey(method, url, contentLength, contentType, ms));
		ms.forEach(request::header);
		if (!contentType.isEmpty()) {
			request.header("Content-Type", contentType);
		}
		return this.account.send(request.build(), expected);
	}

}
