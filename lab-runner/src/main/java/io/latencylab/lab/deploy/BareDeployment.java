package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.net.NetworkProbe;
import io.latencylab.lab.tls.LabCa;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.FileTraces;
import io.latencylab.lab.traces.Traces;
import io.latencylab.load.plan.Services;

/**
 * The services as bare JVMs on this machine, on their embedded defaults (H2 files in ./data,
 * spans as OTLP JSON lines in runs/services/traces). Pid files and logs go to runs/services, so
 * that `down` and `status` work from another shell.
 */
public final class BareDeployment implements Deployment {

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	private static final String OBJECT_STORE = "object-store";

	private final Path project;

	private final Path dir;

	private final Services services;

	/** Per service: the pid, the time and its CPU nanoseconds at the last sample. */
	private final Map<String, long[]> lastCpu = new ConcurrentHashMap<>();

	/** The cores the services run on; limitCpus gives a service the first of them. */
	private Cores cores = Cores.here(false);

	private JvmStart jvmStart = JvmStart.FROM_CACHE;

	/** Per service, its start-up cache (each reads its jar's SHA-256 once). */
	private final Map<String, AotCache> caches = new ConcurrentHashMap<>();

	/** How the services' JVMs start, as far as their start-up cache goes. */
	public enum JvmStart {

		/** From each service's AOT cache where one was recorded for its jar and this JDK; cold where not. */
		FROM_CACHE,
		/** Cold: the extracted jars without a cache, as before any training run. */
		COLD,
		/** Recording each service's cache, which its JVM writes when it exits (a training run). */
		RECORDING

	}

	public BareDeployment(Path project) {
		this.project = project;
		this.dir = project.resolve("runs/services");
		this.services = Services.find(project);
	}

	@Override
	public Services services() {
		return this.services;
	}

	@Override
	public String mode() {
		return "bare";
	}

	/** How the services this deployment starts from now on start; {@link JvmStart#FROM_CACHE} by default. */
	public BareDeployment jvmStart(JvmStart start) {
		this.jvmStart = start;
		return this;
	}

	public Path tracesDir() {
		return this.dir.resolve("traces");
	}

	@Override
	public void up(List<String> injections) throws IOException, InterruptedException {
		Files.createDirectories(this.dir);
		if (running(OBJECT_STORE).isEmpty()) {
			Files.deleteIfExists(tuningFile());
			Files.deleteIfExists(backendFile());
		}
		Map<String, Process> started = new LinkedHashMap<>();
		for (String name : this.services.names()) {
			Optional<ProcessHandle> running = running(name);
			if (running.isPresent()) {
				System.out.println(name + " already runs (pid " + running.get().pid() + ")");
				continue;
			}
			// Its spans of an earlier life are history (each run keeps the traces it sampled), and
			// 100% tracing appends about 1.3 kB a span: a lab left up for five hours of runs grew
			// these files to 26 GB.
			Files.deleteIfExists(tracesDir().resolve(name + ".jsonl"));
			Process process = start(name, injections);
			Files.writeString(pidFile(name), String.valueOf(process.pid()));
			started.put(name, process);
			System.out.println("started " + name + " (pid " + process.pid() + "), log " + this.project.relativize(log(name))
					+ ", " + startedFrom(cache(name)));
		}
		long deadline = ServiceJar.deadline(READY_TIMEOUT);
		for (String name : this.services.names()) {
			awaitReady(name, started.get(name), deadline);
		}
		startCache();
		startStorage();
	}

	private SwiftStore swift() {
		return new SwiftStore(this.project.resolve("ops/swift"), this.dir.resolve("swift"), this.project.resolve("data/swift"),
				bindAddress(System.getenv("LAB_BIND")),
				new SwiftStore.Ports(this.services.port("SWIFT_PROXY_PORT"), this.services.port("SWIFT_PROXY_TLS_PORT"),
						this.services.port("SWIFT_ACCOUNT_PORT"), this.services.port("SWIFT_CONTAINER_PORT"),
						this.services.port("SWIFT_OBJECT_PORT"), this.services.port("SWIFT_MEMCACHED_PORT")),
				labCa().serverCertificate(), labCa().serverKey());
	}

