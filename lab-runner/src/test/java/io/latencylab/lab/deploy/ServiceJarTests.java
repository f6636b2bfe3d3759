package io.latencylab.lab.deploy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.sun.net.httpserver.HttpServer;
import io.latencylab.lab.net.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ServiceJarTests {

	@Test
	void aProcessThatExitsWhileAnotherAnswersOnItsPortIsNotReady(@TempDir Path dir) throws Exception {
		assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "a shell stands in for a service that dies at start");
		HttpServer other = Readiness.answering();
		try {
			int port = other.getAddress().getPort();
			Path log = dir.resolve("service.log");
			Process dying = ServiceJar.start(List.of("/bin/sh", "-c", "sleep 1; echo Port " + port + " was already in use.; exit 1"),
					dir, log, Map.of());
			assertThatIllegalStateException()
				.isThrownBy(() -> ServiceJar.awaitOwnReady("meals-soap", dying, port, () -> Http.ready(port),
						ServiceJar.deadline(Duration.ofSeconds(30)), log))
				.withMessageStartingWith("meals-soap exited with 1")
				.withMessageContaining("was already in use");
		}
		finally {
			other.stop(0);
		}
	}

	@Test
	void aProcessAnsweringOnItsOwnPortIsReady(@TempDir Path dir) throws Exception {
		// The JDK's file server as the service: a file at the readiness path answers 200.
		Path files = Files.createDirectories(dir.resolve("files/actuator/health"));
		Files.writeString(files.resolve("readiness"), "{\"status\":\"UP\"}");
		int port;
		try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = free.getLocalPort();
		}
		Process service = ServiceJar.start(List.of(ServiceJar.java(), "-m", "jdk.httpserver", "-b", "127.0.0.1", "-p",
				String.valueOf(port), "-d", dir.resolve("files").toString()), dir, dir.resolve("service.log"), Map.of());
		try {
			ServiceJar.awaitOwnReady("file-server", service, port, () -> Http.ready(port),
					ServiceJar.deadline(Duration.ofSeconds(60)), dir.resolve("service.log"));
			assertThat(PortHolders.heldBy(port, service.pid())).isTrue();
		}
		finally {
			ServiceJar.stop(service.toHandle(), Duration.ofSeconds(10));
		}
		assertThat(service.isAlive()).isFalse();
	}

}
