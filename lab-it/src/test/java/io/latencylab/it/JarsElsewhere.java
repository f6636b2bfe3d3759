package io.latencylab.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.deploy.ServiceJar;
import io.latencylab.plan.Services;

/**
 * Every service's runnable jar as a user runs it on another machine: copied to an empty folder of
 * its own on no project at all, started there with nothing but environment variables for its ports
 * (no .env, no arguments, no working folder prepared), each port moved off .env's so that the lab
 * may be up beside it. Everything else is the service's embedded default, its spans' folder too.
 */
final class JarsElsewhere implements AutoCloseable {

	private final Services services;

	private final Path elsewhere;

	private final Map<String, String> environment = new LinkedHashMap<>();

	private final Map<Services.Service, Process> started = new LinkedHashMap<>();

	private final Map<Services.Service, Path> logs = new LinkedHashMap<>();

	private JarsElsewhere(Services services, Path elsewhere) {
		this.services = services;
		this.elsewhere = elsewhere;
		for (Services.Service service : services.all()) {
			this.environment.put(service.key() + "_PORT", String.valueOf(FreePorts.next()));
			service.grpcPort()
				.ifPresent((grpc) -> this.environment.put(service.key() + "_GRPC_PORT", String.valueOf(FreePorts.next())));
		}
	}

	/** Starts every service of the project at {@code root} from a copy of its jar under {@code elsewhere}, and waits until each is ready. */
	static JarsElsewhere start(Path root, Path elsewhere) throws Exception {
		JarsElsewhere jars = new JarsElsewhere(Services.find(root), elsewhere);
		try {
			for (Services.Service service : jars.services.all()) {
				Path folder = Files.createDirectories(elsewhere.resolve(service.name()));
				Path jar = Files.copy(ServiceJar.find(root, service.name()), folder.resolve(service.name() + ".jar"));
				Path log = elsewhere.resolve(service.name() + ".log");
				jars.logs.put(service, log);
				jars.started.put(service, ServiceJar.start(
						ServiceJar.command(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"), folder.relativize(jar), List.of()), folder,
						log, jars.environment));
			}
			HttpClient probe = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
			long deadline = ServiceJar.deadline(Duration.ofSeconds(240));
			for (Map.Entry<Services.Service, Process> entry : jars.started.entrySet()) {
				URI readiness = jars.uri(entry.getKey().name(), "/actuator/health/readiness");
				ServiceJar.awaitReady(entry.getKey().name(), entry.getValue(), () -> LabProcesses.answers(probe, readiness), deadline,
						jars.logs.get(entry.getKey()));
			}
			return jars;
		}
		catch (Exception ex) {
			jars.close();
			throw ex;
		}
	}

	List<Services.Service> services() {
		return this.services.all();
	}

	/** The HTTP port its environment gave the service. */
	String port(Services.Service service) {
		return this.environment.get(service.key() + "_PORT");
	}

	URI uri(String service, String path) {
		return URI.create("http://127.0.0.1:" + port(this.services.named(service)) + path);
	}

	String log(Services.Service service) throws IOException {
		return Files.readString(this.logs.get(service));
	}

	/** Each service's spans' folder: its embedded default, under its own folder. */
	List<Path> tracesDirs() {
		List<Path> dirs = new ArrayList<>();
		for (Services.Service service : this.services.all()) {
			dirs.add(this.elsewhere.resolve(service.name()).resolve("runs/current/traces"));
		}
		return dirs;
	}

	/** SIGTERM to every service, then waits for each (20 s at most): a clean stop flushes its spans. */
	@Override
	public void close() throws InterruptedException {
		this.started.values().forEach(Process::destroy);
		for (Process process : this.started.values()) {
			if (!process.waitFor(20, TimeUnit.SECONDS)) {
				process.destroyForcibly();
			}
		}
	}

}
