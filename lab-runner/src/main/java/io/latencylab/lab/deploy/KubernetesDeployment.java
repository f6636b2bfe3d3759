package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.JaegerTraces;
import io.latencylab.lab.traces.Traces;
import io.latencylab.plan.Services;
import tools.jackson.databind.JsonNode;

/**
 * The lab's manifests (ops/k8s, an overlay of them) applied to the cluster of the user's kubectl
 * context, in a namespace of their own. The lab reaches the services where the single-node overlay
 * publishes them, on the node's loopback at the ports of .env (a node on this machine); their CPU
 * and memory come from their own metrics, as for services started elsewhere.
 */
public final class KubernetesDeployment implements Deployment {

	/** The overlay for one node on this machine: every port published on its loopback. */
	public static final String SINGLE_NODE = "ops/k8s/overlays/single-node";

	private static final Pattern HOST_PORT = Pattern.compile("\\bhostPort:\\s*(\\d+)");

	private final Path project;

	private final Services services;

	private final Kubectl kubectl;

	private final Path overlay;

	private final ExternalDeployment reached;

	/** The namespace's Services by the ports they publish, once read (see {@link #fromPods}). */
	private Map<Integer, String> servicesByPort;

	public KubernetesDeployment(Path project, Services services, Kubectl kubectl, Path overlay) {
		this.project = project;
		this.services = services;
		this.kubectl = kubectl;
		this.overlay = overlay;
		this.reached = new ExternalDeployment(services, topology());
	}

	@Override
	public String mode() {
		return "kubernetes";
	}

	/** The cluster as the report's header names it: context, namespace, nodes, and each pod with its image. */
	@Override
	public String describe() {
		Map<String, String> factors = factors();
		return factors.get("services run as").replaceFirst("^pods on Kubernetes", "kubernetes")
				+ (factors.containsKey("pods") ? "; pods: " + factors.get("pods") : "");
	}

	@Override
	public Services services() {
		return this.services;
	}

	@Override
	public Topology topology() {
		return Topology.here(Topology.Kind.KUBERNETES, this.services, Topology.TraceSource.jaeger(ComposeDeployment.JAEGER));
	}

	/** An indexed Job of load generators in the lab's namespace, every pod ready (see {@link InjectorJob}). */
	public InjectorJob startInjectors(InjectorHost job) throws IOException, InterruptedException {
		return InjectorJob.start(this.kubectl, job);
	}