	@Override
	public ObjectBackend objectBackend() {
		try {
			return Files.exists(backendFile()) ? ObjectBackend.named(Files.readString(backendFile()).strip()) : ObjectBackend.LAB;
		}
		catch (IOException | IllegalArgumentException ex) {
			return ObjectBackend.LAB;
		}
	}

	@Override
	public void useObjectBackend(ObjectBackend backend) throws IOException, InterruptedException {
		if (!this.services.names().contains(OBJECT_STORE)) {
			throw new IllegalStateException("seed 003's cache tier runs in front of " + OBJECT_STORE + ", which this lab does not run");
		}
		if (backend == objectBackend() && cache().running().isPresent()) {
			return;
		}
		if (backend == ObjectBackend.SWIFT) {
			if (!SwiftStore.installed()) {
				throw new IllegalStateException(SwiftStore.howToInstall() + "; or --store lab, the lab's own store");
			}
			// Started by the first run that needs it, not by up: idle, its processes cost about 6 % of a core,
			// which every other study would meet. down stops it.
			SwiftStore swift = swift();
			if (swift.running().isEmpty()) {
				swift.start(tuning().swiftLimits());
				System.out.println(SwiftStore.NAME + " (OpenStack Swift " + swift.version().orElse("") + ") ready on http://127.0.0.1:"
						+ swift.ports().proxy() + " and https://localhost:" + swift.ports().proxyTls());
			}
		}
		Files.writeString(backendFile(), backend.key());
		stopCache();
		startCache();
		if (backend == ObjectBackend.LAB) {
			// Nothing else reads from it: idle, it would cost every later run a few % of a core.
			stopSwift();
		}
	}

	private void stopSwift() throws IOException {
		if (this.services.sets("SWIFT_PROXY_PORT") && !swift().processes().isEmpty()) {
			swift().stop();
			System.out.println("stopped " + SwiftStore.NAME);
		}
	}

	@Override
	public String describeObjectBackend() {
		return (objectBackend() == ObjectBackend.SWIFT)
				? "OpenStack Swift " + swift().version().orElse("") + " (Debian's packages: a proxy with tempauth and memcached, "
						+ "account, container and object servers, one device, one replica)"
				: "the lab's object store (" + OBJECT_STORE + ", Spring Boot)";
	}

	/** What {@link #useObjectBackend} last set, for the runs and `status` of other commands. */
	private Path backendFile() {
		return this.dir.resolve("object-backend");
	}

	/** Seed 002's storage, Azurite, when this machine has it (else how to install it). */
	private void startStorage() throws IOException, InterruptedException {
		if (storage().isEmpty()) {
			System.out.println(AzuriteStorage.NAME + " not started: .env sets no AZURITE_*_PORT");
			return;
		}
		AzuriteStorage storage = storage().get();
		if (storage.running().isEmpty()) {
			if (storage.executable().isEmpty()) {
				System.out.println(AzuriteStorage.NAME + " not started: " + AzuriteStorage.howToInstall());
				return;
			}
			storage.start();
		}
		System.out.println(AzuriteStorage.NAME + " (Azure Storage emulator) ready on http://127.0.0.1:" + storage.queuePort()
				+ " (queue), blob and table beside it");
	}

	private Optional<AzuriteStorage> storage() {
		if (!this.services.sets("AZURITE_QUEUE_PORT")) {
			return Optional.empty();
		}
		return Optional.of(new AzuriteStorage(this.project, this.dir.resolve("azurite"),
				bindAddress(System.getenv("LAB_BIND")), this.services.port("AZURITE_BLOB_PORT"),
				this.services.port("AZURITE_QUEUE_PORT"), this.services.port("AZURITE_TABLE_PORT")));
	}

	private void awaitReady(String name, Process process, long deadline) throws InterruptedException {
		int port = this.services.named(name).httpPort();
		ServiceJar.awaitReady(name, process, () -> Http.ready(port), deadline, log(name));
		System.out.println(name + " ready on http://127.0.0.1:" + port);
	}

	@Override
	public Tuning tuning() {
		try {
			return Files.exists(tuningFile()) ? Tuning.named(Files.readString(tuningFile()).strip()) : Tuning.BEFORE;
		}
		catch (IOException | IllegalArgumentException ex) {
			return Tuning.BEFORE;
		}
	}

