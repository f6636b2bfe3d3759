package io.latencylab.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.deploy.ServiceJar;
import io.latencylab.plan.Services;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every service's runnable jar, copied to an empty folder of its own on no project at all, starts
 * and becomes ready with nothing but environment variables for its ports: no .env, no arguments,
 * no working folder prepared. What a user does with a jar on another machine.
 */
class JarsAnywhereIT {

	private final Path root = Path.of(System.getProperty("lab.root", ".."));

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	@TempDir
	Path elsewhere;

	@Test
	void everyServiceJarStartsFromAnEmptyFolderOnTheEnvironmentAlone() throws Exception {
		Services services = Services.find(this.root);
		// Every port moved off .env's, by environment variable only, so that the lab may be up beside it.
		Map<String, String> environment = new LinkedHashMap<>();
		for (Services.Service service : services.all()) {
			environment.put(service.key() + "_PORT", String.valueOf(FreePorts.next()));
			service.grpcPort().ifPresent((grpc) -> environment.put(service.key() + "_GRPC_PORT", String.valueOf(FreePorts.next())));
		}
		Map<Services.Service, Process> started = new LinkedHashMap<>();
		Map<Services.Service, Path> logs = new LinkedHashMap<>();
		try {
			for (Services.Service service : services.all()) {
				Path folder = Files.createDirectories(this.elsewhere.resolve(service.name()));
				Path jar = Files.copy(ServiceJar.find(this.root, service.name()), folder.resolve(service.name() + ".jar"));
				Path log = this.elsewhere.resolve(service.name() + ".log");
				logs.put(service, log);
				started.put(service, ServiceJar.start(ServiceJar.command(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"),
						folder.relativize(jar), List.of()), folder, log, environment));
			}
			long deadline = ServiceJar.deadline(Duration.ofSeconds(240));
			for (Map.Entry<Services.Service, Process> entry : started.entrySet()) {
				URI readiness = URI.create("http://127.0.0.1:" + environment.get(entry.getKey().key() + "_PORT")
						+ "/actuator/health/readiness");
				ServiceJar.awaitReady(entry.getKey().name(), entry.getValue(), () -> LabProcesses.answers(this.http, readiness), deadline,
						logs.get(entry.getKey()));
			}
			for (Services.Service service : services.all()) {
				// Each on the port its environment gave it.
				assertThat(Files.readString(logs.get(service)))
					.contains("Tomcat started on port " + environment.get(service.key() + "_PORT"));
			}
		}
		finally {
			started.values().forEach(Process::destroy);
			for (Process process : started.values()) {
				if (!process.waitFor(20, TimeUnit.SECONDS)) {
					process.destroyForcibly();
				}
			}
		}
	}

}
