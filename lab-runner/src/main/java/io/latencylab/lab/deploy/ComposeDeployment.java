package io.latencylab.lab.deploy;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.net.NetworkProbe;
import io.latencylab.lab.tls.LabCa;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.FileTraces;
import io.latencylab.lab.traces.JaegerTraces;
import io.latencylab.lab.traces.Traces;
import io.latencylab.plan.Services;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The lab under docker compose (docker-compose.yml at the project's root): the services in
 * containers with PostgreSQL, Jaeger, Prometheus and Grafana. Resource use comes from the
 * containers' control groups (`docker stats` where they cannot be read), spans from Jaeger's query
 * API.
 */
public final class ComposeDeployment implements Deployment {

	/** Jaeger's query service, published on 127.0.0.1. */
	static final String JAEGER = "http://127.0.0.1:16686";

	/** How {@link #status()} begins the line of a service whose readiness probe answers. */
	public static final String READY = "ready on ";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** Where the service images hold the start-up cache their build recorded (the Dockerfile). */
	static final String START_CACHE = "/app/start.cache";

	private final Path project;

	private final List<String> services;

	/** {@link #services} and their depends_on, read from the compose file when first asked. */
	private Set<String> startedWithCalled;

	private final Services lab;

	/** The services' containers, their ids and their CPU and memory. */
	private final ContainerUsage usage;

	private final ContainerCpus cpus;

	private List<String> injections = List.of();

	/** Whether the services' JVMs start from the start-up cache their image recorded (the Dockerfile's). */
	private boolean startCache = true;

	private final ComposeSetup setup;

	/** The systems of the studies' that run beside the services in compose. */
	private final List<BackingSystem> backings;

	/**
	 * @param services the compose services to start; empty for all of them
	 * @param systems the studies' systems, each set through compose when it runs there
	 */
	public ComposeDeployment(Path project, List<String> services, List<BackingSystem.Kind> systems) {
		this(project, services, ComposeSetup.AS_SHIPPED, systems);
	}

	/**
	 * @param services the compose services to start; empty for all of them (like bare: the lab's
	 * services and the backing systems' own, without the database, trace store and metrics of the
	 * shipped setup)
	 */
	public ComposeDeployment(Path project, List<String> services, ComposeSetup setup, List<BackingSystem.Kind> systems) {
		this.project = project;
		this.setup = setup;
		this.lab = Services.find(project);
		this.usage = new ContainerUsage(this.lab.names(), (command) -> run(command, false));
		this.cpus = new ContainerCpus((command) -> run(command, false));
		this.backings = systems.stream().flatMap((kind) -> kind.on(this).stream()).toList();
		this.services = (services.isEmpty() && setup.likeBare()) ? withBackings(this.lab.names()) : services;
	}

	private List<String> withBackings(List<String> services) {
		List<String> all = new ArrayList<>(services);
		this.backings.forEach((backing) -> all.addAll(backing.composeServices()));
		return all;
	}

	@Override
	public <T> Optional<T> backing(Class<T> type) {
		return BackingSystem.find(this.backings, type);
	}

	/** Whether {@code up} starts {@code service}: all of compose's, or those named with what they depend on, as compose does. */
	@Override
	public boolean starts(String service) {
		if (!this.services.isEmpty() && this.startedWithCalled == null) {
			this.startedWithCalled = ServiceCalls.read(this.project.resolve("docker-compose.yml")).withCalled(this.services);
		}
		return this.services.isEmpty() || this.startedWithCalled.contains(service);
	}

	/** Runs {@code docker compose} with these arguments and every variable the lab hands it, its output shown. */
	public void compose(List<String> arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("docker", "compose"));
		command.addAll(arguments);
		run(command, true);
	}

	@Override
	public Services services() {
		return this.lab;
	}

	@Override
	public String mode() {
		return this.setup.mode();
	}

	/** The services' JVMs start without their images' start-up cache (LAB_START_CACHE=off) from the next up. */
	public ComposeDeployment startCold() {
		this.startCache = false;
		return this;
	}

	/**
	 * How the running containers' JVMs started, as seen in each one's memory map: a JVM that started from
	 * its image's start-up cache has the file mapped; one that started cold, or whose JVM refused the
	 * cache, has not.
	 */
	@Override
	public Optional<String> jvmStart() {
		List<String> fromCache = new ArrayList<>();
		List<String> cold = new ArrayList<>();
		for (String service : this.lab.names()) {
			String id = this.usage.id(service);
			if (!id.isEmpty()) {
				(startCacheMapped(id) ? fromCache : cold).add(service);
			}
		}
		return JvmStartWords.of("containers", fromCache, cold, this.startCache);
	}

	/** Whether the container's JVM (its pid 1, exec'd by the image's entrypoint) has the start-up cache mapped. */
	private boolean startCacheMapped(String containerId) {
		try {
			return run(List.of("docker", "exec", containerId, "cat", "/proc/1/maps"), false).contains(START_CACHE);
		}
		catch (IOException | RuntimeException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** Where the containers write their spans when set up like bare (mounted at /app/traces). */
	private Path tracesDir() {
		return this.project.resolve("runs/services/compose-traces");
	}

	@Override
	public void up(List<String> injections) throws IOException, InterruptedException {
		// The catalog and the order service read LAB_INJECTIONS; compose recreates them when it changes,
		// so an up without --inject takes an earlier one away.
		this.injections = List.copyOf(injections);
		if (run(List.of("docker", "compose", "ps", "-q"), false).isBlank()) {
			// None of the lab's containers runs (once they do, theirs hold these ports): every port it publishes must be free.
			PortHolders.refuseHeld(
					ComposePorts.published(run(List.of("docker", "compose", "config", "--format", "json"), false), this.services));
		}
		for (BackingSystem backing : this.backings) {
			backing.prepare();
		}
		// New containers, new ids: the ones looked up before are of containers that are gone.
		this.usage.forget();
		if (this.setup.likeBare()) {
			// Written by the containers' user (uid 10001); an earlier life's spans are history, as bare.
			Files.createDirectories(tracesDir());
			Files.setPosixFilePermissions(tracesDir(), PosixFilePermissions.fromString("rwxrwxrwx"));
			try (var files = Files.list(tracesDir())) {
				for (Path file : files.filter((f) -> f.toString().matches(".*\\.jsonl(\\.1)?")).toList()) {
					Files.delete(file);
				}
			}
		}
		List<String> command = new ArrayList<>(List.of("docker", "compose", "up", "-d", "--build", "--wait",
				"--wait-timeout", "300"));
		command.addAll(this.services);
		run(command, true);
		jvmStart().ifPresent((how) -> System.out.println("services' JVMs: " + how));
	}

	/**
	 * HTTPS for the object store and its cache (ops/compose/tls.yml on top of docker-compose.yml): the lab's CA, made on
	 * first use, and a copy of its server certificate and key for the containers, the key readable
	 * by the store's user (uid 10001, not this one). It is the key of a certificate that names
	 * localhost and the compose services only, trusted by nothing but the lab's own clients.
	 */
	private String composeFiles() throws IOException {
		LabCa ca = LabCa.in(this.project.resolve("data/tls"));
		Path dir = Files.createDirectories(this.project.resolve("runs/services/compose-tls"));
		Files.copy(ca.serverCertificate(), dir.resolve("server.crt"), StandardCopyOption.REPLACE_EXISTING);
		Path key = Files.copy(ca.serverKey(), dir.resolve("server.key"), StandardCopyOption.REPLACE_EXISTING);
		Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
		return String.join(File.pathSeparator, this.setup.files());
	}

	@Override
	public void down() throws IOException, InterruptedException {
		run(List.of("docker", "compose", "down"), true);
	}

	/**
	 * True when every service of the lab it starts (all, or those {@code --services} names) answers its
	 * readiness probe: like bare, a study's lab of a few services is up without the others.
	 */
	@Override
	public boolean isUp() {
		Map<String, Topology.Endpoint> endpoints = topology().services();
		List<String> started = this.lab.names().stream().filter(this::starts).toList();
		return !started.isEmpty()
				&& started.stream().allMatch((service) -> Http.get(endpoints.get(service).readiness()).isPresent());
	}

	@Override
	public boolean partlyUp() throws IOException, InterruptedException {
		for (Map.Entry<String, Topology.Endpoint> service : topology().services().entrySet()) {
			if (Http.get(service.getValue().readiness()).isEmpty()
					&& !run(List.of("docker", "compose", "ps", "-q", "--status", "running", service.getKey()), false).isBlank()) {
				return true;
			}
		}
		return false;
	}

	/**
	 * {@code ./lab status --compose}: each of the lab's services, ready (its readiness probe answers on
	 * its published port) or its container's state; then every other container of the project
	 * (PostgreSQL, Jaeger, Prometheus, the studies' systems) with its state and ports.
	 */
	public Map<String, String> status() throws IOException, InterruptedException {
		Map<String, Topology.Endpoint> endpoints = topology().services();
		return status(this.lab, run(List.of("docker", "compose", "ps", "--all", "--format", "json"), false),
				(service) -> Optional.ofNullable(endpoints.get(service))
					.flatMap((endpoint) -> Http.get(endpoint.readiness()))
					.isPresent());
	}

	/**
	 * The lines of {@link #status()} from what {@code docker compose ps --all --format json} printed:
	 * one object a line (compose 2.21 and later) or one array (earlier).
	 */
	static Map<String, String> status(Services lab, String ps, Predicate<String> ready) {
		Map<String, JsonNode> containers = new LinkedHashMap<>();
		String text = ps.strip();
		List<String> documents = text.startsWith("[") ? List.of(text) : text.lines().filter((l) -> !l.isBlank()).toList();
		for (String document : documents) {
			JsonNode node = JSON.readTree(document);
			for (JsonNode container : node.isArray() ? node : List.of(node)) {
				containers.putIfAbsent(container.path("Service").asString(), container);
			}
		}
		Map<String, String> status = new LinkedHashMap<>();
		for (Services.Service service : lab.all()) {
			JsonNode container = containers.remove(service.name());
			String state = (container == null) ? "no container" : "container " + container.path("Status").asString();
			status.put(service.name(), ready.test(service.name()) ? READY + service.httpPort() + " (" + state + ")"
					: (container == null) ? "no container (./lab up --compose starts it)" : state + ", not ready");
		}
		containers.forEach((name, container) -> {
			// The ports it publishes (compose's "Ports" lists the unpublished too).
			List<String> ports = new ArrayList<>();
			container.path("Publishers").forEach((p) -> {
				if (p.path("PublishedPort").asInt() != 0) {
					ports.add(p.path("URL").asString() + ":" + p.path("PublishedPort").asInt());
				}
			});
			status.put(name, "container " + container.path("Status").asString()
					+ (ports.isEmpty() ? "" : ", on " + String.join(", ", ports.stream().distinct().toList())));
		});
		return status;
	}

	@Override
	public Metering metering() {
		return this.usage;
	}

	@Override
	public Optional<CpuControl> cpuControl() {
		return Optional.of(this.cpus);
	}

	@Override
	public Optional<ProbeHost> probeHost() {
		return Optional.of(this::startProbeServer);
	}

	@Override
	public Traces traces() {
		return this.setup.likeBare() ? new FileTraces(tracesDir()) : new JaegerTraces(JAEGER);
	}

	@Override
	public Topology topology() {
		return Topology.here(Topology.Kind.COMPOSE, services(),
				this.setup.likeBare() ? Topology.TraceSource.files(tracesDir()) : Topology.TraceSource.jaeger(JAEGER));
	}

	/**
	 * Read from the service containers (docker inspect): their CPU and memory limits, network mode,
	 * JVM options and where the databases' files are; the rest as the setup has it.
	 */
	@Override
	public Map<String, String> factors() {
		Map<String, String> factors = new LinkedHashMap<>();
		factors.put("services run as", "containers (" + this.setup.side() + ")");
		List<String> cpus = new ArrayList<>();
		List<String> memory = new ArrayList<>();
		List<String> network = new ArrayList<>();
		List<String> options = new ArrayList<>();
		String data = "";
		for (String service : this.lab.names()) {
			String id = this.usage.id(service);
			if (id.isEmpty()) {
				continue;
			}
			try {
				String[] fields = run(List.of("docker", "inspect", "--format",
						"{{.HostConfig.NanoCpus}}|{{.HostConfig.Memory}}|{{.HostConfig.NetworkMode}}|"
								+ "{{range .Config.Env}}{{if eq (index (split . \"=\") 0) \"JAVA_TOOL_OPTIONS\"}}{{.}}{{end}}{{end}}|"
								+ "{{range .Mounts}}{{if eq .Destination \"/app/data\"}}{{.Source}}{{end}}{{end}}",
						id), false).strip().split("\\|", -1);
				cpus.add(fields[0].equals("0") ? "none" : ContainerCpus.cpusOf(fields[0]) + " CPUs");
				memory.add(fields[1].equals("0") ? "none" : Long.parseLong(fields[1]) / 1024 / 1024 + " MiB");
				network.add(fields[2].equals("host") ? "host network (the host's stack, no NAT)"
						: "bridge " + fields[2] + " (published ports forwarded by Docker: its proxy on 127.0.0.1, NAT)");
				String javaOptions = fields[3].replaceFirst("^JAVA_TOOL_OPTIONS=", "").strip();
				options.add(javaOptions.isEmpty() ? "none" : javaOptions);
				if (service.equals("catalog-service") && !fields[4].isEmpty()) {
					data = fields[4];
				}
			}
			catch (IOException | RuntimeException ex) {
				// A container that went away: its factors stay unknown.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		factors.put("database", this.setup.likeBare()
				? "H2 files" + (data.isEmpty() ? "" : " on " + Factors.fileSystem(Path.of(data))) : "PostgreSQL (a container)");
		factors.put("span export", this.setup.likeBare() ? "OTLP JSON lines to files" : "OTLP/HTTP to Jaeger (a container)");
		factors.put("CPU limit", Factors.summary(cpus));
		factors.put("memory limit", Factors.summary(memory));
		factors.put("network", Factors.summary(network));
		factors.put("JVM options", Factors.summary(options));
		return factors;
	}

	/**
	 * The probe's server in a container of a service's image (built by up; its JRE is the services'),
	 * on the network the services have: compose's bridge with the port published, or the host's.
	 */
	private AutoCloseable startProbeServer(Path files) throws IOException, InterruptedException {
		String name = "latency-lab-network-probe";
		try {
			run(List.of("docker", "rm", "-f", name), false);
		}
		catch (IOException ex) {
			// None left from an earlier run.
		}
		boolean host = this.setup == ComposeSetup.HOST_NETWORK;
		String port = String.valueOf(NetworkProbe.PORT);
		List<String> command = new ArrayList<>(List.of("docker", "run", "-d", "--rm", "--name", name));
		command.addAll(host ? List.of("--network", "host") : List.of("-p", "127.0.0.1:" + port + ":" + port));
		command.addAll(List.of("-v", files.toAbsolutePath() + ":/probe:ro", "--entrypoint", "java", "latency-lab/meals-rest:dev",
				"-m", "jdk.httpserver", "-b", host ? "127.0.0.1" : "0.0.0.0", "-p", port, "-d", "/probe", "-o", "none"));
		run(command, false);
		return () -> run(List.of("docker", "rm", "-f", name), false);
	}

	@Override
	public Optional<String> startLog(String service) {
		try {
			return Optional.of(run(List.of("docker", "compose", "logs", "--no-log-prefix", "--no-color", service), false));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	private String run(List<String> command, boolean show) throws IOException, InterruptedException {
		ProcessBuilder builder = new ProcessBuilder(command).directory(this.project.toFile()).redirectErrorStream(true);
		if (command.size() > 1 && command.get(1).equals("compose")) {
			builder.environment().put("COMPOSE_FILE", composeFiles());
			this.backings.forEach((backing) -> builder.environment().putAll(backing.composeEnvironment()));
			builder.environment().put("LAB_INJECTIONS", String.join(",", this.injections));
			builder.environment().put("LAB_START_CACHE", this.startCache ? "on" : "off");
			if (this.setup.likeBare()) {
				// The JRE the bare JVMs run on (this runner's, as BareDeployment starts them), and no
				// limits for HTTPS's nginx either (0: none; ops/compose/like-bare.yml).
				builder.environment().put("LAB_JAVA_VERSION", String.valueOf(Runtime.version().feature()));
				builder.environment().put("LAB_OBJECT_CACHE_TLS_CPUS", "0");
				builder.environment().put("LAB_OBJECT_CACHE_TLS_MEM", "0");
			}
		}
		if (show) {
			builder.inheritIO();
		}
		Process process = builder.start();
		String output = show ? "" : new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (process.waitFor() != 0) {
			throw new IOException(String.join(" ", command) + " failed with exit code " + process.exitValue());
		}
		return output;
	}

}
