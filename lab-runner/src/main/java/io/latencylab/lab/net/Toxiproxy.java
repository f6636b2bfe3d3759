package io.latencylab.lab.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;

import eu.rekawek.toxiproxy.ToxiproxyClient;

/**
 * Toxiproxy, the lab's emulated distance where the kernel has no netem: a toxiproxy-server this
 * machine runs, on 127.0.0.1, driven through its own Java client. Install it with
 * {@code go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0} and put the binary on the
 * PATH as toxiproxy-server (.ci/run does).
 */
public final class Toxiproxy implements AutoCloseable {

	public static final String INSTALL = "install it: go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0, "
			+ "then copy ~/go/bin/server to a folder on the PATH as toxiproxy-server";

	private final Process process;

	private final ToxiproxyClient client;

	private Toxiproxy(Process process, ToxiproxyClient client) {
		this.process = process;
		this.client = client;
	}

	/** toxiproxy-server on the PATH, if there is one. */
	public static Optional<Path> binary() {
		String path = System.getenv().getOrDefault("PATH", "");
		return Stream.of(path.split(java.io.File.pathSeparator))
			.filter((dir) -> !dir.isBlank())
			.map((dir) -> Path.of(dir, "toxiproxy-server"))
			.filter(Files::isExecutable)
			.findFirst();
	}

	/** Starts toxiproxy-server with its API on 127.0.0.1:{@code apiPort}; waits (at most 10 s) until it answers. */
	public static Toxiproxy start(int apiPort, Path log) throws IOException, InterruptedException {
		Path server = binary().orElseThrow(() -> new IllegalStateException("no toxiproxy-server on the PATH; " + INSTALL));
		Process process = new ProcessBuilder(server.toString(), "-host", "127.0.0.1", "-port", String.valueOf(apiPort))
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
			.start();
		ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", apiPort);
		Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
		while (Instant.now().isBefore(deadline) && process.isAlive()) {
			try {
				client.version();
				return new Toxiproxy(process, client);
			}
			catch (IOException notYet) {
				Thread.sleep(100);
			}
		}
		process.destroyForcibly();
		throw new IllegalStateException("toxiproxy-server did not answer on 127.0.0.1:" + apiPort + " within 10 s; see " + log);
	}

	public ToxiproxyClient client() {
		return this.client;
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

}
