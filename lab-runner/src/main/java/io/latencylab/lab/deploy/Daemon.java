package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A program that puts itself in the background and writes its pid to a file (varnishd, hitch):
 * started, found again from another shell through that file, and stopped.
 */
final class Daemon {

	private final String name;

	private final Path pidFile;

	private final Path log;

	Daemon(String name, Path dir) {
		this.name = name;
		this.pidFile = dir.resolve(name + ".pid");
		this.log = dir.resolve(name + ".log");
	}

	/** The first of {@code candidates} that is an executable file. */
	static Optional<Path> executable(String... candidates) {
		return Stream.of(candidates).map(Path::of).filter(Files::isExecutable).findFirst();
	}

	Path pidFile() {
		return this.pidFile;
	}

	Optional<ProcessHandle> running() {
		try {
			return Files.exists(this.pidFile)
					? ProcessHandle.of(Long.parseLong(Files.readString(this.pidFile).strip())).filter(ProcessHandle::isAlive)
					: Optional.empty();
		}
		catch (IOException | NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Runs {@code command}, which must leave the daemon running in the background and exit 0, and
	 * waits until the daemon accepts connections on {@code port}.
	 */
	void start(List<String> command, int port) throws IOException, InterruptedException {
		start(command, "127.0.0.1", port);
	}

	/** As {@link #start(List, int)}, for a daemon listening on {@code host}. */
	void start(List<String> command, String host, int port) throws IOException, InterruptedException {
		Process launcher = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(this.log.toFile()).start();
		if (!launcher.waitFor(60, TimeUnit.SECONDS) || launcher.exitValue() != 0) {
			launcher.destroyForcibly();
			throw new IllegalStateException(this.name + " did not start; its output:\n" + Files.readString(this.log));
		}
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (!accepts(host, port)) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(this.name + " does not accept connections on " + port + "; see " + this.log);
			}
			Thread.sleep(100);
		}
	}

	void stop() throws IOException {
		Optional<ProcessHandle> running = running();
		if (running.isPresent()) {
			running.get().destroy();
			try {
				running.get().onExit().get(10, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				running.get().destroyForcibly();
			}
		}
		Files.deleteIfExists(this.pidFile);
	}

	static boolean accepts(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
