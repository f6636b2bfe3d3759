package io.latencylab.lab.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Which of the lab's services each one calls, as docker-compose.yml declares it (its depends_on):
 * the one place the lab's call graph is written. A bare lab of a few services starts the services
 * they call too, as compose does.
 */
final class ServiceCalls {

	private final Map<String, List<String>> calls;

	private ServiceCalls(Map<String, List<String>> calls) {
		this.calls = calls;
	}

	/** From the compose file's depends_on, each service's among {@code services} (the database, the collector left out). */
	static ServiceCalls read(Path composeFile, List<String> services) {
		JsonNode all;
		try {
			all = YAMLMapper.builder().build().readTree(Files.readString(composeFile)).path("services");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + composeFile, ex);
		}
		Map<String, List<String>> calls = new LinkedHashMap<>();
		for (String service : services) {
			calls.put(service, all.path(service).path("depends_on").propertyNames().stream().filter(services::contains).toList());
		}
		return new ServiceCalls(calls);
	}

	/** {@code named} and every service they call, directly or through another. */
	Set<String> withCalled(List<String> named) {
		Set<String> reached = new LinkedHashSet<>();
		Deque<String> next = new ArrayDeque<>(named);
		while (!next.isEmpty()) {
			String service = next.pop();
			if (reached.add(service)) {
				next.addAll(this.calls.getOrDefault(service, List.of()));
			}
		}
		return reached;
	}

}
