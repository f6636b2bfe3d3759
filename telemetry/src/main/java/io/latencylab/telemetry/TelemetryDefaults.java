package io.latencylab.telemetry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * Adds telemetry-defaults.yaml behind every other property source, plus the resource attributes
 * that depend on the process: service.instance.id, and lab.run.id when LAB_RUN_ID is set.
 */
public class TelemetryDefaults implements EnvironmentPostProcessor {

	static final String RESOURCE = "management.opentelemetry.resource-attributes.";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		try {
			for (PropertySource<?> defaults : new YamlPropertySourceLoader().load("lab-telemetry-defaults",
					new ClassPathResource("telemetry-defaults.yaml"))) {
				environment.getPropertySources().addLast(defaults);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Map<String, Object> process = new HashMap<>();
		process.put(RESOURCE + "service.instance.id", UUID.randomUUID().toString());
		String runId = environment.getProperty("LAB_RUN_ID");
		if (runId != null && !runId.isBlank()) {
			process.put(RESOURCE + "lab.run.id", runId);
		}
		environment.getPropertySources().addLast(new MapPropertySource("lab-telemetry-process", process));
	}

}
