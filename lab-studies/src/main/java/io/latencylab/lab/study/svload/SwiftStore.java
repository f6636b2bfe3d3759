package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.deploy.Daemon;

/**
 * Seed 003's backend as the study ran it: OpenStack Swift, an all-in-one from Debian's packages
 * (swift-proxy, swift-account, swift-container, swift-object) with memcached for tempauth's tokens.
 * One device, one replica: the proxy, its rings, the account, container and object servers, as
 * Swift's own development set-up ("SAIO") runs them. A second proxy speaks HTTPS with the lab CA's
 * certificate, for the study's HTTPS backend cases. The configuration and rings are written under
 * the lab's services folder; the objects live in data/swift and outlast a restart, like the lab's
 * own store's.
 *
 * <p>The configuration comes from ops/swift's templates, which the compose image fills too. Swift
 * reads its swift.conf from /etc/swift unless told otherwise: each server is started by
 * ops/swift/run-server.py through Swift's own {@code utils.set_swift_dir} and {@code wsgi.run_wsgi},
 * so that nothing is written outside the project and no root is needed.
 */
public final class SwiftStore {

	public static final String NAME = "swift";

	/** The tempauth user the lab writes with, a reseller admin (any account): a local lab's well-known key. */
	public static final String USER = "lab:loader";

	public static final String KEY = "latency-lab";

	static final Path PROXY_SCRIPT = Path.of("/usr/bin/swift-proxy-server");

	static final Path RING_BUILDER = Path.of("/usr/bin/swift-ring-builder");


	/** The parts, in start order; each a process of its own (with its workers under it). */
	enum Part {

		MEMCACHED("memcached"), ACCOUNT("swift-account"), CONTAINER("swift-container"), OBJECT("swift-object"),
		PROXY("swift-proxy"), PROXY_TLS("swift-proxy-tls");

		final String process;

		Part(String process) {
			this.process = process;
		}

	}

	/** The ports of its parts. */
	public record Ports(int proxy, int proxyTls, int account, int container, int object, int memcached) {
	}

	private final Path templates;

	private final Path dir;

	private final Path devices;

	private final String bind;

	private final Ports ports;

	private final Path certificate;

	private final Path key;

	/**
	 * @param templates ops/swift: swift.conf, the servers' configuration templates, run-server.py
	 * @param dir where its configuration, rings, pids and logs go
	 * @param devices where its objects live (a device "d1" inside)
	 * @param bind the proxies' address; the other parts listen on 127.0.0.1 only
	 * @param certificate the HTTPS proxy's certificate (LabCa.serverCertificate), with its key
	 */
	public SwiftStore(Path templates, Path dir, Path devices, String bind, Ports ports, Path certificate, Path key) {
		this.templates = templates.toAbsolutePath();
		this.dir = dir.toAbsolutePath();
		this.devices = devices.toAbsolutePath();
		this.bind = bind;
		this.ports = ports;
		this.certificate = certificate.toAbsolutePath();
		this.key = key.toAbsolutePath();
	}

	/** Whether this machine has Swift's servers, its ring builder and memcached. */
	public static boolean installed() {
		return Files.isExecutable(PROXY_SCRIPT) && Files.isExecutable(RING_BUILDER) && memcached().isPresent();
	}

	static Optional<Path> memcached() {
		return Daemon.executable("/usr/bin/memcached", "/usr/local/bin/memcached");
	}

	public static String howToInstall() {
		return "seed 003's backend is OpenStack Swift: apt-get install swift-proxy swift-account swift-container "
				+ "swift-object memcached (Debian, Ubuntu)";
	}

	public Ports ports() {
		return this.ports;
	}

	/** The proxy that answers running, if it does. */
	public Optional<ProcessHandle> running() {
		return daemon(Part.PROXY).running();
	}

	/** Each part that runs, by its process name, for the lab's CPU and memory samples. */
	public Map<String, ProcessHandle> processes() {
		Map<String, ProcessHandle> processes = new LinkedHashMap<>();
		for (Part part : Part.values()) {
			daemon(part).running().ifPresent((p) -> processes.put(part.process, p));
		}
		return processes;
	}

