package io.latencylab.lab.deploy;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.latencylab.plan.Services;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ops/k8s against docker-compose.yml and .env: what can be checked without a cluster. Every
 * workload has its probes and its resources; every compose service but Grafana (and the HTTPS tier
 * of ops/compose/tls.yml) has a workload with the same image; the Spring services listen on the
 * ports of .env, with compose's CPU and memory limits; every file of the base is in its
 * kustomization.
 */
class KubernetesManifestsTests {

	private static final Path ROOT = root();

	private static final Pattern COMPOSE_DEFAULT = Pattern.compile("\\$\\{[A-Z_]+:-([0-9.]+[a-z]?)}");

	private final Map<String, Map<String, Object>> workloads = new LinkedHashMap<>();

	private final Map<String, Map<String, Object>> services = new LinkedHashMap<>();

	KubernetesManifestsTests() throws IOException {
		for (Path file : List.of(ROOT.resolve("ops/k8s/base/services.yaml"), ROOT.resolve("ops/k8s/base/infrastructure.yaml"))) {
			try (Reader reader = Files.newBufferedReader(file)) {
				for (Object document : new Yaml().loadAll(reader)) {
					Map<String, Object> resource = map(document);
					String name = (String) map(resource.get("metadata")).get("name");
					switch ((String) resource.get("kind")) {
						case "Deployment", "StatefulSet" -> this.workloads.put(name, resource);
						case "Service" -> this.services.put(name, resource);
						default -> {
						}
					}
				}
			}
		}
	}

	@Test
	void everyContainerHasProbesAndResources() {
		assertThat(this.workloads).isNotEmpty();
		this.workloads.forEach((name, workload) -> {
			for (Map<String, Object> container : containers(workload)) {
				assertThat(container).as(name).containsKeys("startupProbe", "readinessProbe", "livenessProbe");
				Map<String, Object> resources = map(container.get("resources"));
				assertThat(map(resources.get("requests"))).as(name + " requests").containsKeys("cpu", "memory");
				assertThat(map(resources.get("limits"))).as(name + " limits").containsKeys("cpu", "memory");
			}
		});
	}

	@Test
	void everyComposeServiceRunsWithTheSameImage() throws IOException {
		Map<String, Object> compose = compose();
		Set<String> expected = new TreeSet<>(compose.keySet());
		expected.remove("grafana");
		// The load generator's image is a Job's, started by a run (InjectorJob), never a workload.
		assertThat(map(compose.get("load-generator")).get("image")).isEqualTo(io.latencylab.lab.topology.InjectorHost.LOAD_GENERATOR_IMAGE);
		expected.remove("load-generator");
		assertThat(new TreeSet<>(this.workloads.keySet())).isEqualTo(expected);
		compose.forEach((name, service) -> {
			if (this.workloads.containsKey(name)) {
				assertThat(containers(this.workloads.get(name)).getFirst().get("image")).as(name)
					.isEqualTo(map(service).get("image"));
				assertThat(this.services).as(name + " has a Service").containsKey(name);
			}
		});
	}

	@Test
	void theSpringServicesListenOnTheEnvPortsWithComposeLimits() throws IOException {
		Map<String, Object> compose = compose();
		for (Services.Service service : Services.find(ROOT).all()) {
			Map<String, Object> container = containers(this.workloads.get(service.name())).getFirst();
			Map<String, Integer> ports = new LinkedHashMap<>();
			for (Object port : (List<?>) container.get("ports")) {
				ports.put((String) map(port).get("name"), (Integer) map(port).get("containerPort"));
			}
			Map<String, Integer> expected = new LinkedHashMap<>();
			expected.put("http", service.httpPort());
			service.grpcPort().ifPresent((grpc) -> expected.put("grpc", grpc));
			assertThat(ports).as(service.name()).isEqualTo(expected);
			List<Integer> published = new ArrayList<>();
			for (Object port : (List<?>) map(this.services.get(service.name()).get("spec")).get("ports")) {
				published.add((Integer) map(port).get("port"));
			}
			assertThat(published).as(service.name() + "'s Service").containsExactlyInAnyOrderElementsOf(expected.values());
			// compose: cpus ${LAB_X_CPUS:-1.0}, mem_limit ${LAB_X_MEM:-512m}; here limits of the same size.
			Map<String, Object> composeService = map(compose.get(service.name()));
			Map<String, Object> limits = map(map(container.get("resources")).get("limits"));
			assertThat(Double.parseDouble(composeDefault(composeService.get("cpus")))).as(service.name() + " cpus")
				.isEqualTo(Double.parseDouble(String.valueOf(limits.get("cpu"))));
			assertThat(mebibytes(composeDefault(composeService.get("mem_limit")))).as(service.name() + " memory")
				.isEqualTo(mebibytes(String.valueOf(limits.get("memory"))));
		}
	}

