package io.latencylab.lab.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A service's JVM cache of its own start-up: the service's jar in Spring Boot's extracted form
 * (what the JVM's class-data caches need: classes from a plain class path, not from jars inside a jar)
 * and, once a training run has recorded it, the cache that form starts from.
 *
 * <p>On JDK 25 and later the cache is an AOT cache (JEP 483 classes loaded and linked, JEP 514 one
 * training run; it holds the run's method profiles too, JEP 515, which {@link #useOptions} leaves
 * unused); on JDK 21 to 24 a CDS archive of the loaded classes. A cache holds only for the jar
 * and the JDK it was recorded with: a stamp beside it names both (the jar by its SHA-256), and a cache
 * whose stamp does not match is not used (the JVM would refuse it too, with a warning, and start cold).
 *
 * <p>All of it lives in {@code <module>/target/aot}, so a rebuild ({@code mvn clean}) drops it with the jar.
 */
public final class AotCache {

	/** The JDK feature release from which the AOT cache, with method profiles, is recorded in one run. */
	static final int AOT_CACHE_FROM = 25;

	private final String service;

	private final Path jar;

	private final Path dir;

	private final int jdk;

	private final String jdkBuild;

	private String jarSha256;

	AotCache(String service, Path jar, int jdk, String jdkBuild) {
		this.service = service;
		this.jar = jar;
		this.dir = jar.resolveSibling("aot");
		this.jdk = jdk;
		this.jdkBuild = jdkBuild;
	}

	/** A service's cache for the JDK this JVM runs on (the one the lab starts the services with). */
	public static AotCache of(Path project, String service) throws IOException {
		return forJar(service, ServiceJar.find(project, service));
	}

	/** The cache of a service's jar wherever it lies, in {@code aot} beside it, for the JDK this JVM runs on. */
	public static AotCache forJar(String service, Path jar) {
		return new AotCache(service, jar, Runtime.version().feature(),
				System.getProperty("java.home") + " " + Runtime.version());
	}

	/** How a service starts with this cache, as up says it: recording it, cold, or from it (or cold, and why). */
	public String startedFrom(JvmStart start) {
		return switch (start) {
			case RECORDING -> "recording its " + kind();
			case COLD -> "cold (no " + kind() + ", as asked)";
			case FROM_CACHE -> unusable().map((why) -> "cold (" + kind() + ": " + why + "; ./lab aot-cache records one)")
				.orElse("from its " + kind());
		};
	}

	/** "AOT cache" on JDK 25+, "CDS archive" before: what this JDK records. */
	public String kind() {
		return aot() ? "AOT cache" : "CDS archive";
	}

	private boolean aot() {
		return this.jdk >= AOT_CACHE_FROM;
	}

	/** The extracted form's jar: what the service runs from, with or without a cache. */
	public Path extractedJar() {
		return this.dir.resolve("app").resolve(this.jar.getFileName());
	}

	public Path cacheFile() {
		return this.dir.resolve(aot() ? "app.aot" : "app.jsa");
	}

	private Path stampFile() {
		return this.dir.resolve("stamp.properties");
	}

	/**
	 * The jar in its extracted form ({@code java -Djarmode=tools -jar … extract}), made again when the
	 * jar's content changed (the build is reproducible, so a rebuild of unchanged sources keeps it, and
	 * the files the cache was recorded against); a new extraction drops the cache, which was recorded
	 * for the old classes.
	 */
	public Path extract() throws IOException, InterruptedException {
		Path extracted = extractedJar();
		Path extractedFrom = this.dir.resolve("extracted-from");
		if (Files.exists(extracted) && Files.exists(extractedFrom) && Files.readString(extractedFrom).equals(jarStamp())) {
			return extracted;
		}
		delete();
		Files.createDirectories(this.dir);
		Path log = this.dir.resolve("extract.log");
		Process process = new ProcessBuilder(ServiceJar.java(), "-Djarmode=tools", "-jar", this.jar.toString(), "extract",
				"--destination", this.dir.resolve("app").toString())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0 || !Files.exists(extracted)) {
			process.destroyForcibly();
			throw new IllegalStateException("could not extract " + this.jar + " for its " + kind() + "; see " + log);
		}
		Files.writeString(extractedFrom, jarStamp());
		return extracted;
	}

	/** The JVM options that record the cache when the JVM exits. */
	public List<String> recordOptions() {
		return List.of(aot() ? "-XX:AOTCacheOutput=" + cacheFile() : "-XX:ArchiveClassesAtExit=" + cacheFile());
	}

	/**
	 * The JVM options that start from the cache. On JDK 25+ its classes, loaded and linked, but not the
	 * training run's method profiles: replayed, they kept the toy store slower for the first minutes
	 * than without them (measured with bench/first-minute: docs/results/2026-11-28-first-minute.md).
	 * JAVA_OPTS comes after these options, so {@code -XX:+AOTReplayTraining} there replays them.
	 */
	public List<String> useOptions() {
		return aot() ? List.of("-XX:AOTCache=" + cacheFile(), "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTReplayTraining")
				: List.of("-XX:SharedArchiveFile=" + cacheFile());
	}

	/** Why the cache cannot be used, or empty when it can: recorded, for this jar, on this JDK. */
	public Optional<String> unusable() {
		if (!Files.exists(cacheFile()) || !Files.exists(stampFile())) {
			return Optional.of("none recorded");
		}
		Properties stamp = readStamp();
		if (!jarStamp().equals(stamp.getProperty("jar"))) {
			return Optional.of("recorded for an older build of " + this.service);
		}
		if (!this.jdkBuild.equals(stamp.getProperty("jdk"))) {
			return Optional.of("recorded with another JDK (" + stamp.getProperty("jdk") + ")");
		}
		return Optional.empty();
	}

	/**
	 * After a training run's JVM has exited: the cache must be there (the JVM writes it at exit, and
	 * says why not in its log). Stamps it with the jar and the JDK, and returns its size in bytes.
	 */
	public long stamp(String workload) throws IOException {
		if (!Files.exists(cacheFile()) || Files.size(cacheFile()) == 0) {
			throw new IllegalStateException(this.service + " wrote no " + kind() + " (" + cacheFile()
					+ ") when it exited: see its log in runs/services");
		}
		Properties stamp = new Properties();
		stamp.setProperty("jar", jarStamp());
		stamp.setProperty("jdk", this.jdkBuild);
		stamp.setProperty("kind", kind());
		stamp.setProperty("workload", workload);
		stamp.setProperty("recorded", Instant.now().toString());
		try (Writer out = Files.newBufferedWriter(stampFile())) {
			stamp.store(out, "what " + cacheFile().getFileName() + " was recorded for");
		}
		return Files.size(cacheFile());
	}

	/** Drops the cache and its stamp (a training run records a new one; a stale one is of no use). */
	public void deleteCache() throws IOException {
		Files.deleteIfExists(stampFile());
		Files.deleteIfExists(cacheFile());
	}

	private void delete() throws IOException {
		if (!Files.exists(this.dir)) {
			return;
		}
		List<Path> all = new ArrayList<>();
		try (Stream<Path> files = Files.walk(this.dir)) {
			files.forEach(all::add);
		}
		for (Path p : all.reversed()) {
			Files.delete(p);
		}
	}

	/** The jar's content: its SHA-256, computed once. */
	private String jarStamp() {
		if (this.jarSha256 == null) {
			try (InputStream in = Files.newInputStream(this.jar)) {
				MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
				byte[] buffer = new byte[1 << 16];
				for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
					sha256.update(buffer, 0, n);
				}
				this.jarSha256 = "sha-256 " + HexFormat.of().formatHex(sha256.digest());
			}
			catch (IOException | NoSuchAlgorithmException ex) {
				return "unreadable: " + ex.getMessage();
			}
		}
		return this.jarSha256;
	}

	private Properties readStamp() {
		Properties stamp = new Properties();
		try (Reader in = Files.newBufferedReader(stampFile())) {
			stamp.load(in);
		}
		catch (IOException ex) {
			// Unreadable: it stamps nothing, and unusable() says so.
		}
		return stamp;
	}

	/** How these services' JVMs started: one way for all, or each way with the services it holds for; empty for none. */
	static Optional<String> startsOf(Map<String, ProcessHandle> services) {
		Map<String, List<String>> byStart = new LinkedHashMap<>();
		services.forEach((name, p) -> byStart.computeIfAbsent(startOf(p), (k) -> new ArrayList<>()).add(name));
		if (byStart.size() <= 1) {
			return byStart.keySet().stream().findFirst();
		}
		return Optional.of(String.join("; ",
				byStart.entrySet().stream().map((e) -> e.getKey() + ": " + String.join(", ", e.getValue())).toList()));
	}

	/** From the JVM's own command line: which cache it started from, if any. */
	static String startOf(ProcessHandle process) {
		String[] arguments = process.info().arguments().orElse(new String[0]);
		for (String argument : arguments) {
			if (argument.startsWith("-XX:AOTCache=")) {
				return "from each service's AOT cache (./lab aot-cache)";
			}
			if (argument.startsWith("-XX:SharedArchiveFile=")) {
				return "from each service's CDS archive (./lab aot-cache)";
			}
			if (argument.startsWith("-XX:AOTCacheOutput=") || argument.startsWith("-XX:ArchiveClassesAtExit=")) {
				return "recording a start-up cache (a training run)";
			}
		}
		return "cold (no start-up cache)";
	}

}