	/** Swift's version as its Python package says it, e.g. "2.30.0"; read when it started. */
	public Optional<String> version() {
		try {
			Path file = this.dir.resolve("version");
			return Files.exists(file) ? Optional.of(Files.readString(file).strip()) : Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Starts memcached and every server with {@code limits} (Table V), builds the rings the first
	 * time (again when the ports changed), and waits until the proxy's health check answers.
	 */
	public void start(Tuning.SwiftLimits limits) throws IOException, InterruptedException {
		if (!installed()) {
			throw new IllegalStateException(howToInstall());
		}
		Path etc = Files.createDirectories(this.dir.resolve("etc"));
		Files.createDirectories(this.devices.resolve("d1"));
		writeConfiguration(etc);
		buildRings(etc);
		String python = python();
		Files.writeString(this.dir.resolve("version"),
				output(List.of(python, "-c", "import swift; print(swift.__version__)")).strip());
		List<String> openFiles = openFiles(limits);
		try {
			String user = System.getProperty("user.name");
			List<String> memcached = new ArrayList<>(openFiles);
			memcached.addAll(List.of(memcached().orElseThrow().toString(), "-u", user, "-l", "127.0.0.1", "-p",
					String.valueOf(this.ports.memcached()), "-U", "0", "-c", String.valueOf(limits.memcachedConnections()),
					"-m", String.valueOf(limits.memcachedMegabytes())));
			daemon(Part.MEMCACHED).launch(memcached, "127.0.0.1", Duration.ofSeconds(30), this.ports.memcached());
			String host = this.bind.equals("0.0.0.0") ? "127.0.0.1" : this.bind;
			// All at once (each is a Python start of a second or two), then each waited for.
			List<Part> servers = List.of(Part.ACCOUNT, Part.CONTAINER, Part.OBJECT, Part.PROXY, Part.PROXY_TLS);
			Map<Part, Process> started = new LinkedHashMap<>();
			for (Part part : servers) {
				List<String> command = new ArrayList<>(openFiles);
				command.addAll(List.of(python, this.templates.resolve("run-server.py").toString(), etc.toString(),
						etc.resolve(part.process + ".conf").toString(), appSection(part)));
				started.put(part, daemon(part).spawn(command));
			}
			long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
			for (Map.Entry<Part, Process> part : started.entrySet()) {
				boolean proxy = part.getKey() == Part.PROXY || part.getKey() == Part.PROXY_TLS;
				daemon(part.getKey()).awaitPorts(part.getValue(), proxy ? host : "127.0.0.1", deadline, port(part.getKey()));
			}
		}
		catch (IOException | RuntimeException ex) {
			stop();
			throw ex;
		}
	}

	/** Stops every part at once (each takes about 2 s to shut down gracefully). */
	public void stop() throws IOException {
		Daemon.stopAll(List.of(Part.values()).stream().map(this::daemon).toList());
	}

	/** The section of its configuration a server runs: "proxy-server" for both proxies. */
	private static String appSection(Part part) {
		return switch (part) {
			case PROXY, PROXY_TLS -> "proxy-server";
			default -> part.process.substring("swift-".length()) + "-server";
		};
	}

	private Daemon daemon(Part part) {
		return new Daemon(part.process, this.dir);
	}

	private int port(Part part) {
		return switch (part) {
			case MEMCACHED -> this.ports.memcached();
			case ACCOUNT -> this.ports.account();
			case CONTAINER -> this.ports.container();
			case OBJECT -> this.ports.object();
			case PROXY -> this.ports.proxy();
			case PROXY_TLS -> this.ports.proxyTls();
		};
	}

	/**
	 * prlimit's open-file limits for a part: Table V's, capped at this process's own hard limit.
	 * Raising a hard limit takes CAP_SYS_RESOURCE, which root in a container often lacks (prlimit
	 * then fails with "Operation not permitted").
	 */
	static List<String> openFiles(Tuning.SwiftLimits limits) throws IOException {
		Path prlimit = Path.of("/usr/bin/prlimit");
		if (!Files.isExecutable(prlimit)) {
			return List.of();
		}
		long hard = Math.min(limits.openFilesHard(), ownHardOpenFiles());
		long soft = Math.min(limits.openFilesSoft(), hard);
		return List.of(prlimit.toString(), "--nofile=" + soft + ":" + hard, "--");
	}

	private static long ownHardOpenFiles() throws IOException {
		for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
			if (line.startsWith("Max open files")) {
				String hard = line.substring("Max open files".length()).trim().split("\\s+")[1];
				return hard.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(hard);
			}
		}
		return Long.MAX_VALUE;
	}

	/** The Python Debian's Swift runs on: its proxy script's own interpreter line. */
	static String python() throws IOException {
		String first = Files.readAllLines(PROXY_SCRIPT).getFirst();
		if (!first.startsWith("#!")) {
			throw new IllegalStateException(PROXY_SCRIPT + " names no interpreter");
		}
		return first.substring(2).trim().split("\\s+")[0];
	}

	/** swift.conf and each part's configuration, from the templates in ops/swift (which the image fills too). */
	private void writeConfiguration(Path etc) throws IOException {
		Files.copy(this.templates.resolve("swift.conf"), etc.resolve("swift.conf"), StandardCopyOption.REPLACE_EXISTING);
		String storage = Files.readString(this.templates.resolve("storage-server.conf.in"));
		for (Part part : List.of(Part.ACCOUNT, Part.CONTAINER, Part.OBJECT)) {
			String kind = part.process.substring("swift-".length());
			Files.writeString(etc.resolve(part.process + ".conf"), fill(storage, "127.0.0.1", port(part), kind + "-server")
				.replace("@KIND@", kind)
				.replace("@DEVICES@", this.devices.toString()));
		}
		String proxy = Files.readString(this.templates.resolve("proxy-server.conf.in"))
			.replace("@KEY@", KEY)
			.replace("@MEMCACHED@", "127.0.0.1:" + this.ports.memcached());
		Files.writeString(etc.resolve(Part.PROXY.process + ".conf"),
				fill(proxy, this.bind, this.ports.proxy(), "proxy-server").replace("@TLS_CERT@", "").replace("@TLS_KEY@", ""));
		Files.writeString(etc.resolve(Part.PROXY_TLS.process + ".conf"),
				fill(proxy, this.bind, this.ports.proxyTls(), "proxy-server-tls")
					.replace("@TLS_CERT@", "cert_file = " + this.certificate)
					.replace("@TLS_KEY@", "key_file = " + this.key));
	}

	/** A server's [DEFAULT]: where it listens, as whom (whoever runs the lab, not "swift"), its folder and log name. */
	private String fill(String template, String bind, int port, String logName) {
		return template.replace("@BIND_IP@", bind)
			.replace("@BIND_PORT@", String.valueOf(port))
			.replace("@USER@", System.getProperty("user.name"))
			.replace("@SWIFT_DIR@", this.dir.resolve("etc").toString())
			.replace("@LOG_NAME@", logName);
	}

	/** One ring each for accounts, containers and objects: a device, a replica, 2^8 partitions. */
	private void buildRings(Path etc) throws IOException, InterruptedException {
		String wanted = String.format(Locale.ROOT, "account %d, container %d, object %d", this.ports.account(),
				this.ports.container(), this.ports.object());
		Path built = etc.resolve("rings.ports");
		if (Files.exists(built) && Files.readString(built).strip().equals(wanted)
				&& Files.exists(etc.resolve("object.ring.gz"))) {
			return;
		}
		for (Part part : List.of(Part.ACCOUNT, Part.CONTAINER, Part.OBJECT)) {
			String kind = part.process.substring("swift-".length());
			Path builder = etc.resolve(kind + ".builder");
			Files.deleteIfExists(builder);
			output(List.of(RING_BUILDER.toString(), builder.toString(), "create", "8", "1", "1"));
			output(List.of(RING_BUILDER.toString(), builder.toString(), "add", "r1z1-127.0.0.1:" + port(part) + "/d1", "1"));
			output(List.of(RING_BUILDER.toString(), builder.toString(), "rebalance"));
		}
		Files.writeString(built, wanted);
	}

	/** A command's output; it must exit 0 (swift-ring-builder's rebalance exits 1 on a warning only). */
	private static String output(List<String> command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes());
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new IllegalStateException(String.join(" ", command) + " did not end within 60 s");
		}
		if (process.exitValue() > 1 || (process.exitValue() == 1 && !command.contains("rebalance"))) {
			throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
		}
		return output;
	}

}
