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

	/** Seed 003's object store, over HTTP. */
	public static final Parameter<String> OBJECTS = Parameter.text("lab.objects.url");

	/** The object store's own HTTPS. */
	public static final Parameter<String> OBJECTS_TLS = Parameter.text("lab.objects.tls.url");

	/** The cache tier (Varnish) in front of the object store. */
	public static final Parameter<String> OBJECT_CACHE = Parameter.text("lab.objects.cache.url");

	/** HTTPS (hitch) in front of the cache tier. */
	public static final Parameter<String> OBJECT_CACHE_TLS = Parameter.text("lab.objects.cache.tls.url");

	private static final Map<Parameter<String>, String> SERVICE = Map.of(MEALS_SOAP, "meals-soap", MEALS_REST, "meals-rest",
			TOY_STORE, "frontend-service", SORT, "sort-service", TABLES, "table-service", OBJECTS, "object-store");

	/** The endpoints that are no service's own HTTP port: their scheme and their port's key in .env. */
	private static final Map<Parameter<String>, String[]> PORT = Map.of(OBJECTS_TLS,
			new String[] { "https", "OBJECT_STORE_TLS_PORT" }, OBJECT_CACHE, new String[] { "http", "OBJECT_CACHE_PORT" },
			OBJECT_CACHE_TLS, new String[] { "https", "OBJECT_CACHE_TLS_PORT" });

	private Targets() {
	}

	/** The target's URL: as set, or the service's port on 127.0.0.1. */
	public static String url(Parameters parameters, Parameter<String> target) {
		return parameters.has(target) ? parameters.get(target, null) : url(Services.here(), target, "127.0.0.1");
	}

	private static String url(Services services, Parameter<String> target, String host) {
		if (PORT.containsKey(target)) {
			String[] endpoint = PORT.get(target);
			return endpoint[0] + "://" + host + ":" + services.port(endpoint[1]);
		}
		return services.named(SERVICE.get(target)).url(host);
	}

	/** Every target on {@code host}, as the properties a simulation is started with. */
	public static Map<String, String> on(Services services, String host) {
		Map<String, String> properties = new LinkedHashMap<>();
		SERVICE.forEach((target, service) -> properties.put(target.name(), services.named(service).url(host)));
		PORT.keySet().forEach((target) -> properties.put(target.name(), url(services, target, host)));
		return properties;
	}

}