	@Test
	void theSingleNodeOverlayPublishesOnTheNodesLoopbackWhatComposePublishes() throws IOException {
		Map<String, String> env = new LinkedHashMap<>();
		for (String line : Files.readAllLines(ROOT.resolve(".env"))) {
			int eq = line.indexOf('=');
			if (!line.startsWith("#") && eq > 0) {
				env.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
			}
		}
		Map<String, Set<Integer>> composePorts = new TreeMap<>();
		compose().forEach((name, service) -> {
			Set<Integer> ports = new TreeSet<>();
			for (Object port : (List<?>) map(service).getOrDefault("ports", List.of())) {
				// "${LAB_BIND:-127.0.0.1}:${MEALS_SOAP_PORT}:${MEALS_SOAP_PORT}": the last part, from .env.
				String target = String.valueOf(port).substring(String.valueOf(port).lastIndexOf(':') + 1);
				Matcher variable = Pattern.compile("\\$\\{([A-Z_]+)}").matcher(target);
				ports.add(Integer.parseInt(variable.matches() ? env.get(variable.group(1)) : target));
			}
			if (this.workloads.containsKey(name)) {
				composePorts.put(name, ports);
			}
		});
		Map<String, Set<Integer>> hostPorts = new TreeMap<>();
		try (Reader reader = Files.newBufferedReader(ROOT.resolve("ops/k8s/overlays/single-node/host-ports.yaml"))) {
			for (Object document : new Yaml().loadAll(reader)) {
				String name = (String) map(map(document).get("metadata")).get("name");
				for (Object port : (List<?>) containers(map(document)).getFirst().get("ports")) {
					assertThat(map(port).get("hostPort")).as(name).isEqualTo(map(port).get("containerPort"));
					assertThat(map(port).get("hostIP")).as(name).isEqualTo("127.0.0.1");
					hostPorts.computeIfAbsent(name, (n) -> new TreeSet<>()).add((Integer) map(port).get("hostPort"));
				}
				// A port the patch names is one the workload declares (else the patch would add a bare one).
				Set<Integer> declared = new TreeSet<>();
				for (Object port : (List<?>) containers(this.workloads.get(name)).getFirst().get("ports")) {
					declared.add((Integer) map(port).get("containerPort"));
				}
				assertThat(declared).as(name).containsAll(hostPorts.get(name));
			}
		}
		assertThat(hostPorts).isEqualTo(composePorts);
	}

	@Test
	void whatNeedsPostgreSqlWaitsForIt() {
		this.workloads.forEach((name, workload) -> {
			boolean usesPostgres = String.valueOf(containers(workload).getFirst().get("env")).contains("jdbc:postgresql://postgres:");
			Map<String, Object> podSpec = map(map(map(workload.get("spec")).get("template")).get("spec"));
			List<?> init = (List<?>) podSpec.getOrDefault("initContainers", List.of());
			assertThat(init.stream().map((c) -> map(c).get("name")).toList()).as(name)
				.isEqualTo(usesPostgres ? List.of("wait-for-postgres") : List.of());
		});
	}

	@Test
	void theKustomizationListsEveryFileOfTheBase() throws IOException {
		Map<String, Object> kustomization;
		try (Reader reader = Files.newBufferedReader(ROOT.resolve("ops/k8s/base/kustomization.yaml"))) {
			kustomization = map(new Yaml().load(reader));
		}
		Set<String> files = new TreeSet<>();
		try (var list = Files.list(ROOT.resolve("ops/k8s/base"))) {
			list.map((f) -> f.getFileName().toString()).filter((f) -> !f.equals("kustomization.yaml")).forEach(files::add);
		}
		assertThat(new TreeSet<>((List<?>) kustomization.get("resources"))).isEqualTo(files);
		// The files it reads from elsewhere exist (kustomize reads them with its load restrictor off).
		for (Object generator : (List<?>) kustomization.get("configMapGenerator")) {
			for (String key : List.of("envs", "files")) {
				Object paths = map(generator).get(key);
				if (paths != null) {
					for (Object path : (List<?>) paths) {
						assertThat(ROOT.resolve("ops/k8s/base").resolve((String) path).normalize()).exists();
					}
				}
			}
		}
	}

	private static String composeDefault(Object value) {
		Matcher m = COMPOSE_DEFAULT.matcher(String.valueOf(value));
		assertThat(m.matches()).as("a ${NAME:-default}: " + value).isTrue();
		return m.group(1);
	}

	/** 512m (compose: MiB), 512Mi, 1g, 1Gi: in MiB. */
	private static long mebibytes(String size) {
		Matcher m = Pattern.compile("([0-9]+)([mMgG])i?").matcher(size);
		assertThat(m.matches()).as("a size: " + size).isTrue();
		long n = Long.parseLong(m.group(1));
		return m.group(2).equalsIgnoreCase("g") ? n * 1024 : n;
	}

	private static Map<String, Object> compose() throws IOException {
		try (Reader reader = Files.newBufferedReader(ROOT.resolve("docker-compose.yml"))) {
			return map(map(new Yaml().load(reader)).get("services"));
		}
	}

	private static List<Map<String, Object>> containers(Map<String, Object> workload) {
		Map<String, Object> podSpec = map(map(map(workload.get("spec")).get("template")).get("spec"));
		return ((List<?>) podSpec.get("containers")).stream().map(KubernetesManifestsTests::map).toList();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Object value) {
		assertThat(value).isInstanceOf(Map.class);
		return (Map<String, Object>) value;
	}

	private static Path root() {
		for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
			if (Files.isRegularFile(d.resolve("docker-compose.yml")) && Files.isDirectory(d.resolve("ops/k8s"))) {
				return d;
			}
		}
		throw new IllegalStateException("no project root above " + Path.of("").toAbsolutePath());
	}

}
