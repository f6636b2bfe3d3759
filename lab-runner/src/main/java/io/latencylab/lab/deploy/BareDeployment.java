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
import java.util.Set;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.net.NetworkProbe;
import io.latencylab.lab.tls.LabCa;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.AppendedLines;
import io.latencylab.lab.traces.FileTraces;
import io.latencylab.lab.traces.Traces;
import io.latencylab.plan.Services;

/**
 * The services as bare JVMs on this machine, on their embedded defaults (H2 files in ./data,
 * spans as OTLP JSON lines in runs/services/traces). Pid files and logs go to runs/services, so
 * that `down` and `status` work from another shell.
 */
public final class BareDeployment implements Deployment {

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);


	private final Path project;

	private final Path dir;

	private final Services services;

	/**
	 * CPU from the kernel's count of each process's CPU time since the last sample, and resident
	 * memory: read from /proc, so sampling asks nothing of the services while they are measured
	 * (scraping their metrics endpoint would make them render it, on the measured cores).
	 */
	private final ProcessUsage usage = new ProcessUsage(this::processes);

	private final ProcessCores cores = new ProcessCores(this::running, this::serviceNames);

	private JvmStart jvmStart = JvmStart.FROM_CACHE;

	/** The services up starts: every one, or those a user named (a study's own, the others' JVMs not beside them). */
	private List<String> started;

	/** Of those, the ones no user named: services the named ones call. */
	private List<String> called = List.of();

	private final BareLaunch launch;

	/** The systems of the studies' that run beside the services here. */
	private final List<BackingSystem> backings;

	/** @param systems the studies' systems, each started here when it runs bare */
	public BareDeployment(Path project, List<BackingSystem.Kind> systems) {
		this.project = project;
		this.dir = project.resolve("runs/services");
		this.launch = new BareLaunch(project);
		this.services = Services.find(project);
		this.started = this.services.names();
		this.backings = systems.stream().flatMap((kind) -> kind.on(this).stream()).toList();
	}

	public Path project() {
		return this.project;
	}

	/** Where the lab keeps what it started here: pid files, logs, each system's own folder. */
	public Path dir() {
		return this.dir;
	}

	@Override
	public <T> Optional<T> backing(Class<T> type) {
		return BackingSystem.find(this.backings, type);
	}

	@Override
	public Services services() {
		return this.services;
	}

	@Override
	public String mode() {
		return "bare";
	}

	/**
	 * Starts (and stops) only these services and those they call from now on, all of them when empty; a
	 * name the lab does not have is refused.
	 */
	public BareDeployment only(List<String> names) {
		List<String> unknown = names.stream().filter((name) -> !this.services.names().contains(name)).toList();
		if (!unknown.isEmpty()) {
			throw new IllegalArgumentException("no service named " + String.join(", ", unknown) + "; the lab's services: "
					+ String.join(", ", this.services.names()));
		}
		if (names.isEmpty()) {
			this.started = this.services.names();
			this.called = List.of();
			return this;
		}
		// With the services they call, in the lab's start order whatever order they were named in.
		Set<String> withCalled = ServiceCalls.read(this.project.resolve("docker-compose.yml")).withCalled(names);
		this.started = this.services.names().stream().filter(withCalled::contains).toList();
		this.called = this.started.stream().filter((name) -> !names.contains(name)).toList();
		return this;
	}

	/** Whether {@code up} starts {@code name}: one of the services {@link #only} chose (all by default). */
	@Override
	public boolean starts(String name) {
		return this.started.contains(name);
	}

	/** True when every service up starts answers its readiness probe, from the process the lab started. */
	@Override
	public boolean isUp() {
		return this.started.stream().allMatch(this::answers);
	}

	@Override
	public boolean partlyUp() {
		return this.started.stream().anyMatch((name) -> running(name).isPresent() && !answers(name));
	}

	/** Whether the lab's own process of the service answers its readiness probe (not another on its port). */
	private boolean answers(String name) {
		int port = this.services.named(name).httpPort();
		return running(name).filter((p) -> Http.ready(port) && PortHolders.heldBy(port, p.pid())).isPresent();
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
		PortHolders.refuseHeld(portsToBind());
		if (!this.called.isEmpty()) {
			System.out.println("also " + String.join(", ", this.called)
					+ ", which the services named call (docker-compose.yml's depends_on)");
		}
		for (BackingSystem backing : this.backings) {
			backing.prepare();
		}
		Map<String, Process> started = new LinkedHashMap<>();
		List<BackingSystem> brought = new ArrayList<>();
		try {
			startEach(injections, started);
			long deadline = ServiceJar.deadline(READY_TIMEOUT);
			for (String name : this.started) {
				awaitReady(name, started.get(name), deadline);
			}
			// The lab's CA for the systems beside the services, made here when no started service made it.
			labCa();
			for (BackingSystem backing : alongside()) {
				brought.add(backing);
				backing.up();
			}
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			// A failed up leaves nothing of its own running, what was still starting included.
			for (BackingSystem backing : brought.reversed()) {
				backing.down();
			}
			for (Map.Entry<String, Process> service : List.copyOf(started.entrySet()).reversed()) {
				ServiceJar.stop(service.getValue().toHandle(), Duration.ofSeconds(10));
				Files.deleteIfExists(pidFile(service.getKey()));
				System.out.println("stopped " + service.getKey() + " (up failed)");
			}
			throw ex;
		}
	}

	/** The ports up binds: those of each service it starts (not of one already running), and its systems'. */
	private Map<Integer, String> portsToBind() {
		Map<Integer, String> ports = new LinkedHashMap<>();
		for (String name : this.started) {
			if (running(name).isEmpty()) {
				Services.Service service = this.services.named(name);
				ports.put(service.httpPort(), name + "'s HTTP");
				service.grpcPort().ifPresent((port) -> ports.put(port, name + "'s gRPC"));
			}
		}
		alongside().forEach((backing) -> ports.putAll(backing.portsToBind()));
		return ports;
	}

	/** Starts each service not running yet, into {@code started} as it goes (so that a failure stops those). */
	private void startEach(List<String> injections, Map<String, Process> started) throws IOException, InterruptedException {
		for (String name : this.started) {
			Optional<ProcessHandle> running = running(name);
			if (running.isPresent()) {
				System.out.println(name + " already runs (pid " + running.get().pid() + ")");
				continue;
			}
			// Its spans of an earlier life are history (each run keeps the traces it sampled), and at about
			// 1.3 kB a span, 100% tracing grew these files to 26 GB in a lab left up for five hours of runs.
			Files.deleteIfExists(tracesDir().resolve(name + ".jsonl"));
			Files.deleteIfExists(AppendedLines.rolled(tracesDir().resolve(name + ".jsonl")));
			Process process = start(name, injections);
			Files.writeString(pidFile(name), String.valueOf(process.pid()));
			started.put(name, process);
			System.out.println("started " + name + " (pid " + process.pid() + "), log " + this.project.relativize(log(name))
					+ ", " + cache(name).startedFrom(this.jvmStart));
		}
	}

	/** Until the service answers; one it started must answer itself, not another process on its port. */
	private void awaitReady(String name, Process process, long deadline) throws InterruptedException {
		int port = this.services.named(name).httpPort();
		if (process == null) {
			ServiceJar.awaitReady(name, null, () -> answers(name), deadline, log(name));
		}
		else {
			ServiceJar.awaitOwnReady(name, process, port, () -> Http.ready(port), deadline, log(name));
		}
		System.out.println(name + " ready on http://127.0.0.1:" + port);
	}

	/**
	 * Stops {@code name}, starts it again with what the backing systems now give it, on the
	 * services' cores, and waits until it is ready.
	 */
	public void restart(String name) throws IOException, InterruptedException {
		stop(name);
		Process process = start(name, List.of());
		Files.writeString(pidFile(name), String.valueOf(process.pid()));
		this.cores.place(process.toHandle());
		awaitReady(name, process, ServiceJar.deadline(READY_TIMEOUT));
	}

	/** The lab's own CA and the server certificate it signed, made on first use. */
	public LabCa labCa() {
		return LabCa.in(labCaDir());
	}

	/** Where the lab keeps its CA; {@link LabCa#at} reads it there without making one. */
	public Path labCaDir() {
		return this.project.resolve("data/tls");
	}

	/** A service's start-up cache, as this deployment starts the service from it. */
	public AotCache cache(String name) throws IOException {
		return this.launch.cache(name);
	}

	private Process start(String name, List<String> injections) throws IOException, InterruptedException {
		return ServiceJar.start(this.launch.command(name, this.jvmStart, bindAddress(), injections, this.backings), this.project,
				log(name), Map.of("LAB_TRACES_DIR", tracesDir().toString()));
	}

	/** Where the services listen, and so the systems beside them: {@link BindAddress#of(String)} of LAB_BIND. */
	public String bindAddress() {
		return BindAddress.of(System.getenv("LAB_BIND"));
	}

	@Override
	public void down() throws IOException, InterruptedException {
		for (BackingSystem backing : this.backings) {
			if (stopsWith(backing)) {
				backing.down();
			}
		}
		if (this.jvmStart == JvmStart.RECORDING) {
			// Each JVM writes its cache as it exits, a minute or more on two shared cores: all told at
			// once, then each waited for, as long as that takes.
			Map<String, ProcessHandle> stopping = runningServices();
			stopping.keySet().retainAll(this.started);
			stopping.values().forEach(ProcessHandle::destroy);
			for (Map.Entry<String, ProcessHandle> service : stopping.entrySet()) {
				ServiceJar.awaitExit(service.getValue(), Duration.ofMinutes(10));
				Files.deleteIfExists(pidFile(service.getKey()));
				System.out.println("stopped " + service.getKey());
			}
			return;
		}
		for (String name : this.started.reversed()) {
			if (!stop(name) && !whole()) {
				System.out.println(name + " was not running");
			}
		}
	}

	/**
	 * The systems up brings with these services: each beside one it starts or one already running,
	 * and those beside the lab as a whole.
	 */
	public List<BackingSystem> alongside() {
		return this.backings.stream()
			.filter((backing) -> backing.beside().map((name) -> starts(name) || running(name).isPresent()).orElse(true))
			.toList();
	}

	/** Whether down stops {@code backing}: with its service, or (beside the lab as a whole) with every service. */
	private boolean stopsWith(BackingSystem backing) {
		return backing.beside().map(this::starts).orElseGet(this::whole);
	}

	/** Whether this is the whole lab: no services named, or every one. */
	private boolean whole() {
		return this.started.containsAll(this.services.names());
	}

	/** Stops {@code name} if it runs; whether it did. */
	private boolean stop(String name) throws IOException, InterruptedException {
		Optional<ProcessHandle> running = running(name);
		if (running.isPresent()) {
			ServiceJar.stop(running.get(), Duration.ofSeconds(10));
			System.out.println("stopped " + name);
		}
		Files.deleteIfExists(pidFile(name));
		return running.isPresent();
	}

	@Override
	public Metering metering() {
		return this.usage;
	}

	@Override
	public Optional<CpuControl> cpuControl() {
		return Optional.of(this.cores);
	}

	/**
	 * What runs of the system under test, by name: the services, and the backing systems' processes
	 * (a daemon may do its work in children of the process whose pid it writes).
	 */
	private Map<String, ProcessHandle> processes() {
		Map<String, ProcessHandle> processes = runningServices();
		this.backings.forEach((backing) -> processes.putAll(backing.processes()));
		return processes;
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
		return AotCache.startsOf(runningServices());
	}

	private List<String> serviceNames() {
		return this.services.names();
	}

	/** The services' processes that run, by name. */
	private Map<String, ProcessHandle> runningServices() {
		Map<String, ProcessHandle> running = new LinkedHashMap<>();
		this.services.names().forEach((name) -> running(name).ifPresent((p) -> running.put(name, p)));
		return running;
	}

	public Map<String, String> status() {
		Map<String, String> status = new LinkedHashMap<>();
		for (Services.Service service : this.services.all()) {
			String name = service.name();
			int port = service.httpPort();
			status.put(name, answers(name) ? "ready on " + port
					: running(name).map((p) -> "running (pid " + p.pid() + "), not ready")
						.orElseGet(() -> PortHolders.of(port)
							.map((holder) -> "not running; its port " + port + " is held by " + holder.describe())
							.orElse("not running")));
		}
		this.backings.forEach((backing) -> status.putAll(backing.status()));
		return status;
	}

	/** Whether any of the services runs, ready or not. */
	public boolean anyRunning() {
		return this.services.names().stream().anyMatch((name) -> running(name).isPresent());
	}

	/** The process of a service (or a system whose pid file is beside theirs) when it runs. */
	public Optional<ProcessHandle> running(String name) {
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
	public Optional<ProbeHost> probeHost() {
		return Optional.of((files) -> NetworkProbe.serveHere(files, log("network-probe")));
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
