package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.latencylab.lab.deploy.Daemon;

/**
 * Seed 003's cache tier on this machine: Debian's varnishd in front of the object store, with the
 * VCL of ops/varnish (its backend's address filled in). varnishd runs as a daemon of its own, its
 * pid in a file, so that it outlives the command that started it, like the services.
 */
public final class VarnishCache {

	public static final String NAME = "object-cache";

	private final Path vclTemplate;

	private final Path dir;

	private final String bind;

	private final int port;

	private final int backendPort;

	private final Daemon daemon;

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
		this.daemon = new Daemon("varnishd", this.dir);
	}

	/** varnishd, if this machine has it. */
	public static Optional<Path> varnishd() {
		return Daemon.executable("/usr/sbin/varnishd", "/usr/local/sbin/varnishd", "/usr/bin/varnishd");
	}

	public static String howToInstall() {
		return "the cache tier needs Varnish: apt-get install varnish (Debian, Ubuntu)";
	}

	public int port() {
		return this.port;
	}

	public Optional<ProcessHandle> running() {
		return this.daemon.running();
	}

	/**
	 * Starts varnishd with {@code parameters} ({@code name=value}, each a {@code -p}) and waits until
	 * it accepts connections; a VCL that does not compile, or a parameter it refuses, fails here.
	 */
	public void start(List<String> parameters) throws IOException, InterruptedException {
		Path varnishd = varnishd().orElseThrow(() -> new IllegalStateException(howToInstall()));
		Files.createDirectories(this.dir);
		Path vcl = this.dir.resolve("default.vcl");
		Files.writeString(vcl, Files.readString(this.vclTemplate)
			.replace("@BACKEND_HOST@", "127.0.0.1")
			.replace("@BACKEND_PORT@", String.valueOf(this.backendPort)));
		// -j none: Varnish runs as whoever starts it. Its default jail (as root) switches to a user of
		// its own, which cannot read a VCL in a folder that only its owner may enter.
		List<String> command = new ArrayList<>(List.of(varnishd.toString(), "-j", "none", "-a", this.bind + ":" + this.port,
				"-f", vcl.toString(), "-n", this.dir.resolve("work").toString(), "-s", "malloc,256m", "-P",
				this.daemon.pidFile().toString()));
		parameters.forEach((parameter) -> command.addAll(List.of("-p", parameter)));
		this.daemon.start(command, this.port);
	}

	public void stop() throws IOException {
		this.daemon.stop();
	}

}
