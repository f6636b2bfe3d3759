package io.latencylab.lab.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * What each compose service depends on (its depends_on), the one place the lab's call graph is
 * written: compose starts a service's with it, and so does a bare lab of a few services.
 */
final class ServiceCalls {

	/** YAML's merge key, as docker-compose.yml's depends_on use it to take the common ones in: no service. */
	private static final String MERGE_KEY = "<<";

	private final JsonNode services;

	private ServiceCalls(JsonNode services) {
		this.services = services;
	}

	/** From a compose file's services, as its YAML or `docker compose config --format json` has them. */
	static ServiceCalls of(JsonNode services) {
		return new ServiceCalls(services);
	}

	/** From the compose file itself. */
	static ServiceCalls read(Path composeFile) {
		try {
			return of(YAMLMapper.builder().build().readTree(Files.readString(composeFile)).path("services"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + composeFile, ex);
		}
	}

	/** {@code named} and every service they depend on, directly or through another, breadth first. */
	Set<String> withCalled(Collection<String> named) {
		Set<String> reached = new LinkedHashSet<>();
		Deque<String> next = new ArrayDeque<>(named);
		while (!next.isEmpty()) {
			String service = next.pop();
			if (!service.equals(MERGE_KEY) && reached.add(service)) {
				next.addAll(dependsOn(service));
			}
		}
		return reached;
	}

	private List<String> dependsOn(String service) {
		return List.copyOf(this.services.path(service).path("depends_on").propertyNames());
	}

}