	/**
	 * {@code targets} as a pod in the lab's namespace reaches them: each address on this machine's
	 * loopback at a port a Service of the namespace publishes becomes that Service's name (the
	 * manifests publish each service on the node at the port its Service has); any other is left
	 * as it is. The Services are read from the cluster once.
	 */
	public Map<String, String> fromPods(Map<String, String> targets) {
		if (this.servicesByPort == null) {
			try {
				this.servicesByPort = servicesByPort(this.kubectl.json("get", "services"));
			}
			catch (IOException ex) {
				throw new IllegalStateException("cannot read the namespace's Services: " + ex.getMessage(), ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted reading the namespace's Services", ex);
			}
		}
		return fromPods(targets, this.servicesByPort);
	}

	static Map<String, String> fromPods(Map<String, String> targets, Map<Integer, String> servicesByPort) {
		Map<String, String> seen = new LinkedHashMap<>();
		targets.forEach((key, url) -> {
			URI uri = URI.create(url);
			String service = servicesByPort.get(uri.getPort());
			boolean here = "127.0.0.1".equals(uri.getHost()) || "localhost".equals(uri.getHost());
			seen.put(key, (here && service != null) ? url.replaceFirst("://[^/:]+:", "://" + service + ":") : url);
		});
		return seen;
	}

	/** Each port a Service of the namespace publishes, and that Service's name. */
	static Map<Integer, String> servicesByPort(JsonNode services) {
		Map<Integer, String> byPort = new LinkedHashMap<>();
		for (JsonNode service : services.path("items")) {
			for (JsonNode port : service.path("spec").path("ports")) {
				byPort.putIfAbsent(port.path("port").asInt(), service.path("metadata").path("name").asString());
			}
		}
		return byPort;
	}

	/**
	 * Applies the overlay (kubectl's kustomize, its files read from where compose reads them) and
	 * waits until every Deployment and StatefulSet has rolled out and every service answers;
	 * stops early, naming the image, when a pod's image cannot reach its node.
	 */
	@Override
	public void up(List<String> injections) throws IOException, InterruptedException {
		if (!injections.isEmpty()) {
			throw new IllegalStateException("--inject with --kubernetes: set a delay on the running pods instead, "
					+ "POST /actuator/injections (docs/deploying.md)");
		}
		Optional<String> unreachable = this.kubectl.unreachable();
		if (unreachable.isPresent()) {
			throw new IllegalStateException("kubectl cannot reach a cluster: " + unreachable.get());
		}
		if (!Files.isDirectory(this.overlay)) {
			throw new IllegalStateException("no overlay at " + this.overlay);
		}
		long start = System.nanoTime();
		String manifests = manifests();
		// A hostPort on this machine another process listens on (a bare or compose lab) would answer in the pod's place.
		PortHolders.refuseHeld(hostPorts(manifests));
		System.out.println("Applying " + this.project.relativize(this.overlay.toAbsolutePath()) + " to context "
				+ this.kubectl.context() + ", namespace " + this.kubectl.namespace());
		this.kubectl.run(manifests, Duration.ofMinutes(2), "apply", "-f", "-");
		Rollout.awaitAll(this.kubectl, start);
		this.reached.up(List.of());
		System.out.printf(Locale.ROOT, "Every pod ready and every service answering after %d s%n",
				Duration.ofNanos(System.nanoTime() - start).toSeconds());
		jvmStart().ifPresent((how) -> System.out.println("services' JVMs: " + how));
	}

	/**
	 * The overlay built, in the chosen namespace: another than the base's through a kustomization of
	 * its own around the overlay (kustomize's namespace transformer moves the Namespace object and
	 * every resource).
	 */
	String manifests() throws IOException, InterruptedException {
		if (this.kubectl.namespace().equals(Kubectl.NAMESPACE)) {
			return build(this.overlay);
		}
		Path around = Files.createTempDirectory("lab-k8s-");
		try {
			Files.writeString(around.resolve("kustomization.yaml"), inNamespace(around, this.overlay, this.kubectl.namespace()));
			return build(around);
		}
		finally {
			Files.deleteIfExists(around.resolve("kustomization.yaml"));
			Files.deleteIfExists(around);
		}
	}

	/** The hostPorts the manifests publish on the node, each with what publishes it. */
	static Map<Integer, String> hostPorts(String manifests) {
		Map<Integer, String> ports = new TreeMap<>();
		Matcher port = HOST_PORT.matcher(manifests);
		while (port.find()) {
			ports.put(Integer.parseInt(port.group(1)), "a hostPort of the overlay");
		}
		return ports;
	}

	private String build(Path kustomization) throws IOException, InterruptedException {
		return this.kubectl.run(Duration.ofMinutes(1), "kustomize", "--load-restrictor", "LoadRestrictionsNone",
				kustomization.toString());
	}

	/** A kustomization in {@code dir} that puts {@code overlay} in {@code namespace} (kustomize takes relative paths only). */
	static String inNamespace(Path dir, Path overlay, String namespace) {
		return """
				apiVersion: kustomize.config.k8s.io/v1beta1
				kind: Kustomization
				namespace: %s
				resources:
				  - %s
				""".formatted(namespace, dir.toAbsolutePath().relativize(overlay.toAbsolutePath()));
	}

	/** Deletes the namespace and waits until it, and so every pod of it, is gone. */
	@Override
	public void down() throws IOException, InterruptedException {
		String namespace = this.kubectl.namespace();
		System.out.println("Deleting the namespace " + namespace + " (context " + this.kubectl.context() + ") and waiting for its pods");
		this.kubectl.run(Duration.ofMinutes(5), "delete", "namespace", namespace, "--ignore-not-found", "--wait=true",
				"--timeout=280s");
		System.out.println("The namespace " + namespace + " is gone");
	}

	/** Each pod: ready, its phase, its node and image; one line saying so when there is none. */
	public Map<String, String> status() throws IOException, InterruptedException {
		Map<String, String> status = new LinkedHashMap<>();
		for (JsonNode pod : this.kubectl.json("get", "pods").path("items")) {
			JsonNode statuses = pod.path("status").path("containerStatuses");
			long ready = 0;
			for (JsonNode container : statuses) {
				ready += container.path("ready").asBoolean() ? 1 : 0;
			}
			status.put(pod.path("metadata").path("name").asString(),
					pod.path("status").path("phase").asString() + ", " + ready + "/" + statuses.size() + " ready, on "
							+ pod.path("spec").path("nodeName").asString("(no node yet)") + ", "
							+ pod.path("spec").path("containers").path(0).path("image").asString());
		}
		if (status.isEmpty()) {
			status.put("namespace " + this.kubectl.namespace(), "no pods (./lab up --kubernetes starts them)");
		}
		return status;
	}

	/** How each service's JVM started: its pod's process 1 has the image's start-up cache mapped, or not. */
	@Override
	public Optional<String> jvmStart() {
		List<String> fromCache = new ArrayList<>();
		List<String> cold = new ArrayList<>();
		for (String service : this.services.names()) {
			try {
				String maps = this.kubectl.run(Duration.ofSeconds(20), "exec", "deploy/" + service, "--", "cat", "/proc/1/maps");
				(maps.contains(ComposeDeployment.START_CACHE) ? fromCache : cold).add(service);
			}
			catch (IOException ex) {
				// Not running, or no such Deployment: its start stays unknown.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return Optional.empty();
			}
		}
		return JvmStartWords.of("pods", fromCache, cold, true);
	}

	@Override
	public Optional<String> cannotRun(boolean limitsCpus) {
		return limitsCpus ? Optional.of("the lab cannot limit a service's cores, as a step of this plan does, on Kubernetes "
				+ "yet: a pod's CPU limit is its manifest's (ops/k8s); run the plan bare or under compose") : Optional.empty();
	}

	/** From the services' own metrics, through the ports the lab reaches them on. */
	@Override
	public Metering metering() {
		return this.reached.metering();
	}

	@Override
	public Traces traces() {
		return new JaegerTraces(ComposeDeployment.JAEGER);
	}

	/** The cluster, its nodes, each service's pod with its image, limits and JVM options, as the API tells them. */
	@Override
	public Map<String, String> factors() {
		Map<String, String> factors = new LinkedHashMap<>();
		try {
			List<String> nodes = new ArrayList<>();
			for (JsonNode node : this.kubectl.json("get", "nodes").path("items")) {
				JsonNode info = node.path("status").path("nodeInfo");
				nodes.add(node.path("metadata").path("name").asString() + " (kubelet " + info.path("kubeletVersion").asString() + ", "
						+ info.path("containerRuntimeVersion").asString() + ", " + info.path("architecture").asString() + ")");
			}
			factors.put("services run as", "pods on Kubernetes (context " + this.kubectl.context() + ", namespace "
					+ this.kubectl.namespace() + "; node" + (nodes.size() == 1 ? " " : "s ") + String.join(", ", nodes) + ")");
			List<String> pods = new ArrayList<>();
			List<String> cpus = new ArrayList<>();
			List<String> memory = new ArrayList<>();
			List<String> options = new ArrayList<>();
			for (JsonNode pod : this.kubectl.json("get", "pods").path("items")) {
				JsonNode container = pod.path("spec").path("containers").path(0);
				String name = pod.path("metadata").path("labels").path("app.kubernetes.io/name").asString("");
				pods.add(pod.path("metadata").path("name").asString() + " " + container.path("image").asString() + " on "
						+ pod.path("spec").path("nodeName").asString());
				if (this.services.names().contains(name)) {
					JsonNode limits = container.path("resources").path("limits");
					cpus.add(limits.path("cpu").asString("none"));
					memory.add(limits.path("memory").asString("none"));
					String javaOptions = "none";
					for (JsonNode env : container.path("env")) {
						if (env.path("name").asString().equals("JAVA_TOOL_OPTIONS")) {
							javaOptions = env.path("value").asString();
						}
					}
					options.add(javaOptions);
				}
			}
			factors.put("pods", String.join("; ", pods));
			factors.put("database", "PostgreSQL (a StatefulSet's pod, its volume a PersistentVolumeClaim)");
			factors.put("span export", "OTLP/HTTP to Jaeger (a pod)");
			factors.put("CPU limit", Factors.summary(cpus));
			factors.put("memory limit", Factors.summary(memory));
			factors.put("network", "to the node's loopback (hostPort, the CNI's portmap), between pods through ClusterIP Services");
			factors.put("JVM options", Factors.summary(options));
		}
		catch (IOException | RuntimeException ex) {
			factors.put("services run as", "pods on Kubernetes (the API did not answer: " + ex.getMessage() + ")");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return factors;
	}

	@Override
	public Optional<String> startLog(String service) {
		try {
			return Optional.of(this.kubectl.run(Duration.ofSeconds(30), "logs", "deploy/" + service));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

}
