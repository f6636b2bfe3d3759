package io.latencylab.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;

import io.latencylab.it.LabProcesses.Service;
import io.latencylab.lab.study.svload.HitchTls;
import io.latencylab.lab.study.svload.VarnishCache;
import io.latencylab.lab.tls.LabCa;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Seed 003's path: real Varnish (ops/varnish/default.vcl, as ./lab starts it) in front of the
 * object store, and HTTPS with the lab's own CA on the store and through hitch in front of the
 * cache. A hit is answered by the cache alone: the store never sees it, not even as a span. Skips
 * where Varnish is not installed (and the hitch part where hitch is not).
 */
class CacheTierIT {

	private static LabProcesses lab;

	private static VarnishCache cache;

	private static HitchTls tls;

	private static LabCa ca;

	private static int storeHttpsPort;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() throws Exception {
		assumeTrue(VarnishCache.varnishd().isPresent(), VarnishCache.howToInstall());
		Path dir = Files.createTempDirectory("cache-tier");
		ca = LabCa.in(dir.resolve("tls"));
		storeHttpsPort = FreePorts.next();
		List<String> https = new ArrayList<>(List.of("--objects.https.port=" + storeHttpsPort));
		https.addAll(ca.springBundleArguments("objects"));
		lab = new LabProcesses().withArguments(Service.OBJECT_STORE, https);
		lab.start(Service.OBJECT_STORE);
		lab.awaitReady(Service.OBJECT_STORE);
		int storePort = lab.http(Service.OBJECT_STORE, "/").getPort();
		Path root = Path.of(System.getProperty("lab.root", ".."));
		cache = new VarnishCache(root.resolve("ops/varnish/default.vcl"), dir.resolve("varnish"), "127.0.0.1",
				FreePorts.next(), storePort);
		cache.start(List.of());
		if (HitchTls.hitch().isPresent()) {
			tls = new HitchTls(ca.serverPem(), dir.resolve("hitch"), "127.0.0.1", FreePorts.next(),
					cache.port());
			tls.start();
		}
	}

	@AfterAll
	static void stop() throws Exception {
		if (tls != null) {
			tls.stop();
		}
		if (cache != null) {
			cache.stop();
		}
		if (lab != null) {
			lab.close();
		}
	}

	@Test
	void aSecondGetIsAHitThatNeverReachesTheStore() throws Exception {
		store("PUT", "/v1/it/cached", null);
		store("PUT", "/v1/it/cached/photo.jpg", "the first version");

		String missTrace = traceId();
		HttpResponse<String> miss = viaCache("GET", "/v1/it/cached/photo.jpg", null, missTrace);
		assertThat(miss.headers().firstValue("X-Cache")).hasValue("MISS");
		assertThat(miss.body()).isEqualTo("the first version");
		// Where a miss's time went: the store's first byte as Varnish saw it, and the store's own time.
		assertThat(miss.headers().firstValue("Server-Timing")).hasValueSatisfying((timing) -> assertThat(timing)
			.matches("cache;desc=MISS, backend;dur=[0-9.]+, total;dur=[0-9.]+.*"));

		String hitTrace = traceId();
		HttpResponse<String> hit = viaCache("GET", "/v1/it/cached/photo.jpg", null, hitTrace);
		assertThat(hit.headers().firstValue("X-Cache")).hasValue("HIT");
		assertThat(hit.headers().firstValue("Age")).isPresent();
		assertThat(hit.body()).isEqualTo("the first version");
		assertThat(hit.headers().allValues("Server-Timing")).singleElement()
			.satisfies((timing) -> assertThat(timing).matches("cache;desc=hit"));

		// The store writes its spans within a second or two; the miss's trace shows they are in.
		Path spans = lab.tracesDir().resolve("object-store.jsonl");
		long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
		while (System.nanoTime() < deadline && !(Files.exists(spans) && Files.readString(spans).contains(missTrace))) {
			Thread.sleep(200);
		}
		assertThat(Files.readString(spans)).contains(missTrace).doesNotContain(hitTrace);
	}

