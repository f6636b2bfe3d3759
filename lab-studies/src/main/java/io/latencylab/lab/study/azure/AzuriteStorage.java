package io.latencylab.lab.study.azure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import io.latencylab.lab.deploy.Daemon;

/**
 * Seed 002's storage on this machine: Azurite, Microsoft's emulator of Azure Storage (blob, queue,
 * table), from npm. It does not put itself in the background: started here as a process of its
 * own, its pid in a file, so that it outlives the command that started it, like the services.
 * Its data lives under the lab's services folder and starts empty with every start.
 */
public final class AzuriteStorage {

	public static final String NAME = "azurite";

	/** The version the lab installs and was measured with (its declared Node.js is the 20 of Debian 12's era). */
	public static final String VERSION = "3.35.0";

	private final Path project;

	private final Path dir;

	private final String bind;

	private final int blobPort;

	private final int queuePort;

	private final int tablePort;

	private final Daemon daemon;

	public AzuriteStorage(Path project, Path dir, String bind, int blobPort, int queuePort, int tablePort) {
		this.project = project;
		this.dir = dir.toAbsolutePath();
		this.bind = bind;
		this.blobPort = blobPort;
		this.queuePort = queuePort;
		this.tablePort = tablePort;
		this.daemon = new Daemon(NAME, this.dir);
	}

	/** azurite where the lab installs it (.tools/azurite), else on the PATH. */
	public Optional<Path> executable() {
		Path local = this.project.resolve(".tools/azurite/node_modules/.bin/azurite");
		if (Files.isExecutable(local)) {
			return Optional.of(local);
		}
		return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
			.filter((d) -> !d.isBlank())
			.map((d) -> Path.of(d, "azurite"))
			.filter(Files::isExecutable)
			.findFirst();
	}

	public static String howToInstall() {
		return "seed 002's storage needs Azurite: npm install --prefix .tools/azurite azurite@" + VERSION
				+ " (or npm install -g azurite)";
	}

	public int queuePort() {
		return this.queuePort;
	}

	/** Its three ports (blob, queue, table), each with its name. */
	public Map<Integer, String> ports() {
		return Map.of(this.blobPort, NAME + "'s blob", this.queuePort, NAME + "'s queue", this.tablePort, NAME + "'s table");
	}

	Path pidFile() {
		return this.daemon.pidFile();
	}

	/** Found again from any shell through its pid file, as the cache tier's daemons are. */
	public Optional<ProcessHandle> running() {
		return this.daemon.running();
	}

	/** Starts Azurite on empty data and waits until its three services accept connections. */
	public void start() throws IOException, InterruptedException {
		Path azurite = executable().orElseThrow(() -> new IllegalStateException(howToInstall()));
		Path data = this.dir.resolve("data");
		deleteTree(data);
		Files.createDirectories(data);
		// --skipApiVersionCheck: the SDK may speak a newer version than this Azurite knows; the lab's
		// own requests name theirs. --disableTelemetry: nothing leaves the machine.
		List<String> command = List.of(azurite.toString(), "--silent", "--disableTelemetry", "--skipApiVersionCheck",
				"--location", data.toString(), "--blobHost", this.bind, "--blobPort", String.valueOf(this.blobPort),
				"--queueHost", this.bind, "--queuePort", String.valueOf(this.queuePort), "--tableHost", this.bind,
				"--tablePort", String.valueOf(this.tablePort));
		String host = this.bind.equals("0.0.0.0") ? "127.0.0.1" : this.bind;
		this.daemon.launch(command, host, Duration.ofSeconds(60), this.blobPort, this.queuePort, this.tablePort);
	}

	/** Stops it: npm's launcher script and node under it. */
	public void stop() throws IOException {
		this.daemon.stop();
	}

	private static void deleteTree(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(dir)) {
			for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(p);
			}
		}
	}

}
