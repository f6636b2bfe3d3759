package io.latencylab.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.JvmStart;
import io.latencylab.lab.deploy.ServiceJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A bare `up` calls ready only the processes it started, and leaves none of them running when it
 * fails: two real services in a project folder of their own (their jars linked in, ports free),
 * and another process that takes one service's port after up checked it (the race the check
 * cannot close) and answers its readiness probe, as another checkout's lab would.
 */
class BareUpIT {

	private static final Path ROOT = Path.of(System.getProperty("lab.root", ".."));

	@Test
	void aServiceThatDiesWhileAnotherAnswersItsPortFailsUpAndLeavesNothingRunning(@TempDir Path project)
			throws Exception {
		int sortPort = FreePorts.next();
		int restPort = FreePorts.next();
		Files.writeString(project.resolve(".env"),
				"LAB_SERVICES=meals-rest,sort-service\nSORT_PORT=" + sortPort + "\nMEALS_REST_PORT=" + restPort + "\n");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		for (String module : List.of("sort-service", "meals-rest")) {
			Path jar = ServiceJar.find(ROOT, module).toAbsolutePath();
			Path target = Files.createDirectories(project.resolve(module).resolve("target"));
			Files.createSymbolicLink(target.resolve(jar.getFileName()), jar);
		}
		HttpServer[] impostor = new HttpServer[1];
		// Its prepare runs after up's check of the ports and before the services start.
		BackingSystem.Kind squatter = new BackingSystem.Kind() {
			@Override
			public Optional<BackingSystem> on(BareDeployment bare) {
				return Optional.of(new BackingSystem() {
					@Override
					public void prepare() throws IOException {
						impostor[0] = answeringReadiness(restPort);
					}
				});
			}
		};
		BareDeployment lab = new BareDeployment(project, List.of(squatter)).jvmStart(JvmStart.COLD);
		try {
			assertThatIllegalStateException().isThrownBy(() -> lab.up(List.of()))
				.withMessageStartingWith("meals-rest exited with");
			assertThat(impostor[0]).as("the other process on meals-rest's port").isNotNull();
			assertThat(processesIn(project)).as("processes of this project's services left running").isEmpty();
			assertThat(project.resolve("runs/services/sort-service.pid")).doesNotExist();
			assertThat(project.resolve("runs/services/meals-rest.pid")).doesNotExist();
		}
		finally {
			if (impostor[0] != null) {
				impostor[0].stop(0);
			}
			lab.down();
		}
	}

	@Test
	void upRefusesAHeldPortBeforeStartingAnything(@TempDir Path project) throws Exception {
		int sortPort = FreePorts.next();
		Files.writeString(project.resolve(".env"), "LAB_SERVICES=sort-service\nSORT_PORT=" + sortPort + "\n");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		Path jar = ServiceJar.find(ROOT, "sort-service").toAbsolutePath();
		Path target = Files.createDirectories(project.resolve("sort-service").resolve("target"));
		Files.createSymbolicLink(target.resolve(jar.getFileName()), jar);
		HttpServer other = answeringReadiness(sortPort);
		try {
			BareDeployment lab = new BareDeployment(project, List.of()).jvmStart(JvmStart.COLD);
			assertThat(lab.isUp()).as("another process answering is not the lab up").isFalse();
			assertThatIllegalStateException().isThrownBy(() -> lab.up(List.of()))
				.withMessageContaining(sortPort + ", sort-service's HTTP: pid " + ProcessHandle.current().pid());
			assertThat(processesIn(project)).isEmpty();
			assertThat(lab.status().get("sort-service"))
				.startsWith("not running; its port " + sortPort + " is held by pid " + ProcessHandle.current().pid() + " (");
		}
		finally {
			other.stop(0);
		}
	}

	/** A process of this JVM's answering 200 on the readiness path of {@code port}. */
	private static HttpServer answeringReadiness(int port) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
		server.createContext("/actuator/health/readiness", (exchange) -> {
			byte[] body = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		return server;
	}

	/** The live processes whose command line names {@code project} (its services run from jars in it). */
	private static List<ProcessHandle> processesIn(Path project) {
		String folder = project.toAbsolutePath().toString();
		return ProcessHandle.allProcesses()
			.filter(ProcessHandle::isAlive)
			.filter((p) -> p.info().arguments().map((a) -> Arrays.stream(a).anyMatch((arg) -> arg.contains(folder))).orElse(false))
			.toList();
	}

}
