package io.latencylab.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.deploy.ServiceJar;

/**
 * The lab's services as separate JVMs started from their runnable jars, on free ports, with a
 * data directory and a traces directory of their own, so that they can be killed with SIGKILL
 * and started again, and their spans read afterwards.
 */
final class LabProcesses implements AutoCloseable {

	enum Service {

		CATALOG("catalog-service"), ORDER("order-service"), FRONTEND("frontend-service"), MEALS_SOAP("meals-soap"),
		MEALS_REST("meals-rest"), SORT("sort-service"), OBJECT_STORE("object-store");

		static final Service[] TOY_STORE = { CATALOG, ORDER, FRONTEND };

		final String module;

		Service(String module) {
			this.module = module;
		}

	}

	private final Path root = Path.of(System.getProperty("lab.root", ".."));

	private final Path dataDir;

	private final Map<Service, Process> processes = new ConcurrentHashMap<>();

	private final Map<Service, Integer> httpPorts = new ConcurrentHashMap<>();

	final int catalogGrpcPort = FreePorts.next();

	final int orderGrpcPort = FreePorts.next();

	/** Where the front end finds the catalog and the order service: this lab's own, or another's. */
	private LabProcesses backends = this;

	private final List<String> extraCatalogArgs;

	private final Map<Service, Tls> tls = new ConcurrentHashMap<>();

	private final Map<Service, List<String>> extraArgs = new ConcurrentHashMap<>();

	/** Starts so far, each with a log of its own (a killed service's log stays for the reader). */
	private int starts;

	private final Map<Service, Path> logs = new ConcurrentHashMap<>();

	private final HttpClient probe = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	/**
	 * A service's HTTP port with TLS, through a Spring Boot SSL bundle named "lab".
	 *
	 * @param keystore the PKCS#12 key store with the server's key and certificate
	 * @param password its password
	 * @param client a client that trusts that certificate (readiness probes)
	 */
	record Tls(Path keystore, String password, HttpClient client) {

		List<String> arguments() {
			return List.of("--server.ssl.bundle=lab", "--spring.ssl.bundle.jks.lab.keystore.location=file:" + this.keystore,
					"--spring.ssl.bundle.jks.lab.keystore.password=" + this.password,
					"--spring.ssl.bundle.jks.lab.keystore.type=PKCS12");
		}

	}

	LabProcesses(String... extraCatalogArgs) throws IOException {
		this.dataDir = Files.createTempDirectory("toystore-it");
		this.extraCatalogArgs = List.of(extraCatalogArgs);
		for (Service service : Service.values()) {
			this.httpPorts.put(service, FreePorts.next());
		}
	}

	/** Starts the toy store and waits until the frontend is ready (which needs both backends). */
	LabProcesses startAll() throws Exception {
		return start(Service.TOY_STORE);
	}

	LabProcesses start(Service... services) throws Exception {
		for (Service service : services) {
			start(service);
		}
		for (Service service : services) {
			awaitReady(service);
		}
		return this;
	}

	Path tracesDir() {
		return this.dataDir.resolve("traces");
	}

	URI http(Service service, String path) {
		String scheme = this.tls.containsKey(service) ? "https" : "http";
		return URI.create(scheme + "://localhost:" + this.httpPorts.get(service) + path);
	}

	/** Serves the service's HTTP port with TLS only (set before it starts). */
	LabProcesses withTls(Service service, Tls tls) {
		this.tls.put(service, tls);
		return this;
	}

	/** A front end of this lab calls {@code other}'s catalog and order service (set before it starts). */
	LabProcesses backedBy(LabProcesses other) {
		this.backends = other;
		return this;
	}

	/** More command-line arguments for the service (set before it starts). */
	LabProcesses withArguments(Service service, List<String> arguments) {
		this.extraArgs.put(service, List.copyOf(arguments));
		return this;
	}

	void start(Service service) throws IOException {
		List<String> command = new ArrayList<>(List.of("--server.port=" + this.httpPorts.get(service),
				"--lab.data-dir=" + this.dataDir, "--lab.traces-dir=" + tracesDir()));
		switch (service) {
			case CATALOG -> {
				command.add("--spring.grpc.server.port=" + this.catalogGrpcPort);
				command.add("--catalog.restock.enabled=false");
				command.addAll(this.extraCatalogArgs);
			}
			case ORDER -> {
				command.add("--spring.grpc.server.port=" + this.orderGrpcPort);
				command.add("--spring.grpc.client.channel.catalog.target=static://localhost:" + this.catalogGrpcPort);
				command.add("--order.reconcile.interval=500ms");
				command.add("--order.reconcile.min-age=3s");
			}
			case FRONTEND -> {
				command.add("--spring.grpc.client.channel.catalog.target=static://localhost:" + this.backends.catalogGrpcPort);
				command.add("--spring.grpc.client.channel.orders.target=static://localhost:" + this.backends.orderGrpcPort);
			}
			default -> {
				// meals and sort need nothing more
			}
		}
		if (this.tls.containsKey(service)) {
			command.addAll(this.tls.get(service).arguments());
		}
		command.addAll(this.extraArgs.getOrDefault(service, List.of()));
		// The runner's own way of starting a service (a bare deployment's), from an empty folder of its own.
		Path dir = Files.createDirectories(this.dataDir.resolve(service.module));
		Path log = this.dataDir.resolve(service.module + "-" + (++this.starts) + ".log");
		this.logs.put(service, log);
		Process process = ServiceJar.start(
				ServiceJar.command(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"), ServiceJar.find(this.root, service.module),
						command),
				dir, log, Map.of());
		this.processes.put(service, process);
	}

	/** SIGKILL: no shutdown hook, no flush, no goodbye. */
	void kill9(Service service) throws InterruptedException {
		Process process = this.processes.remove(service);
		process.destroyForcibly();
		process.waitFor(30, TimeUnit.SECONDS);
	}

	/** SIGTERM, as `./lab down` stops a service: its shutdown runs; waits until it exits. */
	void stop(Service service) throws InterruptedException {
		ServiceJar.stop(this.processes.remove(service).toHandle(), Duration.ofSeconds(60));
	}

	/** A file the service keeps under this lab's data directory, e.g. its H2 trace file. */
	Path dataFile(String relative) {
		return this.dataDir.resolve(relative);
	}

	void awaitReady(Service service) throws Exception {
		HttpClient http = this.tls.containsKey(service) ? this.tls.get(service).client() : this.probe;
		URI readiness = http(service, "/actuator/health/readiness");
		Process process = this.processes.get(service);
		if (process == null) {
			throw new IllegalStateException(service.module + " was not started");
		}
		ServiceJar.awaitReady(service.module, process, () -> answers(http, readiness), ServiceJar.deadline(Duration.ofSeconds(120)),
				this.logs.get(service));
	}

	/** Whether the readiness probe answers 200; false while nothing listens yet. */
	static boolean answers(HttpClient http, URI readiness) {
		try {
			return http.send(HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(2)).build(),
					HttpResponse.BodyHandlers.discarding())
				.statusCode() == 200;
		}
		catch (IOException notYet) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	URI frontend(String path) {
		return http(Service.FRONTEND, path);
	}

	@Override
	public void close() throws InterruptedException {
		for (Process process : this.processes.values()) {
			process.destroy();
		}
		for (Process process : this.processes.values()) {
			if (!process.waitFor(20, TimeUnit.SECONDS)) {
				process.destroyForcibly();
			}
		}
	}

}
