package io.latencylab.it;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.jayway.jsonpath.JsonPath;
import io.latencylab.it.LabProcesses.Service;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The object store as a process of its own with a 256 MB heap: a 1 GB object goes in and out
 * whole (streamed, so the heap never holds it), and an acknowledged PUT survives a SIGKILL. On the
 * run's shared lab ({@link SharedLab}).
 */
@ExtendWith(SharedLab.class)
class ObjectStoreIT {

	private static final long ONE_GB = 1L << 30;

	/** The heap in use the transfer may reach: half the store's -Xmx256m (LabProcesses). */
	private static final long HEAP_BOUND = 128L << 20;

	private static LabProcesses lab;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void useTheSharedLab(LabProcesses shared) {
		lab = shared;
	}

	@Test
	void aGigabyteObjectGoesInAndOutWithItsHeapFarBelowItsMaximum() throws Exception {
		assertThat(send(HttpRequest.newBuilder(uri("/v1/it/big")).PUT(BodyPublishers.noBody())).statusCode())
			.isEqualTo(201);
		HeapPeak heap = new HeapPeak();
		try {
			MessageDigest sent = MessageDigest.getInstance("MD5");
			HttpRequest put = HttpRequest.newBuilder(uri("/v1/it/big/one-gigabyte"))
				.PUT(BodyPublishers.fromPublisher(
						BodyPublishers.ofInputStream(() -> new DigestInputStream(new Pattern(ONE_GB), sent)), ONE_GB))
				.build();
			HttpResponse<String> stored = this.http.send(put, BodyHandlers.ofString());
			assertThat(stored.statusCode()).as(stored.body()).isEqualTo(201);
			String md5 = HexFormat.of().formatHex(sent.digest());
			assertThat(stored.headers().firstValue("ETag")).hasValue("\"" + md5 + "\"");

			HttpResponse<InputStream> got = this.http.send(HttpRequest.newBuilder(uri("/v1/it/big/one-gigabyte")).build(),
					BodyHandlers.ofInputStream());
			assertThat(got.statusCode()).isEqualTo(200);
			assertThat(got.headers().firstValueAsLong("Content-Length")).hasValue(ONE_GB);
			MessageDigest received = MessageDigest.getInstance("MD5");
			long bytes;
			try (InputStream body = new DigestInputStream(got.body(), received)) {
				bytes = body.transferTo(OutputStreamNull.INSTANCE);
			}
			assertThat(bytes).isEqualTo(ONE_GB);
			assertThat(HexFormat.of().formatHex(received.digest())).isEqualTo(md5);
		}
		finally {
			heap.stop();
			send(HttpRequest.newBuilder(uri("/v1/it/big/one-gigabyte")).DELETE());
		}
		System.out.printf("object store: 1 GiB PUT and GET, heap used at most %.0f MB (of -Xmx256m), %d samples%n",
				heap.peak.get() / 1e6, heap.samples.get());
		assertThat(heap.samples.get()).isGreaterThanOrEqualTo(10);
		// Streamed in 64 KB pieces the heap stays near its idle size (54 MB at most, measured); a body
		// held in memory, whole or in pieces of 128 MB, passes this bound, half the -Xmx.
		assertThat(heap.peak.get()).isLessThan(HEAP_BOUND);
	}

	@Test
	void anAcknowledgedPutSurvivesSigkill() throws Exception {
		send(HttpRequest.newBuilder(uri("/v1/it/durable")).PUT(BodyPublishers.noBody()));
		HttpResponse<String> put = send(
				HttpRequest.newBuilder(uri("/v1/it/durable/kept")).PUT(BodyPublishers.ofString("acknowledged")));
		assertThat(put.statusCode()).isEqualTo(201);
		lab.kill9(Service.OBJECT_STORE);
		lab.start(Service.OBJECT_STORE);
		lab.awaitReady(Service.OBJECT_STORE);
		HttpResponse<String> got = send(HttpRequest.newBuilder(uri("/v1/it/durable/kept")));
		assertThat(got.statusCode()).isEqualTo(200);
		assertThat(got.body()).isEqualTo("acknowledged");
		assertThat(got.headers().firstValue("ETag")).isEqualTo(put.headers().firstValue("ETag"));
	}

	private URI uri(String path) {
		return lab.http(Service.OBJECT_STORE, path);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
		return this.http.send(request.timeout(Duration.ofMinutes(2)).build(), BodyHandlers.ofString());
	}

	/** The service's heap in use, sampled from its actuator every 200 ms while the transfer runs. */
	private static final class HeapPeak {

		final AtomicLong peak = new AtomicLong();

		final AtomicLong samples = new AtomicLong();

		private final HttpClient http = HttpClient.newHttpClient();

		private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();

		HeapPeak() {
			URI used = lab.http(Service.OBJECT_STORE, "/actuator/metrics/jvm.memory.used?tag=area:heap");
			this.sampler.scheduleAtFixedRate(() -> {
				try {
					String body = this.http.send(HttpRequest.newBuilder(used).build(), BodyHandlers.ofString()).body();
					Number value = JsonPath.read(body, "$.measurements[0].value");
					this.peak.accumulateAndGet(value.longValue(), Math::max);
					this.samples.incrementAndGet();
				}
				catch (Exception ex) {
					// A missed sample; the next one comes in 200 ms.
				}
			}, 0, 200, TimeUnit.MILLISECONDS);
		}

		void stop() throws InterruptedException {
			this.sampler.shutdownNow();
			this.sampler.awaitTermination(5, TimeUnit.SECONDS);
		}

	}

	/** {@code length} bytes of a repeating pattern, made as they are read. */
	private static final class Pattern extends InputStream {

		private long left;

		Pattern(long length) {
			this.left = length;
		}

		@Override
		public int read() {
			return (this.left-- > 0) ? (int) (this.left % 251) : -1;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) {
			if (this.left <= 0) {
				return -1;
			}
			int n = (int) Math.min(length, this.left);
			for (int i = 0; i < n; i++) {
				buffer[offset + i] = (byte) ((this.left - i - 1) % 251);
			}
			this.left -= n;
			return n;
		}

	}

	private static final class OutputStreamNull extends java.io.OutputStream {

		static final OutputStreamNull INSTANCE = new OutputStreamNull();

		@Override
		public void write(int b) {
		}

		@Override
		public void write(byte[] b, int off, int len) {
		}

	}

}
