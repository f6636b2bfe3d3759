package io.latencylab.lab.topology;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.topology.Topology.Endpoint;
import io.latencylab.lab.topology.Topology.Kind;
import io.latencylab.lab.topology.Topology.TraceSource;
import io.latencylab.plan.Services;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a topology file (see ops/topology/README.md), bound by Jackson to the records below.
 * Everything left out takes the value that bare takes: every service on {@code host} (default
 * 127.0.0.1) on the ports of .env, its actuator under its HTTP address, one local injector. A
 * mistake is refused with the file, the line and the field: {@link Invalid}; the lines come from
 * one pass over the file's tokens ({@link Lines}), since bound records keep none.
 */
public final class TopologyFile {

	/** A topology file that says something the lab cannot do, named by file, line and field. */
	public static final class Invalid extends IllegalArgumentException {

		Invalid(String message) {
			super(message);
		}

	}

	/** The file as written; every field optional, every scalar text, checked after binding. */
	record Spec(String deployment, String host, Map<String, ServiceSpec> services, Map<String, String> endpoints,
			TracesSpec traces, List<InjectorSpec> injectors, Map<String, LinkSpec> regions) {
	}

	record ServiceSpec(String http, String grpc, String actuator, String metrics) {
	}

	record TracesSpec(String files, String jaeger) {
	}

	record InjectorSpec(String name, String local, String namespace, String ssh, String identity, String java,
			List<String> regions, String job, String image) {
	}

	record LinkSpec(@JsonProperty("round-trip") String roundTrip, String jitter, String bandwidth, String loss) {
	}

	static final YAMLMapper YAML = YAMLMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
		.build();

	final Path file;

	private final Services services;

	private YamlLines lines;

	private TopologyFile(Path file, Services services) {
		this.file = file;
		this.services = services;
	}

	/** The topology {@code file} describes; its relative paths are the project's ({@code project}). */
	public static Topology read(Path file, Services services, Path project) {
		return new TopologyFile(file, services).read(project);
	}

	private Topology read(Path project) {
		Spec top = bind();
		Kind kind = kind(top.deployment());
		String host = text("host", top.host()).orElse("127.0.0.1");
		if (kind != Kind.EXTERNAL) {
			// The lab starts these itself, here: their places are the deployment's, not the file's.
			for (String field : List.of("host", "services", "endpoints", "traces")) {
				if (this.lines.has(field)) {
					throw invalid(field, "a " + kind.key() + " deployment runs its services here, where the lab starts "
							+ "them (see ./lab topology" + (kind == Kind.COMPOSE ? " --compose" : "")
							+ "); name the services' places only with deployment: external");
				}
			}
		}
		if (top.host() != null) {
			checkHost("host", host);
		}
		Topology defaults = Topology.on(this.file.toString(), kind, this.services, host,
				TraceSource.files(Path.of("runs/services/traces")), List.of(InjectorHost.LOCAL));
		Map<String, Endpoint> endpoints = new LinkedHashMap<>(defaults.services());
		named("services", top.services(), endpoints.keySet())
			.forEach((name, spec) -> endpoints.put(name, service(spec, name, endpoints.get(name))));
		Map<String, String> others = new LinkedHashMap<>(defaults.endpoints());
		named("endpoints", top.endpoints(), others.keySet())
			.forEach((name, url) -> others.put(name, url("endpoints." + name, url)));
		TraceSource traces = (top.traces() != null) ? traces(top.traces(), project)
				: TraceSource.files(project.resolve("runs/services/traces"));
		List<InjectorHost> injectors = (top.injectors() != null) ? TopologyInjectors.of(this, top.injectors(), project, kind) : List.of(InjectorHost.LOCAL);
		Optional<String> loopback = endpoints.values()
			.stream()
			.flatMap((e) -> Stream.of(e.http(), e.actuator()))
			.filter((url) -> isLoopback(URI.create(url).getHost()))
			.findFirst();
		for (int i = 0; i < injectors.size() && loopback.isPresent(); i++) {
			InjectorHost injector = injectors.get(i);
			boolean elsewhere = injector.placement() == InjectorHost.Placement.NAMESPACE
					|| injector.sshHost().filter((sshHost) -> !isLoopback(sshHost)).isPresent();
			if (elsewhere) {
				throw invalid("injectors[" + i + "]", "injector '" + injector.name() + "' runs "
						+ (injector.placement() == InjectorHost.Placement.NAMESPACE ? "in a network namespace"
								: "on " + injector.where())
						+ ", where " + loopback.get() + " is its own loopback, not this machine's: give the services an "
						+ "address it reaches (deployment: external, host: …)");
			}
		}
		Map<String, Link.Change> regions = new LinkedHashMap<>();
		if (top.regions() != null) {
			top.regions().forEach((region, link) -> regions.put(region, link(link, "regions." + region)));
		}
		return new Topology(this.file.toString(), kind, Collections.unmodifiableMap(endpoints),
				Collections.unmodifiableMap(others), traces, List.copyOf(injectors), Collections.unmodifiableMap(regions));
	}

