package io.latencylab.lab.plan;

import java.util.LinkedHashMap;
import java.util.Map;

import io.latencylab.lab.topology.Services;

/**
 * Where the simulations send their requests: base URLs, so that pointing them at other hosts is
 * all it takes to drive remote machines. The runner passes them; without them a simulation aims
 * at this machine, on the ports of the project's .env.
 */
public final class Targets {

	public static final Parameter<String> MEALS_SOAP = Parameter.text("lab.meals.soap.url");

	public static final Parameter<String> MEALS_REST = Parameter.text("lab.meals.rest.url");

	public static final Parameter<String> TOY_STORE = Parameter.text("lab.toystore.url");

	public static final Parameter<String> SORT = Parameter.text("lab.sort.url");

	public static final Parameter<String> TABLES = Parameter.text("lab.tables.url");

	private static final Map<Parameter<String>, String> SERVICE = Map.of(MEALS_SOAP, "meals-soap", MEALS_REST, "meals-rest",
			TOY_STORE, "frontend-service", SORT, "sort-service", TABLES, "table-service");

	private Targets() {
	}

	/** The target's URL: as set, or the service's port on 127.0.0.1. */
	public static String url(Parameters parameters, Parameter<String> target) {
		return parameters.has(target) ? parameters.get(target, null)
				: Services.here().named(SERVICE.get(target)).url("127.0.0.1");
	}

	/** Every target on {@code host}, as the properties a simulation is started with. */
	public static Map<String, String> on(Services services, String host) {
		Map<String, String> properties = new LinkedHashMap<>();
		SERVICE.forEach((target, service) -> properties.put(target.name(), services.named(service).url(host)));
		return properties;
	}

}
