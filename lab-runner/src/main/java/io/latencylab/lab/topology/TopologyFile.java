package io.latencylab.lab.topology;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.latencylab.load.plan.Services;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.topology.Topology.Endpoint;
import io.latencylab.lab.topology.Topology.Kind;
import io.latencylab.lab.topology.Topology.TraceSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads a topology file (see ops/topology/README.md). Everything left out takes the value that
 * bare takes: every service on {@code host} (default 127.0.0.1) on the ports of .env, its actuator
 * under its HTTP address, one local injector. A mistake is refused with the file, the line and the
 * field: {@link Invalid}.
 */
public final class TopologyFile {

	/** A topology file that says something the lab cannot do, named by file, line and field. */
	public static final class Invalid extends IllegalArgumentException {

		Invalid(String message) {
			super(message);
		}

	}

	private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,30}");

	private static final Pattern SSH = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*@[A-Za-z0-9][A-Za-z0-9.-]*(:[0-9]{1,5})?");

	private final Path file;

	private final Services services;

	private TopologyFile(Path file, Services services) {
		this.file = file;
		this.services = services;
	}

	/** The topology {@code file} describes; its relative paths are the project's ({@code project}). */
	public static Topology read(Path file, Services services, Path project) {
		return new TopologyFile(file, services).read(project);
	}

	private Topology read(Path project) {
		Node root = compose();
		Fields top = fields(root, "");
		top.only("deployment", "host", "services", "endpoints", "traces", "injectors", "regions");
		Kind kind = top.kind("deployment");
		Optional<ScalarNode> hostNode = top.scalar("host");
		String host = hostNode.map(ScalarNode::getValue).orElse("127.0.0.1");
		if (kind != Kind.EXTERNAL) {
			// The lab starts these itself, here: their places are the deployment's, not the file's.
			for (String field : List.of("host", "services", "endpoints", "traces")) {
				top.node(field).ifPresent((node) -> {
					throw invalid(node, field, "a " + kind.key() + " deployment runs its services here, where the lab starts "
							+ "them (see ./lab topology" + (kind == Kind.COMPOSE ? " --compose" : "")
							+ "); name the services' places only with deployment: external");
				});
			}
		}
		hostNode.ifPresent((node) -> checkHost(node, "host", node.getValue()));
		Topology defaults = Topology.on(this.file.toString(), kind, this.services, host, TraceSource.files(Path.of("runs/services/traces")),
				List.of(Injector.LOCAL));
		Map<String, Endpoint> endpoints = new LinkedHashMap<>(defaults.services());
		top.mapping("services").ifPresent((node) -> eachNamed(node, "services", endpoints.keySet(),
				(name, value) -> endpoints.put(name, service(value, name, endpoints.get(name)))));
		Map<String, String> others = new LinkedHashMap<>(defaults.endpoints());
		top.mapping("endpoints").ifPresent((node) -> eachNamed(node, "endpoints", others.keySet(),
				(name, value) -> others.put(name, url(value, "endpoints." + name))));
		TraceSource traces = top.mapping("traces").map((node) -> traces(node, project)).orElse(TraceSource.files(project.resolve("runs/services/traces")));
		List<Injector> injectors = top.sequence("injectors").map((node) -> injectors(node, project)).orElse(List.of(Injector.LOCAL));
		Optional<String> loopback = endpoints.values().stream()
			.flatMap((e) -> Stream.of(e.http(), e.actuator()))
			.filter((url) -> isLoopback(URI.create(url).getHost()))
			.findFirst();
		for (int i = 0; i < injectors.size() && loopback.isPresent(); i++) {
			Injector injector = injectors.get(i);
			boolean elsewhere = injector.placement() == Injector.Placement.NAMESPACE
					|| injector.sshHost().filter((sshHost) -> !isLoopback(sshHost)).isPresent();
			if (elsewhere) {
				throw invalid(top.sequence("injectors").orElseThrow().getValue().get(i), "injectors[" + i + "]",
						"injector '" + injector.name() + "' runs " + (injector.placement() == Injector.Placement.NAMESPACE
								? "in a network namespace" : "on " + injector.where()) + ", where " + loopback.get()
								+ " is its own loopback, not this machine's: give the services an address it reaches "
								+ "(deployment: external, host: …)");
			}
		}
		Map<String, Link.Change> regions = new LinkedHashMap<>();
		top.mapping("regions").ifPresent((node) -> {
			for (NodeTuple tuple : node.getValue()) {
				String region = scalarValue(tuple.getKeyNode(), "regions");
				regions.put(region, link(tuple.getValueNode(), "regions." + region));
			}
		});
		return new Topology(this.file.toString(), kind, Collections.unmodifiableMap(endpoints), Collections.unmodifiableMap(others),
				traces, List.copyOf(injectors), Collections.unmodifiableMap(regions));
	}

	/** A region's link: any of round-trip, jitter, bandwidth; loss is named and refused. */
	private Link.Change link(Node node, String path) {
		Fields fields = fields(node, path);
		fields.only("round-trip", "jitter", "bandwidth", "loss");
		fields.scalar("loss").ifPresent((n) -> {
			throw invalid(n, path + ".loss", "packet loss is not emulated: Toxiproxy works on the TCP stream above the "
					+ "kernel and never drops a packet, and this lab does not drive netem (this machine's kernel has none); "
					+ "leave 'loss' out");
		});
		Optional<Duration> roundTrip = fields.scalar("round-trip").map((n) -> duration(n, path + ".round-trip"));
		Optional<Duration> jitter = fields.scalar("jitter").map((n) -> duration(n, path + ".jitter"));
		OptionalLong bandwidth = fields.scalar("bandwidth").map((n) -> {
			try {
				return OptionalLong.of(Link.parseBandwidth(n.getValue()));
			}
			catch (IllegalArgumentException ex) {
				throw invalid(n, path + ".bandwidth", ex.getMessage());
			}
		}).orElse(OptionalLong.empty());
		if (roundTrip.isEmpty() && jitter.isEmpty() && bandwidth.isEmpty()) {
			throw invalid(node, path, "at least one of round-trip, jitter, bandwidth");
		}
		return new Link.Change(roundTrip, jitter, bandwidth);
	}

	private Duration duration(ScalarNode node, String field) {
		String value = node.getValue().strip();
		if (!value.matches("\\d{1,6}ms|\\d{1,5}s")) {
			throw invalid(node, field, "a duration such as 40ms or 1s, not '" + value + "'");
		}
		return value.endsWith("ms") ? Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)))
				: Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1)));
	}

	private Node compose() {
		try (Reader reader = Files.newBufferedReader(this.file)) {
			Node root = new Yaml(new SafeConstructor(new LoaderOptions())).compose(reader);
			if (root == null) {
				throw new Invalid(this.file + ": empty; a topology needs at least 'deployment:'");
			}
			return root;
		}
		catch (NoSuchFileException ex) {
			throw new Invalid("no topology file " + this.file);
		}
		catch (IOException ex) {
			throw new Invalid(this.file + ": cannot be read: " + ex.getMessage());
		}
		catch (MarkedYAMLException ex) {
			Mark mark = (ex.getProblemMark() != null) ? ex.getProblemMark() : ex.getContextMark();
			throw new Invalid(this.file + (mark != null ? ", line " + (mark.getLine() + 1) : "") + ": not YAML: " + ex.getProblem());
		}
		catch (YAMLException ex) {
			throw new Invalid(this.file + ": not YAML: " + ex.getMessage());
		}
	}

	/** Each field of {@code node}, which must be one of {@code known}: a service's or an endpoint's name. */
	private void eachNamed(MappingNode node, String path, Set<String> known, BiConsumer<String, Node> action) {
		Fields fields = fields(node, path);
		for (NodeTuple tuple : node.getValue()) {
			String name = fields.key(tuple);
			if (!known.contains(name)) {
				throw invalid(tuple.getKeyNode(), path + "." + name, "no such " + path.replaceFirst("s$", "") + "; one of "
						+ known.stream().sorted().toList());
			}
			action.accept(name, tuple.getValueNode());
		}
	}

	private Endpoint service(Node node, String name, Endpoint defaults) {
		String path = "services." + name;
		Fields fields = fields(node, path);
		fields.only("http", "grpc", "actuator", "metrics");
		String http = fields.scalar("http").map((n) -> url(n, path + ".http")).orElse(defaults.http());
		Optional<String> grpc = defaults.grpc();
		Optional<ScalarNode> grpcNode = fields.scalar("grpc");
		if (grpcNode.isPresent()) {
			if (defaults.grpc().isEmpty()) {
				throw invalid(grpcNode.get(), path + ".grpc", name + " has no gRPC port");
			}
			grpc = Optional.of(hostAndPort(grpcNode.get(), path + ".grpc"));
		}
		// The actuator and the metrics follow the HTTP address unless the file names them.
		String actuator = fields.scalar("actuator").map((n) -> url(n, path + ".actuator")).orElse(http + "/actuator");
		String metrics = fields.scalar("metrics").map((n) -> url(n, path + ".metrics")).orElse(actuator + "/prometheus");
		return new Endpoint(http, grpc, actuator, metrics);
	}

	private TraceSource traces(MappingNode node, Path project) {
		Fields fields = fields(node, "traces");
		fields.only("files", "jaeger");
		Optional<ScalarNode> files = fields.scalar("files");
		Optional<ScalarNode> jaeger = fields.scalar("jaeger");
		if (files.isPresent() == jaeger.isPresent()) {
			throw invalid(node, "traces", "name one source of spans: files (a folder of OTLP JSON lines) or jaeger (its query URL)");
		}
		return files.map((n) -> TraceSource.files(project.resolve(n.getValue())))
			.orElseGet(() -> TraceSource.jaeger(url(jaeger.get(), "traces.jaeger")));
	}

	private List<Injector> injectors(SequenceNode node, Path project) {
		List<Injector> injectors = new ArrayList<>();
		Set<String> names = new HashSet<>();
		Set<String> regionsSent = new HashSet<>();
		for (int i = 0; i < node.getValue().size(); i++) {
			Node item = node.getValue().get(i);
			String path = "injectors[" + i + "]";
			Fields fields = fields(item, path);
			fields.only("name", "local", "namespace", "ssh", "identity", "java", "regions");
			String name = fields.scalar("name").map(ScalarNode::getValue).orElseThrow(() -> invalid(item, path + ".name", "missing"));
			if (!names.add(name)) {
				throw invalid(item, path + ".name", "a second injector named '" + name + "'");
			}
			Optional<ScalarNode> namespace = fields.scalar("namespace");
			Optional<ScalarNode> local = fields.scalar("local");
			Optional<ScalarNode> ssh = fields.scalar("ssh");
			Injector placed;
			if (Stream.of(namespace, local, ssh).filter(Optional::isPresent).count() != 1) {
				throw invalid(item, path, "place the injector: 'local: true', 'namespace: NAME' or 'ssh: USER@HOST[:PORT]'");
			}
			if (ssh.isEmpty()) {
				for (String field : List.of("identity", "java")) {
					fields.scalar(field).ifPresent((n) -> {
						throw invalid(n, path + "." + field, "only for an injector placed over ssh");
					});
				}
			}
			if (local.isPresent()) {
				if (!local.get().getValue().equals("true")) {
					throw invalid(local.get(), path + ".local", "true, or leave it out and place the injector elsewhere");
				}
				placed = new Injector(name, Injector.Placement.LOCAL, "");
			}
			else if (namespace.isPresent()) {
				if (!NAMESPACE.matcher(namespace.get().getValue()).matches()) {
					throw invalid(namespace.get(), path + ".namespace", "not a network namespace's name: '" + namespace.get().getValue() + "'");
				}
				placed = new Injector(name, Injector.Placement.NAMESPACE, namespace.get().getValue());
			}
			else {
				String destination = ssh.get().getValue().strip();
				if (!SSH.matcher(destination).matches()) {
					throw invalid(ssh.get(), path + ".ssh", "USER@HOST or USER@HOST:PORT, not '" + destination + "'");
				}
				Optional<Path> identity = fields.scalar("identity").map((n) -> {
					Path key = project.resolve(n.getValue().strip());
					if (!Files.isReadable(key)) {
						throw invalid(n, path + ".identity", "no readable private key at " + key);
					}
					return key;
				});
				String java = fields.scalar("java").map((n) -> n.getValue().strip()).orElse("java");
				Injector injector = new Injector(name, Injector.Placement.SSH, destination, identity, java, List.of());
				checkHost(ssh.get(), path + ".ssh", injector.sshHost().orElseThrow());
				placed = injector;
			}
			List<String> regions = new ArrayList<>();
			fields.node("regions").ifPresent((n) -> {
				if (!(n instanceof SequenceNode list)) {
					throw invalid(n, path + ".regions", "a list of region names, as a study names them (seed 000: northeurope, canada, japan)");
				}
				for (Node region : list.getValue()) {
					String value = scalarValue(region, path + ".regions");
					if (!regionsSent.add(value)) {
						throw invalid(region, path + ".regions", "region '" + value + "' is sent by another injector already");
					}
					regions.add(value);
				}
			});
			injectors.add(placed.sending(regions));
		}
		if (injectors.isEmpty()) {
			throw invalid(node, "injectors", "at least one injector, or leave the list out for one local injector");
		}
		return injectors;
	}

	private String url(Node node, String field) {
		String value = scalarValue(node, field);
		try {
			URI uri = new URI(value);
			if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
				throw invalid(node, field, "not an http:// or https:// URL with a host: '" + value + "'");
			}
			checkHost(node, field, uri.getHost());
			return value.replaceFirst("/+$", "");
		}
		catch (URISyntaxException ex) {
			throw invalid(node, field, "not a URL: '" + value + "' (" + ex.getReason() + ")");
		}
	}

	private String hostAndPort(Node node, String field) {
		String value = scalarValue(node, field);
		int colon = value.lastIndexOf(':');
		if (colon <= 0 || !value.substring(colon + 1).matches("\\d{1,5}")) {
			throw invalid(node, field, "HOST:PORT, not '" + value + "'");
		}
		checkHost(node, field, value.substring(0, colon));
		return value;
	}

	/** A name that does not resolve is refused here, before anything starts. */
	private void checkHost(Node node, String field, String host) {
		try {
			InetAddress.getByName(host);
		}
		catch (UnknownHostException ex) {
			throw invalid(node, field, "the host '" + host + "' does not resolve");
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

	private String scalarValue(Node node, String field) {
		if (!(node instanceof ScalarNode scalar) || scalar.getValue().isBlank()) {
			throw invalid(node, field, "a value, not " + describe(node));
		}
		return scalar.getValue().strip();
	}

	private Invalid invalid(Node node, String field, String message) {
		return new Invalid(this.file + ", line " + (node.getStartMark().getLine() + 1) + ", field '" + field + "': " + message);
	}

	private static String describe(Node node) {
		return switch (node) {
			case MappingNode m -> "a mapping";
			case SequenceNode s -> "a list";
			default -> "an empty value";
		};
	}

	private Fields fields(Node node, String path) {
		if (!(node instanceof MappingNode mapping)) {
			throw invalid(node, path.isEmpty() ? "(top)" : path, "a mapping of fields, not " + (node instanceof ScalarNode s ? "'" + s.getValue() + "'" : describe(node)));
		}
		return new Fields(mapping, path);
	}

	/** A mapping's fields, each looked up by name, with the path that names them in messages. */
	private final class Fields {

		private final Map<String, NodeTuple> byName = new HashMap<>();

		private final MappingNode node;

		private final String path;

		Fields(MappingNode node, String path) {
			this.node = node;
			this.path = path;
			for (NodeTuple tuple : node.getValue()) {
				String key = key(tuple);
				if (this.byName.put(key, tuple) != null) {
					throw invalid(tuple.getKeyNode(), name(key), "given twice");
				}
			}
		}

		String key(NodeTuple tuple) {
			if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
				throw invalid(tuple.getKeyNode(), this.path, "a field's name must be text");
			}
			return key.getValue();
		}

		void only(String... allowed) {
			Set<String> known = Set.of(allowed);
			for (NodeTuple tuple : this.node.getValue()) {
				String key = key(tuple);
				if (!known.contains(key)) {
					throw invalid(tuple.getKeyNode(), name(key), "unknown field; one of " + List.of(allowed));
				}
			}
		}

		Optional<Node> node(String field) {
			return Optional.ofNullable(this.byName.get(field)).map(NodeTuple::getValueNode);
		}

		Optional<ScalarNode> scalar(String field) {
			return node(field).map((n) -> {
				scalarValue(n, name(field));
				return (ScalarNode) n;
			});
		}

		Optional<MappingNode> mapping(String field) {
			return node(field).map((n) -> fields(n, name(field)).node);
		}

		Optional<SequenceNode> sequence(String field) {
			return node(field).map((n) -> {
				if (!(n instanceof SequenceNode s)) {
					throw invalid(n, name(field), "a list, not " + describe(n));
				}
				return s;
			});
		}

		Kind kind(String field) {
			ScalarNode n = scalar(field).orElseThrow(() -> invalid(this.node, name(field), "missing; one of bare, compose, external"));
			for (Kind kind : Kind.values()) {
				if (kind.key().equals(n.getValue())) {
					return kind;
				}
			}
			throw invalid(n, name(field), "'" + n.getValue() + "' is none of bare, compose, external");
		}

		private String name(String field) {
			return this.path.isEmpty() ? field : this.path + "." + field;
		}

	}

}
