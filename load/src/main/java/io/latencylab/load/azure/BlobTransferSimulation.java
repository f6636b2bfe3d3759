package io.latencylab.load.azure;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.PlainHttp;
import io.latencylab.load.Rounds;
import io.latencylab.load.azure.BlobTransfer.Direction;
import io.latencylab.observability.Request;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.RawFileBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002's blob download and upload against clients (Figure 1; see {@link BlobTransfer}): in
 * rounds of N clients at once, each on a connection of its own, downloading the same blob
 * (lab.blob.mib MiB, made before the step when the store lacks it) or uploading those bytes under
 * a name of its own. Nothing holds a blob in memory: the upload streams from a file, the download
 * is dropped chunk by chunk, its length checked. Prints the per-client and aggregate MB/s a level.
 */
public class BlobTransferSimulation extends Simulation {

	/** A minute a GiB is slow for one transfer; the slowest of 192 at once may take many. */
	private static final Duration TIMEOUT = Duration.ofMinutes(60);

	final Parameters parameters = Parameters.fromSystem();

	final BlobTransfer load = BlobTransfer.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder("blob-" + this.load.direction().label(), this.parameters);

	final String container = Targets.url(this.parameters, Targets.OBJECTS) + BlobTransfer.CONTAINER;

	/** With lab.blob.store=azure: Azure Storage's blob service (Azurite, or an account) instead of the object store. */
	final AzureBlobs azure = AzureBlobs.onAzure(this.parameters)
			? new AzureBlobs(StorageAccount.from(this.parameters), this.load.bytes()) : null;

	final Path body;

	final String md5;

