package io.latencylab.plan;

import java.util.List;
import java.util.Map;


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

	/** OpenStack Swift's proxy (seed 003's backend as the study ran it), over HTTP. */
	public static final Parameter<String> SWIFT = Parameter.text("lab.swift.url");

	/** Swift's proxy over HTTPS. */
	public static final Parameter<String> SWIFT_TLS = Parameter.text("lab.swift.tls.url");

	/** Azurite's queue service (seed 002), without the account: "http://127.0.0.1:10001". */
	public static final Parameter<String> AZURITE_QUEUE = Parameter.text("lab.azurite.queue.url");

	/** Azurite's blob service. */
	public static final Parameter<String> AZURITE_BLOB = Parameter.text("lab.azurite.blob.url");

	/** Azurite's table service. */
	public static final Parameter<String> AZURITE_TABLE = Parameter.text("lab.azurite.table.url");

	/** nginx serving the REST get's bytes, when a plan has a reference step (ReferenceServer). */
	public static final Parameter<String> REFERENCE = Parameter.text("lab.reference.url");

	/** The targets that are a service's own HTTP port, with the service's name. */
	public static final Map<Parameter<String>, String> SERVICE = Map.of(MEALS_SOAP, "meals-soap", MEALS_REST, "meals-rest",
			TOY_STORE, "frontend-service", SORT, "sort-service", TABLES, "table-service", OBJECTS, "object-store");

	/**
	 * The regions a step's load comes from (seed 000's). A region sends to its own copy of each
	 * target, {@link #inRegion}, when the runner emulates its distance; else to the target itself.
	 */
	public static final Parameter<List<String>> REGIONS = Parameter.texts("lab.regions");

	/** A region's round trip as the runner emulated it (recorded with the step). */
	public static Parameter<String> roundTrip(String region) {
		return Parameter.text("lab.region." + region + ".round-trip");
	}

	/** A region's whole link as emulated, as the report names it (round trip, jitter, bandwidth). */
	public static Parameter<String> link(String region) {
		return Parameter.text("lab.region." + region + ".link");
	}

	/** Where a region reaches {@code target}: "lab.region.japan.lab.meals.rest.url". */
	public static Parameter<String> inRegion(String region, Parameter<String> target) {
		return Parameter.text("lab.region." + region + "." + target.name());
	}

	/** The targets that are no service's own HTTP port, by their endpoint's name (see {@link Services#OTHER_ENDPOINTS}). */
	public static final Map<Parameter<String>, String> ENDPOINT = Map.of(OBJECTS_TLS, "object-store-tls", OBJECT_CACHE,
			"object-cache", OBJECT_CACHE_TLS, "object-cache-tls", AZURITE_BLOB, "azurite-blob", AZURITE_QUEUE, "azurite-queue",
			AZURITE_TABLE, "azurite-table", SWIFT, "swift", SWIFT_TLS, "swift-tls");

	private Targets() {
	}

	/** The target's URL: as set, or where bare runs it (127.0.0.1, the ports of .env); null for none there. */
	public static String url(Parameters parameters, Parameter<String> target) {
		if (parameters.has(target)) {
			return parameters.get(target, null);
		}
		Services here = Services.here();
		if (SERVICE.containsKey(target)) {
			return here.named(SERVICE.get(target)).url("127.0.0.1");
		}
		return ENDPOINT.containsKey(target) ? here.endpointUrl(ENDPOINT.get(target), "127.0.0.1") : null;
	}

}
