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
 * A program of the lab's that outlives the command that started it: one that puts itself in the
 * background and writes its pid to a file (a cache, a TLS proxy), or one that stays in the foreground and
 * whose pid the lab writes (an emulator, a store's servers). Found again from another shell through that
 * file, and stopped with every process under it.
 */
public final class Daemon {

	private final String name;

	private final Path pidFile;

	private final Path log;

	public Daemon(String name, Path dir) {
		this.name = name;
		this.pidFile = dir.resolve(name + ".pid");
		this.log = dir.resolve(name + ".log");
	}

	/** The first of {@code candidates} that is an executable file. */
	public static Optional<Path> executable(String... candidates) {
		return Stream.of(candidates).map(Path::of).filter(Files::isExecutable).findFirst();
	}

	public Path pidFile() {
		return this.pidFile;
	}

	public Optional<ProcessHandle> running() {
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
	public void start(List<String> command, int port) throws IOException, InterruptedException {
		start(command, "127.0.0.1", port);
	}

	/** As {@link #start(List, int)}, for a daemon listening on {@code host}. */
	public void start(List<String> command, String host, int port) throws IOException, InterruptedException {
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

	public Path log() {
		return this.log;
	}

	/**
	 * Runs {@code command}, a program that stays in the foreground, in a session of its own (so
	 * that it outlives this JVM and the shell), writes its pid, and waits until it accepts
	 * connections on every one of {@code ports} on {@code host}; if it exits or does not within
	 * {@code timeout}, it is stopped and this fails with its output.
	 */
	public void launch(List<String> command, String host, Duration timeout, int... ports) throws IOException, InterruptedException {
		awaitPorts(spawn(command), host, System.nanoTime() + timeout.toNanos(), ports);
	}

	/** The first half of {@link #launch}: started, its pid written; not waited for. */
	public Process spawn(List<String> command) throws IOException {
		List<String> detached = new java.util.ArrayList<>();
		if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
			detached.add("/usr/bin/setsid");
		}
		detached.addAll(command);
		Process process = new ProcessBuilder(detached).redirectErrorStream(true).redirectOutput(this.log.toFile()).start();
		Files.writeString(this.pidFile, String.valueOf(process.pid()));
		return process;
	}

	/** The second half: until {@code process} accepts connections on every port, or fails with its output by {@code deadline}. */
	public void awaitPorts(Process process, String host, long deadline, int... ports) throws IOException, InterruptedException {
		for (int port : ports) {
			while (!accepts(host, port)) {
				if (!process.isAlive() || System.nanoTime() > deadline) {
					stop();
					throw new IllegalStateException(this.name + " did not start on port " + port + "; its output:\n"
							+ Files.readString(this.log));
				}
				Thread.sleep(100);
			}
		}
	}

	/** Stops the daemon and every process under it (workers, a launcher's children), 10 s each at most. */
	public void stop() throws IOException {
		stopAll(List.of(this));
	}

	/** Stops the daemons all at once (each may take seconds to shut down gracefully), then waits for each. */
	public static void stopAll(List<Daemon> daemons) throws IOException {
		List<ProcessHandle> all = daemons.stream()
			.flatMap((d) -> d.running().stream())
			.flatMap((p) -> Stream.concat(p.descendants(), Stream.of(p)))
			.toList();
		all.forEach(ProcessHandle::destroy);
		for (ProcessHandle p : all) {
			try {
				p.onExit().get(10, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				p.destroyForcibly();
			}
		}
		for (Daemon daemon : daemons) {
			Files.deleteIfExists(daemon.pidFile);
		}
	}

	public static boolean accepts(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
