package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class BareDeploymentTests {

	@Test
	void aSubsetOfTheServicesIsUpWhenThoseAnswerAndAnUnknownNameIsRefused(@TempDir Path project) throws IOException {
		// A lab of two services on free ports, one of them answering its readiness probe.
		HttpServer sort = Readiness.answering();
		try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			int down = free.getLocalPort();
			free.close();
			Files.writeString(project.resolve(".env"), "LAB_SERVICES=sort-service,meals-rest\nSORT_PORT="
					+ sort.getAddress().getPort() + "\nMEALS_REST_PORT=" + down + "\n");
			Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
			BareDeployment deployment = new BareDeployment(project, List.of());
			assertThat(deployment.only(List.of("sort-service")).isUp()).as("an answer from a process the lab did not start")
				.isFalse();
			// The lab's own sort-service: its pid file names this JVM, which answers on its port.
			Files.createDirectories(deployment.dir());
			Files.writeString(deployment.dir().resolve("sort-service.pid"), String.valueOf(ProcessHandle.current().pid()));
			assertThat(deployment.only(List.of()).isUp()).as("meals-rest does not answer").isFalse();
			assertThat(deployment.only(List.of("sort-service")).isUp()).isTrue();
			assertThat(deployment.only(List.of()).isUp()).as("all again").isFalse();
			assertThatIllegalArgumentException().isThrownBy(() -> deployment.only(List.of("sort-service", "sorter")))
				.withMessage("no service named sorter; the lab's services: sort-service, meals-rest");
		}
		finally {
			sort.stop(0);
		}
	}

	@Test
	void upRefusesHeldPortsBeforePreparingOrStartingAnything(@TempDir Path project) throws IOException {
		try (ServerSocket service = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				ServerSocket system = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			Files.writeString(project.resolve(".env"), "LAB_SERVICES=sort-service\nSORT_PORT=" + service.getLocalPort() + "\n");
			Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
			List<String> calls = new ArrayList<>();
			BackingSystem.Kind cache = new BackingSystem.Kind() {
				@Override
				public Optional<BackingSystem> on(BareDeployment bare) {
					return Optional.of(new BackingSystem() {
						@Override
						public void prepare() {
							calls.add("prepare");
						}

						@Override
						public Map<Integer, String> portsToBind() {
							return Map.of(system.getLocalPort(), "a cache (Varnish)");
						}
					});
				}
			};
			BareDeployment deployment = new BareDeployment(project, List.of(cache));
			assertThatIllegalStateException().isThrownBy(() -> deployment.up(List.of()))
				.withMessageContaining("\n  " + service.getLocalPort() + ", sort-service's HTTP: ")
				.withMessageContaining("\n  " + system.getLocalPort() + ", a cache (Varnish): ");
			assertThat(calls).as("the systems' preparation").isEmpty();
			assertThat(deployment.dir().resolve("sort-service.pid")).doesNotExist();
		}
	}

	@Test
	void bareServicesListenOnLoopbackUnlessLabBindOpensThem() {
		assertThat(BindAddress.of(null)).isEqualTo("127.0.0.1");
		assertThat(BindAddress.of(" ")).isEqualTo("127.0.0.1");
		assertThat(BindAddress.of("0.0.0.0")).isEqualTo("0.0.0.0");
		assertThatIllegalArgumentException().isThrownBy(() -> BindAddress.of("192.168.1.5"))
			.withMessageContaining("LAB_BIND=192.168.1.5")
			.withMessageContaining("127.0.0.1 (the default) or on 0.0.0.0");
	}


	@Test
	void downOfSomeServicesStopsThoseAndTheSystemsBesideThemOnly(@TempDir Path project) throws Exception {
		Files.writeString(project.resolve(".env"), "LAB_SERVICES=sort-service,meals-rest\nSORT_PORT=18084\nMEALS_REST_PORT=18082\n");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		List<String> stopped = new ArrayList<>();
		BareDeployment deployment = new BareDeployment(project,
				List.of(beside(Optional.of("sort-service"), "sort's cache", stopped), beside(Optional.empty(), "the lab's emulator", stopped)));
		// Two processes standing in for the services, in their pid files.
		Files.createDirectories(deployment.dir());
		Process sort = new ProcessBuilder("sleep", "60").start();
		Process meals = new ProcessBuilder("sleep", "60").start();
		try {
			Files.writeString(deployment.dir().resolve("sort-service.pid"), String.valueOf(sort.pid()));
			Files.writeString(deployment.dir().resolve("meals-rest.pid"), String.valueOf(meals.pid()));
			assertThat(deployment.only(List.of("meals-rest")).alongside()).as("up of meals-rest beside a running sort-service")
				.hasSize(2);
			deployment.only(List.of("meals-rest")).down();
			assertThat(meals.waitFor(10, TimeUnit.SECONDS)).as("meals-rest stopped").isTrue();
			assertThat(sort.isAlive()).as("sort-service left running").isTrue();
			assertThat(stopped).as("no system stopped with meals-rest alone").isEmpty();
			assertThat(deployment.only(List.of("meals-rest")).alongside()).as("sort-service still runs, its cache beside it")
				.extracting(Object::toString)
				.containsExactly("sort's cache", "the lab's emulator");
			deployment.only(List.of()).down();
			assertThat(sort.waitFor(10, TimeUnit.SECONDS)).as("sort-service stopped with the whole lab").isTrue();
			assertThat(stopped).containsExactly("sort's cache", "the lab's emulator");
		}
		finally {
			sort.destroyForcibly();
			meals.destroyForcibly();
		}
	}

	@Test
	void aSystemBesideAServiceComesUpOnlyWithIt(@TempDir Path project) throws IOException {
		Files.writeString(project.resolve(".env"), "LAB_SERVICES=sort-service,meals-rest\nSORT_PORT=18084\nMEALS_REST_PORT=18082\n");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		BareDeployment deployment = new BareDeployment(project,
				List.of(beside(Optional.of("sort-service"), "sort's cache", new ArrayList<>())));
		assertThat(deployment.alongside()).as("every service").hasSize(1);
		assertThat(deployment.only(List.of("meals-rest")).alongside()).as("meals-rest, sort-service not running").isEmpty();
		assertThat(deployment.only(List.of("meals-rest", "sort-service")).alongside()).hasSize(1);
	}

	@Test
	void aNamedServiceBringsTheServicesItCallsInStartOrder(@TempDir Path project) throws IOException {
		Files.writeString(project.resolve(".env"),
				"LAB_SERVICES=sort-service,meals-rest,meals-soap\nSORT_PORT=18084\nMEALS_REST_PORT=18082\nMEALS_SOAP_PORT=18081\n");
		Files.writeString(project.resolve("docker-compose.yml"), """
				services:
				  meals-soap:
				    depends_on:
				      sort-service: { condition: service_healthy }
				      postgres: { condition: service_healthy }
				  postgres: {}
				""");
		BareDeployment deployment = new BareDeployment(project, List.of());
		deployment.only(List.of("meals-soap", "meals-rest"));
		assertThat(deployment.starts("sort-service")).as("called by meals-soap").isTrue();
		assertThat(deployment.starts("meals-rest")).isTrue();
		assertThat(deployment.only(List.of("meals-rest")).starts("sort-service")).isFalse();
	}

	/** A system beside {@code service} (the whole lab when empty) that notes when down stops it. */
	private static BackingSystem.Kind beside(Optional<String> service, String name, List<String> stopped) {
		return new BackingSystem.Kind() {
			@Override
			public Optional<BackingSystem> on(BareDeployment bare) {
				return Optional.of(new BackingSystem() {
					@Override
					public Optional<String> beside() {
						return service;
					}

					@Override
					public void down() {
						stopped.add(name);
					}

					@Override
					public String toString() {
						return name;
					}
				});
			}
		};
	}

}