	{
		try {
			this.body = Files.createTempFile("seed002-blob-", ".bin");
			this.md5 = write(this.body, this.load.bytes());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		// Gatling's own client and the store's path JIT-compiled first: three transfers, not recorded.
		List<PopulationBuilder> rounds = new ArrayList<>(List.of(scenario("warm-up")
			.exec((session) -> session.set("client", 0))
			.repeat(3)
			.on(exec(this::signed).exec(request("warm-up")))
			.injectOpen(atOnceUsers(1))));
		for (int clients : this.load.levels()) {
			for (int round = 1; round <= this.load.rounds(); round++) {
				String group = this.load.group(clients, round);
				AtomicInteger next = new AtomicInteger();
				rounds.add(scenario(group).exec((session) -> session.set("client", next.getAndIncrement()))
					.exec(this::signed)
					.exec(LabHttp.bulk(this.recorder, group, request(group), this.load.direction() == Direction.UPLOAD ? 201 : 200))
					.injectOpen(atOnceUsers(clients)));
			}
		}
		setUp(Rounds.inSequence(rounds)).protocols(http.disableCaching());
	}

	/** On Azure Storage, the client's request signed (its date and Authorization in the session); else as it is. */
	private Session signed(Session session) {
		return (this.azure != null) ? this.azure.sign(session, this.load.direction()) : session;
	}

	private HttpRequestActionBuilder request(String group) {
		String url = ((this.azure != null) ? this.azure.containerUrl() : this.container) + "/";
		HttpRequestActionBuilder request;
		if (this.load.direction() == Direction.DOWNLOAD) {
			request = http(group).get(url + BlobTransfer.object(Direction.DOWNLOAD, 0))
				.requestTimeout(TIMEOUT)
				.check(header("Content-Length").is(String.valueOf(this.load.bytes())));
		}
		else {
			request = http(group).put((session) -> url + BlobTransfer.object(Direction.UPLOAD, session.getInt("client")))
				.body(RawFileBody(this.body.toAbsolutePath().toString()))
				.header("Content-Type", "application/octet-stream")
				.requestTimeout(TIMEOUT);
			if (this.azure != null) {
				request = request.header("x-ms-blob-type", "BlockBlob");
			}
		}
		if (this.azure != null) {
			request = request.header("x-ms-date", "#{msDate}")
				.header("x-ms-version", StorageAccount.VERSION)
				.header("Authorization", "#{msAuthorization}");
		}
		return request;
	}

	/** The blob's bytes, the same on every run: a seeded stream, written a MiB at a time. */
	static String write(Path file, long bytes) throws IOException {
		MessageDigest md5;
		try {
			md5 = MessageDigest.getInstance("MD5");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
		SplittableRandom random = new SplittableRandom(2010);
		byte[] chunk = new byte[1 << 20];
		try (OutputStream out = new DigestOutputStream(Files.newOutputStream(file), md5)) {
			for (long left = bytes; left > 0; left -= chunk.length) {
				random.nextBytes(chunk);
				out.write(chunk, 0, (int) Math.min(chunk.length, left));
			}
		}
		return HexFormat.of().formatHex(md5.digest());
	}

	private List<CurlTransfer> curlRound() {
		List<CurlTransfer> all = new ArrayList<>();
		try {
			for (int clients : this.load.levels()) {
				List<Process> curls = new ArrayList<>();
				double[] starts = new double[clients];
				long first = System.nanoTime();
				for (int i = 0; i < clients; i++) {
					String object = BlobTransfer.object(this.load.direction(), i);
					String url = (this.azure != null) ? this.azure.blobUrl(this.load.direction(), i) : this.container + "/" + object;
					Map<String, String> headers = (this.azure != null) ? this.azure.headers(this.load.direction(), url) : Map.of();
					starts[i] = (System.nanoTime() - first) / 1e9;
					curls.add(CurlTransfer.start(this.load.direction(), url, this.body, headers));
				}
				for (int i = 0; i < clients; i++) {
					all.add(CurlTransfer.finish(clients, starts[i], curls.get(i)));
				}
			}
		}
		catch (IOException ex) {
			System.out.println("WARNING: no curl round (" + ex.getMessage() + "): is curl installed?");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return all;
	}

	/** The container, and for a download the blob itself when the store lacks it (not measured). */
	@Override
	public void before() {
		if (this.azure != null) {
			this.azure.setUp(this.load.direction(), this.body, this.md5);
			return;
		}
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
		PlainHttp.send(client, "PUT", this.container, new byte[0]);
		if (this.load.direction() == Direction.DOWNLOAD) {
			String url = this.container + "/" + BlobTransfer.object(Direction.DOWNLOAD, 0);
			HttpResponse<Void> head = PlainHttp.send(client, "HEAD", url, null, 200, 404);
			if (!head.headers().firstValue("ETag").orElse("").replace("\"", "").equals(this.md5)) {
				try {
					HttpResponse<Void> put = client.send(HttpRequest.newBuilder(URI.create(url))
						.PUT(HttpRequest.BodyPublishers.ofFile(this.body))
						.timeout(TIMEOUT)
						.build(), HttpResponse.BodyHandlers.discarding());
					if (put.statusCode() != 201) {
						throw new IllegalStateException("PUT " + url + " answered " + put.statusCode());
					}
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException(ex);
				}
			}
		}
	}

	/**
	 * The outside client's round: N curls at once a level, timed by curl (curl-transfers.csv); then
	 * the levels' MB/s, and the uploads deleted again: 192 of a GiB would fill a laptop's disk.
	 */
	@Override
	public void after() {
		Path csv = this.recorder.finish().resolveSibling("requests.csv");
		List<CurlTransfer> curls = curlRound();
		HttpClient client = HttpClient.newHttpClient();
		int most = this.load.levels().stream().mapToInt(Integer::intValue).max().orElse(0);
		if (this.load.direction() == Direction.UPLOAD && this.azure != null) {
			this.azure.deleteUploads(most);
		}
		else if (this.load.direction() == Direction.UPLOAD) {
			for (int i = 0; i < most; i++) {
				PlainHttp.send(client, "DELETE", this.container + "/" + BlobTransfer.object(Direction.UPLOAD, i), null,
						204, 404);
			}
		}
		try {
			Files.deleteIfExists(this.body);
			CurlTransfer.write(curls, csv.resolveSibling(CurlTransfer.FILE));
			System.out.printf(Locale.ROOT, "%nBlob %s of %d MiB (MB = 10^6 bytes)%n%8s %10s %7s %16s %16s %10s %16s%n",
					this.load.direction().label(), this.load.mib(), "clients", "transfers", "errors", "per client MB/s",
					"aggregate MB/s", "mean s", "curl per client");
			for (BlobTransfer.Level level : this.load.measure(Request.read(csv))) {
				System.out.printf(Locale.ROOT, "%8d %10d %7d %16.1f %16.1f %10.2f %16.1f%n", level.clients(), level.transfers(),
						level.errors(), level.perClientMBps(), level.aggregateMBps(), level.meanSeconds(),
						CurlTransfer.perClient(curls, level.clients()));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
