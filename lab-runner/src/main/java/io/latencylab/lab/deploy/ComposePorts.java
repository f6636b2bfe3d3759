package io.latencylab.lab.deploy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The host ports a compose `up` publishes, from `docker compose config --format json`: those of
 * the services it starts (all of the file's when none is named) and of the services they depend
 * on, which compose starts with them.
 */
final class ComposePorts {

	private ComposePorts() {
	}

	/** Each published host port with the compose service that publishes it. */
	static Map<Integer, String> published(String config, List<String> services) {
		JsonNode all = JsonMapper.shared().readTree(config).path("services");
		Set<String> started = ServiceCalls.of(all).withCalled(services.isEmpty() ? all.propertyNames() : services);
		Map<Integer, String> ports = new LinkedHashMap<>();
		for (String name : started) {
			for (JsonNode port : all.path(name).path("ports")) {
				String published = port.path("published").asString("");
				if (published.matches("\\d+")) {
					ports.put(Integer.parseInt(published), name + "'s published port");
				}
			}
		}
		return ports;
	}

}
