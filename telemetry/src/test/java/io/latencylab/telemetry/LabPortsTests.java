package io.latencylab.telemetry;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class LabPortsTests {

	@TempDir
	Path project;

	@Test
	void theNearestEnvBesideTheComposeFileIsFoundFromAModuleBelowIt() throws IOException {
		Files.writeString(this.project.resolve(".env"), "CATALOG_PORT=8091\n");
		Path module = Files.createDirectories(this.project.resolve("catalog-service/target"));
		assertThat(LabPorts.find(module)).isNull();
		Files.writeString(this.project.resolve("docker-compose.yml"), "services: {}\n");
		assertThat(LabPorts.find(module)).isEqualTo(this.project.resolve(".env"));
	}

	@Test
	void theProjectsPortsResolveBehindEveryOtherSource() {
		// The tests run in the telemetry module, one folder below the project's .env.
		StandardEnvironment environment = new StandardEnvironment();
		new LabPorts().postProcessEnvironment(environment, new SpringApplication());
		assertThat(environment.resolvePlaceholders("${CATALOG_GRPC_PORT}")).matches("[0-9]+");
		assertThat(environment.getPropertySources().stream().reduce((a, b) -> b).orElseThrow().getName()).startsWith("lab-ports");
	}

	@Test
	void fromAFolderWithNoEnvAboveItTheCopyBuiltIntoTheJarGivesTheSamePorts() throws IOException {
		// The tests run one folder below the project's .env: the built-in copy must say what it says.
		Properties file = new Properties();
		try (Reader reader = Files.newBufferedReader(LabPorts.find(Path.of("").toAbsolutePath()))) {
			file.load(reader);
		}
		Properties built = new Properties();
		try (InputStream in = LabPorts.class.getResourceAsStream(LabPorts.FILE)) {
			assertThat(in).as("the .env built into the jar").isNotNull();
			built.load(in);
		}
		assertThat(built).isEqualTo(file).containsKey("CATALOG_GRPC_PORT");
	}

}
