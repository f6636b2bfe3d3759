package io.latencylab.telemetry;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertiesPropertySource;

/**
 * The services' ports, written once in the project's .env (beside docker-compose.yml), behind
 * every other property source: a service started from the project (or its tests, one folder
 * below) reads them from the file; a jar started anywhere else falls back on the copy of that
 * file built into this jar, so it starts on the documented ports; environment variables
 * (CATALOG_PORT=9000, as compose hands them in) and arguments come first. Each application.yaml
 * names its own: server.port: ${CATALOG_PORT}.
 */
public class LabPorts implements EnvironmentPostProcessor {

	static final String FILE = ".env";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		Path file = find(Path.of("").toAbsolutePath());
		Properties ports = new Properties();
		try {
			if (file != null) {
				try (Reader reader = Files.newBufferedReader(file)) {
					ports.load(reader);
				}
			}
			else {
				try (InputStream built = LabPorts.class.getResourceAsStream(FILE)) {
					if (built == null) {
						throw new IllegalStateException("no " + FILE + " built into the telemetry jar");
					}
					ports.load(built);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		String source = (file != null) ? file.toString() : "built in";
		environment.getPropertySources().addLast(new PropertiesPropertySource("lab-ports " + source, ports));
	}

	/** The .env in {@code dir} or the nearest folder above it that holds the project's compose file too. */
	static Path find(Path dir) {
		for (Path d = dir; d != null; d = d.getParent()) {
			if (Files.isRegularFile(d.resolve(FILE)) && Files.isRegularFile(d.resolve("docker-compose.yml"))) {
				return d.resolve(FILE);
			}
		}
		return null;
	}

}
