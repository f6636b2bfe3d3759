package io.latencylab.lab.topology;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.net.Link;
import io.latencylab.plan.Services;
import io.latencylab.plan.Targets;

/**
 * Where the lab finds the services and where it places its load generator: for every service
 * where it answers (HTTP, and gRPC for the gRPC services), its actuator and its metrics; the
 * endpoints that are no Spring service's (the cache tier, the TLS ports); where the services'
 * spans are read; and the injectors. {@link #here} is what bare and compose are today, on
 * 127.0.0.1 and the ports of .env; a topology file ({@link TopologyFile}) describes services that
 * run elsewhere.
 *
 * @param name where it came from: a file, or the deployment it describes
 * @param services every service by name, in the start order of .env
 * @param endpoints the other endpoints by name (object-cache, object-cache-tls, object-store-tls)
 * @param regions what the file changes of a study's regions' links under --regions, by region
 */
public record Topology(String name, Kind kind, Map<String, Endpoint> services, Map<String, String> endpoints,
		TraceSource traces, List<InjectorHost> injectors, Map<String, Link.Change> regions) {

	/** A topology that leaves the study's regions as they are. */
	public Topology(String name, Kind kind, Map<String, Endpoint> services, Map<String, String> endpoints, TraceSource traces,
			List<InjectorHost> injectors) {
		this(name, kind, services, endpoints, traces, injectors, Map.of());
	}

	/** Who starts the services: the lab, as bare JVMs or with compose, or somebody else (the lab never stops those). */
	public enum Kind {

		BARE, COMPOSE, EXTERNAL, KUBERNETES;

		public String key() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	/** Where one service answers; {@code actuator} is the base of its actuator endpoints. */
	public record Endpoint(String http, Optional<String> grpc, String actuator, String metrics) {

		public String readiness() {
			return this.actuator + "/health/readiness";
		}

		static Endpoint on(String host, Services.Service service) {
			String http = service.url(host);
			return new Endpoint(http, service.grpcPort().map((port) -> host + ":" + port), http + "/actuator",
					http + "/actuator/prometheus");
		}

	}

	/** Spans as OTLP JSON lines in a folder's files, or from a Jaeger query service. */
	public record TraceSource(Optional<Path> files, Optional<String> jaeger) {

		public static TraceSource files(Path dir) {
			return new TraceSource(Optional.of(dir), Optional.empty());
		}

		public static TraceSource jaeger(String url) {
			return new TraceSource(Optional.empty(), Optional.of(url));
		}

		public String describe() {
			return this.files.map((dir) -> "OTLP JSON lines in " + dir).orElseGet(() -> "Jaeger at " + this.jaeger.orElseThrow());
		}

	}

	/** Every service and endpoint on {@code host}, on the ports of .env. */
	public static Topology on(String name, Kind kind, Services services, String host, TraceSource traces,
			List<InjectorHost> injectors) {
		Map<String, Endpoint> endpoints = new LinkedHashMap<>();
		services.all().forEach((service) -> endpoints.put(service.name(), Endpoint.on(host, service)));
		Map<String, String> others = new LinkedHashMap<>();
		Services.OTHER_ENDPOINTS.keySet().forEach((endpoint) -> others.put(endpoint, services.endpointUrl(endpoint, host)));
		return new Topology(name, kind, Collections.unmodifiableMap(endpoints), Collections.unmodifiableMap(others), traces,
				List.copyOf(injectors));
	}

	/** What bare and compose are: every service on 127.0.0.1, one load generator beside them. */
	public static Topology here(Kind kind, Services services, TraceSource traces) {
		return on(kind.key(), kind, services, "127.0.0.1", traces, List.of(InjectorHost.LOCAL));
	}

	/** Every target where this topology places it, as the properties a simulation is started with. */
	public Map<String, String> targets() {
		Map<String, String> properties = new LinkedHashMap<>();
		Targets.SERVICE.forEach((target, service) -> properties.put(target.name(), service(service).http()));
		Targets.ENDPOINT.forEach((target, endpoint) -> properties.put(target.name(), endpoint(endpoint)));
		return properties;
	}

	public Endpoint service(String name) {
		Endpoint endpoint = this.services.get(name);
		if (endpoint == null) {
			throw new IllegalArgumentException("no service '" + name + "' in the topology " + this.name);
		}
		return endpoint;
	}

	public String endpoint(String name) {
		String url = this.endpoints.get(name);
		if (url == null) {
			throw new IllegalArgumentException("no endpoint '" + name + "' in the topology " + this.name);
		}
		return url;
	}

	/** The first injector: the warm-up and every step without regions run there. */
	public InjectorHost injector() {
		return this.injectors.getFirst();
	}

	/** This topology as a topology file says it, every default written out; folders in {@code project} relative to it. */
	public Map<String, Object> asYaml(Path project) {
		Map<String, Object> yaml = new LinkedHashMap<>();
		yaml.put("deployment", this.kind.key());
		Map<String, Object> services = new LinkedHashMap<>();
		this.services.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach((e) -> {
			Map<String, Object> service = new LinkedHashMap<>();
			service.put("http", e.getValue().http());
			e.getValue().grpc().ifPresent((grpc) -> service.put("grpc", grpc));
			service.put("actuator", e.getValue().actuator());
			service.put("metrics", e.getValue().metrics());
			services.put(e.getKey(), service);
		});
		yaml.put("services", services);
		Map<String, Object> others = new LinkedHashMap<>();
		this.endpoints.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach((e) -> others.put(e.getKey(), e.getValue()));
		yaml.put("endpoints", others);
		yaml.put("traces", this.traces.files().<Map<String, Object>>map((dir) -> Map.of("files", (dir.startsWith(project) ? project.relativize(dir) : dir).toString()))
			.orElseGet(() -> Map.of("jaeger", this.traces.jaeger().orElseThrow())));
		yaml.put("injectors", this.injectors.stream().map(InjectorHost::asYaml).toList());
		return yaml;
	}

}