	private Kind kind(String deployment) {
		String value = text("deployment", deployment)
			.orElseThrow(() -> invalid("deployment", "missing; one of " + kinds()));
		for (Kind kind : Kind.values()) {
			if (kind.key().equals(value)) {
				return kind;
			}
		}
		throw invalid("deployment", "'" + value + "' is none of " + kinds());
	}

	private static String kinds() {
		return String.join(", ", java.util.Arrays.stream(Kind.values()).map(Kind::key).toList());
	}

	/** A region's link: any of round-trip, jitter, bandwidth; loss is named and refused. */
	private Link.Change link(LinkSpec spec, String path) {
		if (spec == null) {
			throw invalid(path, "a mapping of fields, not an empty value");
		}
		if (spec.loss() != null) {
			throw invalid(path + ".loss", "packet loss is not emulated: Toxiproxy works on the TCP stream above the "
					+ "kernel and never drops a packet, and this lab does not drive netem (this machine's kernel has none); "
					+ "leave 'loss' out");
		}
		Optional<Duration> roundTrip = text(path + ".round-trip", spec.roundTrip()).map((v) -> duration(path + ".round-trip", v));
		Optional<Duration> jitter = text(path + ".jitter", spec.jitter()).map((v) -> duration(path + ".jitter", v));
		OptionalLong bandwidth = text(path + ".bandwidth", spec.bandwidth()).map((v) -> {
			try {
				return OptionalLong.of(Link.parseBandwidth(v));
			}
			catch (IllegalArgumentException ex) {
				throw invalid(path + ".bandwidth", ex.getMessage());
			}
		}).orElse(OptionalLong.empty());
		if (roundTrip.isEmpty() && jitter.isEmpty() && bandwidth.isEmpty()) {
			throw invalid(path, "at least one of round-trip, jitter, bandwidth");
		}
		return new Link.Change(roundTrip, jitter, bandwidth);
	}

