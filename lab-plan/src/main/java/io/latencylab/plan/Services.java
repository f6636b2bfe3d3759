package io.latencylab.plan;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The lab's services and their ports, read from the one file that writes them: `.env` at the
 * project's root, which docker compose reads for its ${…} values and every service imports.
 * LAB_SERVICES lists the services in start order; a service's HTTP port is NAME_PORT and its gRPC
 * port NAME_GRPC_PORT, NAME being its name without "-service", upper case (CATALOG_PORT).
 */
public record Services(List<Service> all, Properties env) {

	public static final String FILE = ".env";

	/** One service: its HTTP port answers its API or its actuator; a gRPC service has both. */
	public record Service(String name, int httpPort, Optional<Integer> grpcPort) {

		public String url(String host) {
			return "http://" + host + ":" + this.httpPort;
		}

		/** The name its ports' keys start with: CATALOG for CATALOG_PORT and CATALOG_GRPC_PORT. */
		public String key() {
			return key(this.name);
		}

		static String key(String name) {
			return name.replaceFirst("-service$", "").replace('-', '_').toUpperCase(Locale.ROOT);
		}

	}

	/** An endpoint of .env that is no service's own HTTP port: its scheme and its port's key. */
	public record OtherEndpoint(String scheme, String portKey) {
	}

	/** The endpoints of .env that are no service's own HTTP port, by name: the cache tier, the TLS ports. */
	public static final Map<String, OtherEndpoint> OTHER_ENDPOINTS = Map.of("object-cache",
			new OtherEndpoint("http", "OBJECT_CACHE_PORT"), "object-cache-tls", new OtherEndpoint("https", "OBJECT_CACHE_TLS_PORT"),
			"object-store-tls", new OtherEndpoint("https", "OBJECT_STORE_TLS_PORT"), "azurite-blob",
			new OtherEndpoint("http", "AZURITE_BLOB_PORT"), "azurite-queue", new OtherEndpoint("http", "AZURITE_QUEUE_PORT"),
			"azurite-table", new OtherEndpoint("http", "AZURITE_TABLE_PORT"), "swift",
			new OtherEndpoint("http", "SWIFT_PROXY_PORT"), "swift-tls", new OtherEndpoint("https", "SWIFT_PROXY_TLS_PORT"));

	/** From the .env in {@code dir} or the nearest folder above it (Maven runs the load module one below). */
	public static Services find(Path dir) {
		for (Path d = dir.toAbsolutePath(); d != null; d = d.getParent()) {
			if (Files.isRegularFile(d.resolve(FILE)) && Files.isRegularFile(d.resolve("docker-compose.yml"))) {
				return read(d.resolve(FILE));
			}
		}
		throw new IllegalStateException("no " + FILE + " with the services' ports in " + dir + " or above it");
	}

	public static Services here() {
		return find(Path.of(""));
	}

	static Services read(Path file) {
		Properties env = new Properties();
		try (Reader reader = Files.newBufferedReader(file)) {
			env.load(reader);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<Service> services = new ArrayList<>();
		for (String name : required(env, "LAB_SERVICES").split(",")) {
			String key = Service.key(name.strip());
			String grpc = env.getProperty(key + "_GRPC_PORT");
			services.add(new Service(name.strip(), Integer.parseInt(required(env, key + "_PORT")),
					Optional.ofNullable(grpc).map(String::strip).map(Integer::valueOf)));
		}
		return new Services(List.copyOf(services), env);
	}

	private static String required(Properties env, String key) {
		String value = env.getProperty(key);
		if (value == null || value.isBlank()) {
			throw new IllegalStateException(FILE + " does not set " + key);
		}
		return value.strip();
	}

	public Service named(String name) {
		return this.all.stream()
			.filter((s) -> s.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no service '" + name + "' in " + FILE));
	}

	/** A port .env sets beside the services' own (OBJECT_CACHE_PORT: the cache tier, not a service). */
	public int port(String key) {
		return Integer.parseInt(required(this.env, key));
	}

	/** Whether .env sets {@code key} (an older .env may lack a later component's ports). */
	public boolean sets(String key) {
		String value = this.env.getProperty(key);
		return value != null && !value.isBlank();
	}

	/** One of {@link #OTHER_ENDPOINTS} on {@code host}: "https://127.0.0.1:8446". */
	public String endpointUrl(String name, String host) {
		OtherEndpoint endpoint = OTHER_ENDPOINTS.get(name);
		if (endpoint == null) {
			throw new IllegalArgumentException("no endpoint '" + name + "'; one of " + OTHER_ENDPOINTS.keySet());
		}
		return endpoint.scheme() + "://" + host + ":" + port(endpoint.portKey());
	}

	public List<String> names() {
		return this.all.stream().map(Service::name).toList();
	}

}
