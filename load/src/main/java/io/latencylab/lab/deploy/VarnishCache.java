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
 * Seed 003's cache tier on this machine: Debian's varnishd in front of the object store, with the
 * VCL of ops/varnish (its backend's address filled in). varnishd runs as a daemon of its own, its
 * pid in a file, so that it outlives the command that started it, like the services.
 */
public final class VarnishCache {

	public static final String NAME = "object-cache";

	private static final String INSTALL = "the cache tier needs Varnish: apt-get install varnish (Debian, Ubuntu)";

	private final Path vclTemplate;

	private final Path dir;

	private final String bind;

	private final int port;

	private final int backendPort;

	/**
	 * @param vclTemplate ops/varnish/default.vcl
	 * @param dir where the filled-in VCL, Varnish's working folder, its pid and its log go
	 * @param bind the address it listens on; it reaches the backend on 127.0.0.1
	 */
	public VarnishCache(Path vclTemplate, Path dir, String bind, int port, int backendPort) {
		this.vclTemplate = vclTemplate.toAbsolutePath();
		this.dir = dir.toAbsolutePath();
		this.bind = bind;
		this.port = port;
		this.backendPort = backendPort;
	}

	/** varnishd, if this machine has it. */
	public static Optional<Path> varnishd() {
		return Stream.of("/usr/sbin/varnishd", "/usr/local/sbin/varnishd", "/usr/bin/varnishd")
			.map(Path::of)
			.filter(Files::isExecutable)
			.findFirst();
	}

	public static String howToInstall() {
		return INSTALL;
	}

	public int port() {
		return this.port;
	}

	public Optional<ProcessHandle> running() {
		try {
			Path pid = pidFile();
			return Files.exists(pid) ? ProcessHandle.of(Long.parseLong(Files.readString(pid).strip()))
				.filter(ProcessHandle::isAlive) : Optional.empty();
		}
		catch (IOException | NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/** Starts varnishd and waits until it accepts connections; a VCL that does not compile fails here. */
	public void start() throws IOException, InterruptedException {
		Path varnishd = varnishd().orElseThrow(() -> new IllegalStateException(INSTALL));
		Files.createDirectories(this.dir);
		Path vcl = this.dir.resolve("default.vcl");
		Files.writeString(vcl, Files.readString(this.vclTemplate)
			.replace("@BACKEND_HOST@", "127.0.0.1")
			.replace("@BACKEND_PORT@", String.valueOf(this.backendPort)));
		// -j none: Varnish runs as whoever starts it. Its default jail (as root) switches to a user of
		// its own, which cannot read a VCL in a folder that only its owner may enter.
		List<String> command = List.of(varnishd.toString(), "-j", "none", "-a", this.bind + ":" + this.port,
				"-f", vcl.toString(),
				"-n", this.dir.resolve("work").toString(), "-s", "malloc,256m", "-P", pidFile().toString());
		Process launcher = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("varnishd.log").toFile())
			.start();
		// varnishd compiles the VCL, starts its child and then leaves it running as a daemon.
		if (!launcher.waitFor(60, TimeUnit.SECONDS) || launcher.exitValue() != 0) {
			launcher.destroyForcibly();
			throw new IllegalStateException("varnishd did not start; its output:\n"
					+ Files.readString(this.dir.resolve("varnishd.log")));
		}
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (!accepts()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("varnishd does not accept connections on " + this.port);
			}
			Thread.sleep(100);
		}
	}

	public void stop() throws IOException {
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
		Files.deleteIfExists(pidFile());
	}

	private boolean accepts() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private Path pidFile() {
		return this.dir.resolve("varnishd.pid");
	}

}