	@Override
	public void tune(Tuning tuning) throws IOException, InterruptedException {
		if (!this.services.names().contains(OBJECT_STORE)) {
			throw new IllegalStateException("tuning is for seed 003's object store and cache, which this lab does not run");
		}
		Files.writeString(tuningFile(), tuning.name());
		stopCache();
		if (objectBackend() == ObjectBackend.SWIFT) {
			// Table V: memcached and Swift's processes restarted with its limits.
			swift().stop();
			swift().start(tuning.swiftLimits());
			startCache();
			System.out.println(SwiftStore.NAME + " and its cache tier restarted with " + tuning.label());
			return;
		}
		stop(OBJECT_STORE);
		Process store = start(OBJECT_STORE, List.of());
		Files.writeString(pidFile(OBJECT_STORE), String.valueOf(store.pid()));
		Cores.pin(store.pid(), this.cores.services());
		awaitReady(OBJECT_STORE, store, ServiceJar.deadline(READY_TIMEOUT));
		startCache();
		System.out.println(OBJECT_STORE + " and its cache tier restarted with " + tuning.label());
	}

	/** What {@link #tune} last set, for the runs and `status` of other commands. */
	private Path tuningFile() {
		return this.dir.resolve("tuning");
	}

	/**
	 * Seed 003's cache tier in front of the object store, when that runs: Varnish, and hitch for
	 * HTTPS in front of Varnish, each if this machine has it (else how to install it).
	 */
	private void startCache() throws IOException, InterruptedException {
		if (!this.services.names().contains(OBJECT_STORE)) {
			return;
		}
		VarnishCache cache = cache();
		if (cache.running().isEmpty()) {
			if (VarnishCache.varnishd().isEmpty()) {
				System.out.println(VarnishCache.NAME + " not started: " + VarnishCache.howToInstall());
				return;
			}
			cache.start(tuning().varnishParameters());
		}
		System.out.println(VarnishCache.NAME + " (Varnish) ready on http://127.0.0.1:" + cache.port()
				+ ", in front of " + (objectBackend() == ObjectBackend.SWIFT ? SwiftStore.NAME : OBJECT_STORE));
		HitchTls tls = cacheTls();
		if (tls.running().isEmpty()) {
			if (HitchTls.hitch().isEmpty()) {
				System.out.println(HitchTls.NAME + " not started: " + HitchTls.howToInstall());
				return;
			}
			tls.start();
		}
		System.out.println(HitchTls.NAME + " (hitch) ready on https://localhost:" + tls.port() + ", in front of "
				+ VarnishCache.NAME + "; trust " + this.project.relativize(labCa().caCertificate()));
	}

	private void stopCache() throws IOException {
		if (!this.services.names().contains(OBJECT_STORE)) {
			return;
		}
		HitchTls tls = cacheTls();
		if (tls.running().isPresent()) {
			tls.stop();
			System.out.println("stopped " + HitchTls.NAME);
		}
		VarnishCache cache = cache();
		if (cache.running().isPresent()) {
			cache.stop();
			System.out.println("stopped " + VarnishCache.NAME);
		}
	}

	private VarnishCache cache() {
		return new VarnishCache(this.project.resolve("ops/varnish/default.vcl"), this.dir.resolve("varnish"),
				bindAddress(System.getenv("LAB_BIND")), this.services.port("OBJECT_CACHE_PORT"),
				(objectBackend() == ObjectBackend.SWIFT) ? this.services.port("SWIFT_PROXY_PORT")
						: this.services.named(OBJECT_STORE).httpPort());
	}

	private HitchTls cacheTls() {
		return new HitchTls(LabCa.at(labCaDir()).serverPem(), this.dir.resolve("hitch"), bindAddress(System.getenv("LAB_BIND")),
				this.services.port("OBJECT_CACHE_TLS_PORT"), this.services.port("OBJECT_CACHE_PORT"));
	}

	/** The lab's own CA and the server certificate it signed, made on first use. */
	private LabCa labCa() {
		return LabCa.in(labCaDir());
	}

	private Path labCaDir() {
		return this.project.resolve("data/tls");
	}

	/** A service's start-up cache, as this deployment starts the service from it. */
	public AotCache cache(String name) throws IOException {
		AotCache cache = this.caches.get(name);
		if (cache == null) {
			cache = AotCache.of(this.project, name);
			this.caches.put(name, cache);
		}
		return cache;
	}

