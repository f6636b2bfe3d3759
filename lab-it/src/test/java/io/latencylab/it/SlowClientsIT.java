package io.latencylab.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.latencylab.it.LabProcesses.Service;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Slow and hostile clients against the sort service (it takes uploads) as started by the lab, with
 * its defaults: more slow uploads than Tomcat has platform threads, and as many connections that
 * never finish their headers, do not keep a normal client waiting; a client that stalls is cut off
 * after the connection timeout (server.tomcat.connection-timeout, 10 s). On the run's shared lab
 * ({@link SharedLab}): every connection a test opened is closed after it.
 */
@ExtendWith(SharedLab.class)
class SlowClientsIT {

	/** More than Tomcat's platform-thread pool (server.tomcat.threads.max, 200). */
	private static final int SLOW_UPLOADS = 300;

	private static final int SLOWLORIS = 300;

	private LabProcesses lab;

	private final List<Socket> sockets = new ArrayList<>();

	@BeforeEach
	void useTheSharedLab(LabProcesses lab) {
		this.lab = lab;
	}

	@AfterEach
	void closeEveryConnection() throws Exception {
		for (Socket socket : this.sockets) {
			socket.close();
		}
	}

	@Test
	void slowUploadsAndUnfinishedHeadersDoNotKeepANormalClientWaiting() throws Exception {
		URI sort = this.lab.http(Service.SORT, "/sort?algorithm=quick");
		for (int i = 0; i < SLOW_UPLOADS; i++) {
			Socket socket = connect(sort);
			// A body announced at 100,000 bytes, of which the first few arrive.
			write(socket, "POST /sort?algorithm=quick HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
					+ "Content-Length: 100000\r\n\r\n1 2 ");
		}
		for (int i = 0; i < SLOWLORIS; i++) {
			write(connect(sort), "GET /actuator/health HTTP/1.1\r\nHost: localhost\r\nX-a: ");
		}
		AtomicBoolean trickling = new AtomicBoolean(true);
		AtomicInteger failedWrites = new AtomicInteger();
		ExecutorService trickle = Executors.newSingleThreadExecutor();
		trickle.submit(() -> {
			// A byte on every connection every second, for at most 30 s: each stays under the timeout.
			for (int round = 0; round < 30 && trickling.get(); round++) {
				for (Socket socket : List.copyOf(this.sockets)) {
					try {
						socket.getOutputStream().write('3');
						socket.getOutputStream().flush();
					}
					catch (IOException closed) {
						failedWrites.incrementAndGet();
					}
				}
				Thread.sleep(1000);
			}
			return null;
		});
		try {
			Thread.sleep(2000);
			HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
			List<Long> millis = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				long start = System.nanoTime();
				HttpResponse<String> answer = client.send(HttpRequest.newBuilder(sort)
					.timeout(Duration.ofSeconds(5))
					.POST(HttpRequest.BodyPublishers.ofString("3 1 2"))
					.build(), HttpResponse.BodyHandlers.ofString());
				millis.add((System.nanoTime() - start) / 1_000_000);
				assertThat(answer.statusCode()).isEqualTo(200);
				assertThat(answer.body().replace('\n', ' ').strip()).isEqualTo("1 2 3");
			}
			long held = this.sockets.stream().filter(SlowClientsIT::stillOpen).count();
			System.out.printf("slow clients: %d slow uploads and %d unfinished headers, %d of them still open; "
					+ "10 normal sorts answered in %s ms%n", SLOW_UPLOADS, SLOWLORIS, held, millis);
			assertThat(millis).allMatch((ms) -> ms < 2000);
			// The slow ones were held, not dropped to make room: every one open, and no byte of theirs refused.
			assertThat(held).isEqualTo(SLOW_UPLOADS + SLOWLORIS);
			assertThat(failedWrites).hasValue(0);
		}
		finally {
			trickling.set(false);
			trickle.shutdown();
			assertThat(trickle.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		}
	}

	@Test
	void aClientThatStallsInItsHeadersOrItsBodyIsCutOffAfterTheConnectionTimeout() throws Exception {
		URI sort = this.lab.http(Service.SORT, "/sort");
		Socket headers = connect(sort);
		write(headers, "GET /actuator/health HTTP/1.1\r\nHost: localhost\r\n");
		Socket body = connect(sort);
		write(body, "POST /sort?algorithm=quick HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
				+ "Content-Length: 1000\r\n\r\n1 2 ");
		long start = System.nanoTime();
		Cut headersCut = readUntilClosed(headers, start, Duration.ofSeconds(30));
		Cut bodyCut = readUntilClosed(body, start, Duration.ofSeconds(30));
		System.out.printf("slow clients: stalled headers: %s; stalled body: %s%n", headersCut, bodyCut);
		assertThat(headersCut.closed()).isBetween(9.0, 15.0);
		// The body's read times out after 10 s: a 408, and the connection closed after it.
		assertThat(bodyCut.firstLine()).startsWith("HTTP/1.1 408");
		assertThat(bodyCut.answered()).isBetween(9.0, 15.0);
		assertThat(bodyCut.closed()).isLessThan(25.0);
	}

	/** When the server answered and closed, in seconds from the start, and its status line. */
	private record Cut(double answered, double closed, String firstLine) {

		@Override
		public String toString() {
			return (this.firstLine.isEmpty() ? "closed without an answer"
					: String.format("\"%s\" after %.1f s", this.firstLine, this.answered))
					+ String.format(", closed after %.1f s", this.closed);
		}

	}

	private Socket connect(URI uri) throws IOException {
		Socket socket = new Socket();
		socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 2000);
		this.sockets.add(socket);
		return socket;
	}

	private static void write(Socket socket, String text) throws IOException {
		OutputStream out = socket.getOutputStream();
		out.write(text.getBytes(StandardCharsets.US_ASCII));
		out.flush();
	}

	/** Whether the server neither answered nor closed the connection: a read finds nothing within 1 ms. */
	private static boolean stillOpen(Socket socket) {
		try {
			socket.setSoTimeout(1);
			socket.getInputStream().read();
			return false;
		}
		catch (SocketTimeoutException nothingYet) {
			return true;
		}
		catch (IOException reset) {
			return false;
		}
	}

	/** What the server sent before it closed the connection; fails if it is still open at the end. */
	private static Cut readUntilClosed(Socket socket, long start, Duration within) throws IOException {
		socket.setSoTimeout((int) within.toMillis());
		InputStream in = socket.getInputStream();
		StringBuilder seen = new StringBuilder();
		double answered = -1;
		byte[] buffer = new byte[4096];
		try {
			for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
				if (answered < 0) {
					answered = (System.nanoTime() - start) / 1e9;
				}
				seen.append(new String(buffer, 0, n, StandardCharsets.US_ASCII));
			}
		}
		catch (SocketTimeoutException stillOpen) {
			throw new AssertionError("the server kept a stalled connection open for " + within);
		}
		catch (IOException reset) {
			// closed with a reset: cut off all the same
		}
		double closed = (System.nanoTime() - start) / 1e9;
		return new Cut(answered, closed, seen.toString().lines().findFirst().orElse(""));
	}


}
