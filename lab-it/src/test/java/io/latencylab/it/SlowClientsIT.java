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
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

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

	private static final String OPEN = "open";

	private LabProcesses lab;

	// Written by the test, read by the trickle at the same time.
	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

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
		AtomicBoolean trickling = new AtomicBoolean(true);
		AtomicInteger failedWrites = new AtomicInteger();
		AtomicLong longestRoundNanos = new AtomicLong();
		ExecutorService trickle = Executors.newSingleThreadExecutor();
		// The trickle runs from before the first connection opens, so that none waits for the others to
		// open before its next byte: opening 600 at once overflows the listen queue (accept-count 100)
		// and each SYN it drops waits a second to be sent again, and a connection kept quiet for the
		// connection timeout while the rest open is rightly cut off.
		trickle.submit(() -> {
			// A byte on every connection every second, for at most 60 s: each stays under the timeout.
			long last = System.nanoTime();
			for (int round = 0; round < 60 && trickling.get(); round++) {
				for (Socket socket : this.sockets) {
					try {
						socket.getOutputStream().write('3');
						socket.getOutputStream().flush();
					}
					catch (IOException closed) {
						failedWrites.incrementAndGet();
					}
				}
				long now = System.nanoTime();
				longestRoundNanos.accumulateAndGet(now - last, Math::max);
				last = now;
				Thread.sleep(1000);
			}
			return null;
		});
		try {
			long opening = System.nanoTime();
			for (int i = 0; i < SLOW_UPLOADS; i++) {
				// A body announced at 100,000 bytes, of which the first few arrive.
				open(sort, "POST /sort?algorithm=quick HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
						+ "Content-Length: 100000\r\n\r\n1 2 ");
			}
			double uploadsOpenSeconds = (System.nanoTime() - opening) / 1e9;
			for (int i = 0; i < SLOWLORIS; i++) {
				open(sort, "GET /actuator/health HTTP/1.1\r\nHost: localhost\r\nX-a: ");
			}
			double headersOpenSeconds = (System.nanoTime() - opening) / 1e9 - uploadsOpenSeconds;
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
			Map<String, Long> uploads = states(this.sockets.subList(0, SLOW_UPLOADS));
			Map<String, Long> headers = states(this.sockets.subList(SLOW_UPLOADS, SLOW_UPLOADS + SLOWLORIS));
			double longestRound = longestRoundNanos.get() / 1e9;
			System.out.printf("slow clients: %d slow uploads opened in %.1f s and %d unfinished headers in %.1f s, the "
					+ "trickle's longest round %.1f s; uploads %s, headers %s; 10 normal sorts answered in %s ms%n",
					SLOW_UPLOADS, uploadsOpenSeconds, SLOWLORIS, headersOpenSeconds, longestRound, uploads, headers, millis);
			assertThat(millis).allMatch((ms) -> ms < 2000);
			// Had the test itself gone quiet for the connection timeout, a cut would be right, not a fault.
			assertThat(longestRound).as("the trickle's longest round, s").isLessThan(5.0);
			// The slow ones were held, not dropped to make room: every one open, and no byte of theirs refused.
			assertThat(uploads).as("the slow uploads' connections").isEqualTo(Map.of(OPEN, (long) SLOW_UPLOADS));
			assertThat(headers).as("the unfinished headers' connections").isEqualTo(Map.of(OPEN, (long) SLOWLORIS));
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
		Socket headers = open(sort, "GET /actuator/health HTTP/1.1\r\nHost: localhost\r\n");
		Socket body = open(sort, "POST /sort?algorithm=quick HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
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

	/** A connection that has sent {@code text}, and only then is on the list the trickle writes to. */
	private Socket open(URI uri, String text) throws IOException {
		Socket socket = new Socket();
		try {
			// Long enough for a SYN the full listen queue dropped to be sent again twice (after 1 s and 3 s).
			socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 10_000);
			OutputStream out = socket.getOutputStream();
			out.write(text.getBytes(StandardCharsets.US_ASCII));
			out.flush();
		}
		catch (IOException ex) {
			socket.close();
			throw ex;
		}
		this.sockets.add(socket);
		return socket;
	}

	/** How many connections are in each {@link #state}. */
	private static Map<String, Long> states(List<Socket> sockets) {
		return sockets.stream().collect(Collectors.groupingBy(SlowClientsIT::state, TreeMap::new, Collectors.counting()));
	}

	/**
	 * {@value #OPEN} when the server neither answered nor closed the connection (a read finds nothing
	 * within 1 ms); else the first line of its answer, "closed" or "reset": what cut it off.
	 */
	private static String state(Socket socket) {
		try {
			socket.setSoTimeout(1);
			byte[] buffer = new byte[256];
			int n = socket.getInputStream().read(buffer);
			return (n == -1) ? "closed" : new String(buffer, 0, n, StandardCharsets.US_ASCII).lines().findFirst().orElse("");
		}
		catch (SocketTimeoutException nothingYet) {
			return OPEN;
		}
		catch (IOException reset) {
			return "reset";
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
