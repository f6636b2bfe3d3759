package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.latencylab.lab.deploy.Daemon;

/**
 * HTTPS in front of the cache tier, as Varnish's free edition speaks no TLS itself: hitch, with
 * the lab CA's server certificate, TLS 1.2 and 1.3 only, passing the plain requests on to Varnish.
 */
public final class HitchTls {

	public static final String NAME = "object-cache-tls";

	private final Path pem;

	private final Path dir;

	private final String bind;

	private final int port;

	private final int backendPort;

	private final Daemon daemon;

	/**
	 * @param pem the server's key and certificate chain in one file (LabCa.serverPem)
	 * @param dir where its pid and log go
	 */
	public HitchTls(Path pem, Path dir, String bind, int port, int backendPort) {
		this.pem = pem.toAbsolutePath();
		this.dir = dir.toAbsolutePath();
		this.bind = bind;
		this.port = port;
		this.backendPort = backendPort;
		this.daemon = new Daemon("hitch", this.dir);
	}

	public static Optional<Path> hitch() {
		return Daemon.executable("/usr/sbin/hitch", "/usr/local/sbin/hitch", "/usr/bin/hitch");
	}

	public static String howToInstall() {
		return "HTTPS in front of the cache needs hitch: apt-get install hitch (Debian, Ubuntu)";
	}

	public int port() {
		return this.port;
	}

	public Optional<ProcessHandle> running() {
		return this.daemon.running();
	}

	public void start() throws IOException, InterruptedException {
		Path hitch = hitch().orElseThrow(() -> new IllegalStateException(howToInstall()));
		Files.createDirectories(this.dir);
		List<String> command = new ArrayList<>(List.of(hitch.toString(), "--frontend=[" + this.bind + "]:" + this.port,
				"--backend=[127.0.0.1]:" + this.backendPort, "--tls-protos=TLSv1.2 TLSv1.3", "--daemon",
				"--pidfile=" + this.daemon.pidFile()));
		if ("root".equals(System.getProperty("user.name"))) {
			// hitch will not run its workers as root; it reads the key first, then drops to this user.
			command.add("--user=nobody");
		}
		command.add(this.pem.toString());
		this.daemon.start(command, this.port);
	}

	public void stop() throws IOException {
		this.daemon.stop();
	}

}