	private Duration duration(String field, String value) {
		if (!value.matches("\\d{1,6}ms|\\d{1,5}s")) {
			throw invalid(field, "a duration such as 40ms or 1s, not '" + value + "'");
		}
		return value.endsWith("ms") ? Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)))
				: Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1)));
	}

	/** The file bound to {@link Spec}; a mistake of form (YAML, an unknown field, a list for a mapping) named by line. */
	private Spec bind() {
		String text;
		try {
			text = Files.readString(this.file);
		}
		catch (NoSuchFileException ex) {
			throw new Invalid("no topology file " + this.file);
		}
		catch (IOException ex) {
			throw new Invalid(this.file + ": cannot be read: " + ex.getMessage());
		}
		this.lines = YamlLines.of(text, this);
		if (this.lines.isEmpty()) {
			throw new Invalid(this.file + ": empty; a topology needs at least 'deployment:'");
		}
		try {
			return YAML.readValue(text, Spec.class);
		}
		catch (UnrecognizedPropertyException ex) {
			String field = YamlLines.path(ex);
			List<String> known = ex.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
			throw new Invalid(this.file + ", line " + this.lines.key(field) + ", field '" + field + "': unknown field; one of "
					+ known);
		}
		catch (MismatchedInputException ex) {
			String field = YamlLines.path(ex);
			Class<?> target = ex.getTargetType();
			String wanted = (target != null && List.class.isAssignableFrom(target)) ? "a list"
					: (target == String.class) ? "a value" : "a mapping of fields";
			throw invalid(field.isEmpty() ? "(top)" : field, wanted + ", not " + this.lines.describe(field));
		}
		catch (JacksonException ex) {
			throw new Invalid(this.file + (ex.getLocation() != null ? ", line " + ex.getLocation().getLineNr() : "")
					+ ": not YAML: " + ex.getOriginalMessage());
		}
	}

	/** The entries of a map of names, each of which must be one of {@code known}: a service's or an endpoint's name. */
	private <T> Map<String, T> named(String path, Map<String, T> entries, Set<String> known) {
		if (entries == null) {
			return Map.of();
		}
		for (String name : entries.keySet()) {
			if (!known.contains(name)) {
				throw new Invalid(this.file + ", line " + this.lines.key(path + "." + name) + ", field '" + path + "." + name
						+ "': no such " + path.replaceFirst("s$", "") + "; one of "
						+ known.stream().sorted().toList());
			}
		}
		return entries;
	}

	private Endpoint service(ServiceSpec spec, String name, Endpoint defaults) {
		String path = "services." + name;
		if (spec == null) {
			return defaults;
		}
		String http = text(path + ".http", spec.http()).map((v) -> url(path + ".http", v)).orElse(defaults.http());
		Optional<String> grpc = defaults.grpc();
		if (spec.grpc() != null) {
			if (defaults.grpc().isEmpty()) {
				throw invalid(path + ".grpc", name + " has no gRPC port");
			}
			grpc = Optional.of(hostAndPort(path + ".grpc", spec.grpc()));
		}
		// The actuator and the metrics follow the HTTP address unless the file names them.
		String actuator = text(path + ".actuator", spec.actuator()).map((v) -> url(path + ".actuator", v))
			.orElse(http + "/actuator");
		String metrics = text(path + ".metrics", spec.metrics()).map((v) -> url(path + ".metrics", v))
			.orElse(actuator + "/prometheus");
		return new Endpoint(http, grpc, actuator, metrics);
	}

	private TraceSource traces(TracesSpec spec, Path project) {
		Optional<String> files = text("traces.files", spec.files());
		Optional<String> jaeger = text("traces.jaeger", spec.jaeger());
		if (files.isPresent() == jaeger.isPresent()) {
			throw invalid("traces", "name one source of spans: files (a folder of OTLP JSON lines) or jaeger (its query URL)");
		}
		return files.map((dir) -> TraceSource.files(project.resolve(dir)))
			.orElseGet(() -> TraceSource.jaeger(url("traces.jaeger", jaeger.get())));
	}

	private String url(String field, String value) {
		try {
			URI uri = new URI(value);
			if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
				throw invalid(field, "not an http:// or https:// URL with a host: '" + value + "'");
			}
			checkHost(field, uri.getHost());
			return value.replaceFirst("/+$", "");
		}
		catch (URISyntaxException ex) {
			throw invalid(field, "not a URL: '" + value + "' (" + ex.getReason() + ")");
		}
	}

	private String hostAndPort(String field, String value) {
		int colon = value.lastIndexOf(':');
		if (colon <= 0 || !value.substring(colon + 1).matches("\\d{1,5}")) {
			throw invalid(field, "HOST:PORT, not '" + value + "'");
		}
		checkHost(field, value.substring(0, colon));
		return value;
	}

	/** A name that does not resolve is refused here, before anything starts. */
	void checkHost(String field, String host) {
		try {
			InetAddress.getByName(host);
		}
		catch (UnknownHostException ex) {
			throw invalid(field, "the host '" + host + "' does not resolve");
		}
	}

	static boolean isLoopback(String host) {
		try {
			return InetAddress.getByName(host).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

	/** Whether the file has {@code field}, whatever its value. */
	boolean has(String field) {
		return this.lines.has(field);
	}

	/** A scalar's text, stripped; empty when the field is left out; refused when it is there but empty. */
	Optional<String> text(String field, String value) {
		if (value == null || value.isBlank()) {
			if (this.lines.has(field)) {
				throw invalid(field, "a value, not " + this.lines.describe(field));
			}
			return Optional.empty();
		}
		return Optional.of(value.strip());
	}

	Invalid invalid(String field, String message) {
		return invalid(field, field, message);
	}

	/** A mistake in {@code field}, on the line where {@code at} starts. */
	Invalid invalid(String at, String field, String message) {
		return new Invalid(this.file + ", line " + this.lines.of(at) + ", field '" + field + "': " + message);
	}

}