	private String startedFrom(AotCache cache) {
		return switch (this.jvmStart) {
			case RECORDING -> "recording its " + cache.kind();
			case COLD -> "cold (no " + cache.kind() + ", as asked)";
			case FROM_CACHE -> cache.unusable()
				.map((why) -> "cold (" + cache.kind() + ": " + why + "; ./lab aot-cache records one)")
				.orElse("from its " + cache.kind());
		};
	}

	private Process start(String name, List<String> injections) throws IOException, InterruptedException {
		List<String> jvmOptions = new ArrayList<>();
		// The extracted jar, with or without a cache: a start-up cache needs it, and so a cold start
		// differs from a cached one by the cache alone.
		AotCache cache = cache(name);
		Path jar = cache.extract();
		if (this.jvmStart == JvmStart.RECORDING) {
			cache.deleteCache();
			jvmOptions.addAll(cache.recordOptions());
		}
		else if (this.jvmStart == JvmStart.FROM_CACHE && cache.unusable().isEmpty()) {
			jvmOptions.addAll(cache.useOptions());
		}
		String javaOpts = System.getenv("JAVA_OPTS");
		if (javaOpts != null && !javaOpts.isBlank()) {
			jvmOptions.addAll(List.of(javaOpts.trim().split("\\s+")));
		}
		String bind = bindAddress(System.getenv("LAB_BIND"));
		List<String> arguments = new ArrayList<>(List.of("--server.address=" + bind, "--spring.grpc.server.address=" + bind));
		injections.forEach((injection) -> arguments.add("--lab.inject." + injection));
		if (name.equals(OBJECT_STORE)) {
			// HTTPS beside HTTP, with a certificate of the lab's own CA (seed 003 measured both).
			arguments.add("--objects.https.port=" + this.services.port("OBJECT_STORE_TLS_PORT"));
			arguments.addAll(labCa().springBundleArguments("objects"));
			arguments.addAll(tuning().storeArguments());
		}
		List<String> command = new ArrayList<>();
		// setsid: the services outlive the shell that started them, as `./lab up` promises.
		if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
			command.add("/usr/bin/setsid");
		}
		command.addAll(ServiceJar.command(jvmOptions, jar, arguments));
		return ServiceJar.start(command, this.project, log(name), Map.of("LAB_TRACES_DIR", tracesDir().toString()));
	}

	/**
	 * Where a bare service listens, HTTP, actuator and gRPC alike: loopback, as compose publishes its
	 * ports, unless LAB_BIND says 0.0.0.0 (every interface: anyone on the network could buy toys
	 * and read the metrics). Nothing else: the services reach each other on 127.0.0.1.
	 */
	static String bindAddress(String labBind) {
		if (labBind == null || labBind.isBlank()) {
			return "127.0.0.1";
		}
		String bind = labBind.strip();
		if (!bind.equals("127.0.0.1") && !bind.equals("0.0.0.0")) {
			throw new IllegalArgumentException("LAB_BIND=" + bind + ": bare services listen on 127.0.0.1 (the default) "
					+ "or on 0.0.0.0 (every interface), since they reach each other on 127.0.0.1");
		}
		return bind;
	}

	@Override
	public void down() throws IOException, InterruptedException {
		stopCache();
		stopSwift();
		Optional<AzuriteStorage> storage = storage().filter((s) -> s.running().isPresent());
		if (storage.isPresent()) {
			storage.get().stop();
			System.out.println("stopped " + AzuriteStorage.NAME);
		}
		if (this.jvmStart == JvmStart.RECORDING) {
			// Each JVM writes its cache as it exits, a minute or more on two shared cores: all told at
			// once, then each waited for, as long as that takes.
			Map<String, ProcessHandle> stopping = new LinkedHashMap<>();
			this.services.names().forEach((name) -> running(name).ifPresent((p) -> stopping.put(name, p)));
			stopping.values().forEach(ProcessHandle::destroy);
			for (Map.Entry<String, ProcessHandle> service : stopping.entrySet()) {
				awaitExit(service.getValue(), Duration.ofMinutes(10));
				Files.deleteIfExists(pidFile(service.getKey()));
				System.out.println("stopped " + service.getKey());
			}
			return;
		}
		for (String name : this.services.names().reversed()) {
			stop(name);
		}
	}

	private static void awaitExit(ProcessHandle process, Duration timeout) throws InterruptedException {
		try {
			process.onExit().get(timeout.toSeconds(), TimeUnit.SECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			process.destroyForcibly();
		}
	}

	private void stop(String name) throws IOException, InterruptedException {
		Optional<ProcessHandle> running = running(name);
		if (running.isPresent()) {
			ProcessHandle process = running.get();
			process.destroy();
			awaitExit(process, Duration.ofSeconds(10));
			System.out.println("stopped " + name);
		}
		Files.deleteIfExists(pidFile(name));
	}

	@Override
	public void limitCpus(String service, int cpus) throws IOException, InterruptedException {
		ProcessHandle process = running(service)
			.orElseThrow(() -> new IllegalStateException(service + " does not run: cannot limit its cores"));
		// Pinned with every thread (taskset -a), and the threads they start inherit it.
		Cores.pin(process.pid(), (cpus <= 0) ? this.cores.services() : this.cores.firstForServices(cpus));
	}

	@Override
	public void placeServices(Cores cores) throws IOException, InterruptedException {
		this.cores = cores;
		for (String name : this.services.names()) {
			Optional<ProcessHandle> process = running(name);
			if (process.isPresent()) {
				Cores.pin(process.get().pid(), cores.services());
			}
		}
	}

	/**
	 * CPU from the kernel's count of each process's CPU time since the last sample, and resident
	 * memory: read from /proc, so sampling asks nothing of the services while they are measured
	 * (scraping their metrics endpoint would make them render it, on the measured cores).
	 */
	@Override
	public Map<String, Usage> sample() {
		Map<String, Usage> usage = new LinkedHashMap<>();
		long now = System.nanoTime();
		processes().forEach((name, process) -> {
			Optional<Duration> cpuTime = cpuTime(process);
			if (cpuTime.isEmpty()) {
				return;
			}
			long[] last = this.lastCpu.put(name, new long[] { process.pid(), now, cpuTime.get().toNanos() });
			if (last != null && last[0] == process.pid() && now > last[1]) {
				double cpu = 100.0 * (cpuTime.get().toNanos() - last[2]) / (now - last[1]);
				usage.put(name, new Usage(cpu, residentMib(process)));
			}
		});
		return usage;
	}

	@Override
	public Map<String, Double> cpuSeconds() {
		Map<String, Double> seconds = new LinkedHashMap<>();
		processes().forEach((name, process) -> cpuTime(process).ifPresent((cpu) -> seconds.put(name, cpu.toNanos() / 1e9)));
		return seconds;
	}

	/**
	 * What runs of the system under test, by name: the services, and the cache tier's daemons when
	 * they run (Varnish and hitch do their work in children of the process whose pid they write).
	 */
	private Map<String, ProcessHandle> processes() {
		Map<String, ProcessHandle> processes = new LinkedHashMap<>();
		for (Services.Service service : this.services.all()) {
			running(service.name()).ifPresent((p) -> processes.put(service.name(), p));
		}
		if (this.services.names().contains(OBJECT_STORE)) {
			cache().running().ifPresent((p) -> processes.put(VarnishCache.NAME, p));
			cacheTls().running().ifPresent((p) -> processes.put(HitchTls.NAME, p));
			if (this.services.sets("SWIFT_PROXY_PORT")) {
				processes.putAll(swift().processes());
			}
		}
		storage().flatMap(AzuriteStorage::running).ifPresent((p) -> processes.put(AzuriteStorage.NAME, p));
		return processes;
	}

	/** The CPU time of a process and every process under it. */
	private static Optional<Duration> cpuTime(ProcessHandle process) {
		Optional<Duration> own = process.info().totalCpuDuration();
		return own.map((cpu) -> process.descendants()
			.map((child) -> child.info().totalCpuDuration().orElse(Duration.ZERO))
			.reduce(cpu, Duration::plus));
	}

	@Override
	public Traces traces() {
		return new FileTraces(tracesDir());
	}

	@Override
	public Topology topology() {
		return Topology.here(Topology.Kind.BARE, this.services, Topology.TraceSource.files(tracesDir()));
	}

	@Override
	public Map<String, String> factors() {
		Map<String, String> factors = new LinkedHashMap<>();
		factors.put("services run as", "bare JVMs");
		factors.put("database", "H2 files on " + Factors.fileSystem(this.project.resolve("data")));
		factors.put("span export", "OTLP JSON lines to files");
		factors.put("CPU limit", "none");
		factors.put("memory limit", "none");
		factors.put("network", "loopback (127.0.0.1, no NAT)");
		String javaOpts = System.getenv("JAVA_OPTS");
		factors.put("JVM options", (javaOpts == null || javaOpts.isBlank()) ? "none" : javaOpts.strip());
		factors.put("JVM start", jvmStart().orElse("not running"));
		return factors;
	}

	/** How the running services started: each from its cache, cold, or some of each (named). */
	@Override
	public Optional<String> jvmStart() {
		Map<String, List<String>> byStart = new LinkedHashMap<>();
		for (String name : this.services.names()) {
			running(name).ifPresent((p) -> byStart.computeIfAbsent(startOf(p), (k) -> new ArrayList<>()).add(name));
		}
		if (byStart.size() <= 1) {
			return byStart.keySet().stream().findFirst();
		}
		return Optional.of(String.join("; ",
				byStart.entrySet().stream().map((e) -> e.getKey() + ": " + String.join(", ", e.getValue())).toList()));
	}

	/** From the JVM's own command line: which cache it started from, if any. */
	private static String startOf(ProcessHandle process) {
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

	public Map<String, String> status() {
		Map<String, String> status = new LinkedHashMap<>();
		for (Services.Service service : this.services.all()) {
			String name = service.name();
			Optional<ProcessHandle> process = running(name);
			status.put(name, Http.ready(service.httpPort()) ? "ready on " + service.httpPort()
					: process.map((p) -> "running (pid " + p.pid() + "), not ready").orElse("not running"));
		}
		if (this.services.names().contains(OBJECT_STORE)) {
			VarnishCache cache = cache();
			status.put(VarnishCache.NAME, cache.running().map((p) -> "Varnish on " + cache.port() + " (pid " + p.pid() + ")")
				.orElse("not running"));
			HitchTls tls = cacheTls();
			status.put(HitchTls.NAME, tls.running().map((p) -> "hitch on " + tls.port() + " (pid " + p.pid() + ")")
				.orElse("not running"));
			if (this.services.sets("SWIFT_PROXY_PORT")) {
				SwiftStore swift = swift();
				status.put(SwiftStore.NAME, swift.running()
					.map((p) -> "OpenStack Swift " + swift.version().orElse("") + " on " + swift.ports().proxy() + " (pid " + p.pid()
							+ ")" + (objectBackend() == ObjectBackend.SWIFT ? ", behind the cache" : ""))
					.orElse("not running"));
			}
		}
		return status;
	}

	/** Resident memory of a process and every process under it. */
	private static double residentMib(ProcessHandle process) {
		return Stream.concat(Stream.of(process), process.descendants())
			.mapToDouble((p) -> residentMib(p.pid()))
			.filter((mib) -> !Double.isNaN(mib))
			.sum();
	}

	/** Resident memory from /proc, as the kernel counts it (heap, metaspace, threads, code). */
	private static double residentMib(long pid) {
		try {
			for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			// Not Linux, or the process just ended.
		}
		return Double.NaN;
	}

	/** Whether any of the services runs, ready or not. */
	public boolean anyRunning() {
		return this.services.names().stream().anyMatch((name) -> running(name).isPresent());
	}

	private Optional<ProcessHandle> running(String name) {
		try {
			Path pidFile = pidFile(name);
			if (!Files.exists(pidFile)) {
				return Optional.empty();
			}
			return ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).filter(ProcessHandle::isAlive);
		}
		catch (IOException | NumberFormatException ex) {
			return Optional.empty();
		}
	}

	private Path pidFile(String name) {
		return this.dir.resolve(name + ".pid");
	}

	private Path log(String name) {
		return this.dir.resolve(name + ".log");
	}

	@Override
	public AutoCloseable startProbeServer(Path files) throws IOException {
		Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-m",
				"jdk.httpserver", "-b", "127.0.0.1", "-p", String.valueOf(NetworkProbe.PORT), "-d",
				files.toAbsolutePath().toString(), "-o", "none")
			.redirectErrorStream(true)
			.redirectOutput(log("network-probe").toFile())
			.start();
		return () -> {
			server.destroy();
			server.waitFor(10, TimeUnit.SECONDS);
		};
	}

	@Override
	public Optional<String> startLog(String service) {
		try {
			return Optional.of(Files.readString(log(service)));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

}