	@Test
	void aWriteThroughTheCacheOrAPurgeDropsTheCachedCopy() throws Exception {
		store("PUT", "/v1/it/changing", null);
		store("PUT", "/v1/it/changing/doc", "old");
		viaCache("GET", "/v1/it/changing/doc", null, traceId());
		assertThat(viaCache("GET", "/v1/it/changing/doc", null, traceId()).headers().firstValue("X-Cache")).hasValue("HIT");

		assertThat(viaCache("PUT", "/v1/it/changing/doc", "new", traceId()).statusCode()).isEqualTo(201);
		HttpResponse<String> afterWrite = viaCache("GET", "/v1/it/changing/doc", null, traceId());
		assertThat(afterWrite.headers().firstValue("X-Cache")).hasValue("MISS");
		assertThat(afterWrite.body()).isEqualTo("new");

		assertThat(viaCache("PURGE", "/v1/it/changing/doc", null, traceId()).statusCode()).isEqualTo(200);
		assertThat(viaCache("GET", "/v1/it/changing/doc", null, traceId()).headers().firstValue("X-Cache")).hasValue("MISS");
	}

	@Test
	void httpsWithTheLabsCaAndOnlyWithIt() throws Exception {
		store("PUT", "/v1/it/secure", null);
		store("PUT", "/v1/it/secure/doc", "over TLS");
		HttpClient trusting = HttpClient.newBuilder().sslContext(ca.clientContext()).build();
		URI direct = URI.create("https://localhost:" + storeHttpsPort + "/v1/it/secure/doc");
		HttpResponse<String> fromStore = trusting.send(HttpRequest.newBuilder(direct).build(), BodyHandlers.ofString());
		assertThat(fromStore.statusCode()).isEqualTo(200);
		assertThat(fromStore.body()).isEqualTo("over TLS");
		assertThatThrownBy(() -> this.http.send(HttpRequest.newBuilder(direct).build(), BodyHandlers.ofString()))
			.as("a client that trusts only the JDK's CAs").isInstanceOf(SSLHandshakeException.class);

		assumeTrue(tls != null, HitchTls.howToInstall());
		URI cached = URI.create("https://localhost:" + tls.port() + "/v1/it/secure/doc");
		assertThat(trusting.send(HttpRequest.newBuilder(cached).build(), BodyHandlers.ofString()).headers()
			.firstValue("X-Cache")).hasValue("MISS");
		HttpResponse<String> hit = trusting.send(HttpRequest.newBuilder(cached).build(), BodyHandlers.ofString());
		assertThat(hit.headers().firstValue("X-Cache")).hasValue("HIT");
		assertThat(hit.body()).isEqualTo("over TLS");
		assertThatThrownBy(() -> this.http.send(HttpRequest.newBuilder(cached).build(), BodyHandlers.ofString()))
			.isInstanceOf(SSLHandshakeException.class);
	}

	@Test
	void listingsAreNeverCached() throws Exception {
		store("PUT", "/v1/it/listed", null);
		store("PUT", "/v1/it/listed/a", "a");
		assertThat(viaCache("GET", "/v1/it/listed", null, traceId()).body()).isEqualTo("a\n");
		store("PUT", "/v1/it/listed/b", "b");
		HttpResponse<String> listing = viaCache("GET", "/v1/it/listed", null, traceId());
		assertThat(listing.body()).isEqualTo("a\nb\n");
		assertThat(listing.headers().firstValue("X-Cache")).hasValue("PASS");
	}

	private void store(String method, String path, String body) throws Exception {
		HttpResponse<String> response = send(lab.http(Service.OBJECT_STORE, path), method, body, traceId());
		assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(201);
	}

	private HttpResponse<String> viaCache(String method, String path, String body, String traceId) throws Exception {
		return send(URI.create("http://127.0.0.1:" + cache.port() + path), method, body, traceId);
	}

	private HttpResponse<String> send(URI uri, String method, String body, String traceId) throws Exception {
		return this.http.send(HttpRequest.newBuilder(uri)
			.method(method, (body != null) ? BodyPublishers.ofString(body) : BodyPublishers.noBody())
			.header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
			.timeout(Duration.ofSeconds(30))
			.build(), BodyHandlers.ofString());
	}

	private static String traceId() {
		byte[] id = new byte[16];
		new SecureRandom().nextBytes(id);
		return HexFormat.of().formatHex(id);
	}

}
