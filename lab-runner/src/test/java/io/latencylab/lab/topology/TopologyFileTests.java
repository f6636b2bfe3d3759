package io.latencylab.lab.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.net.Link;
import io.latencylab.lab.topology.Topology.Endpoint;
import io.latencylab.lab.topology.Topology.Kind;
import io.latencylab.plan.Services;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopologyFileTests {

	private static final Path PROJECT = Path.of("/project");

	@TempDir
	Path dir;

	private final Services services = Services.here();

	/** A topology's first three lines, services elsewhere, before its injectors. */
	private static final String EXTERNAL_INJECTORS = "deployment: external\nhost: 10.0.0.1\ninjectors:\n";

	@Test
	void externalServicesTakeTheHostAndTheEnvPortsUnlessTheFileSaysOtherwise() throws IOException {
		Topology topology = read("""
				deployment: external
				host: 10.210.0.2
				services:
				  sort-service:
				    http: http://10.210.0.3:8084/
				  catalog-service:
				    grpc: 10.210.0.4:9999
				traces:
				  jaeger: http://10.210.0.2:16686
				injectors:
				  - name: far
				    namespace: lab-inj
				""");
		assertThat(topology.kind()).isEqualTo(Kind.EXTERNAL);
		int rest = this.services.named("meals-rest").httpPort();
		assertThat(topology.service("meals-rest")).isEqualTo(new Endpoint("http://10.210.0.2:" + rest, Optional.empty(),
				"http://10.210.0.2:" + rest + "/actuator", "http://10.210.0.2:" + rest + "/actuator/prometheus"));
		// A service's own address moves its actuator and metrics with it; a trailing slash is dropped.
		assertThat(topology.service("sort-service").http()).isEqualTo("http://10.210.0.3:8084");
		assertThat(topology.service("sort-service").readiness()).isEqualTo("http://10.210.0.3:8084/actuator/health/readiness");
		assertThat(topology.service("catalog-service").grpc()).contains("10.210.0.4:9999");
		assertThat(topology.service("order-service").grpc())
			.contains("10.210.0.2:" + this.services.named("order-service").grpcPort().orElseThrow());
		assertThat(topology.endpoint("object-cache")).isEqualTo("http://10.210.0.2:" + this.services.port("OBJECT_CACHE_PORT"));
		assertThat(topology.traces().jaeger()).contains("http://10.210.0.2:16686");
		assertThat(topology.injector()).isEqualTo(new InjectorHost("far", InjectorHost.Placement.NAMESPACE, "lab-inj"));
		// The simulations aim where the topology says.
		Map<String, String> targets = topology.targets();
		assertThat(targets).containsEntry(Targets.SORT.name(), "http://10.210.0.3:8084")
			.containsEntry(Targets.TOY_STORE.name(), "http://10.210.0.2:" + this.services.named("frontend-service").httpPort());
	}

	@Test
	void theDefaultTopologyPrintedAndReadBackIsTheSame() throws IOException {
		Topology here = Topology.here(Kind.BARE, this.services, Topology.TraceSource.files(PROJECT.resolve("runs/services/traces")));
		Map<String, Object> yaml = new java.util.LinkedHashMap<>(here.asYaml(PROJECT));
		// Printed for bare; a user copies it and names it external to point the lab at services started by hand.
		yaml.put("deployment", "external");
		Topology back = read(new Yaml().dump(yaml));
		assertThat(back.services()).isEqualTo(here.services());
		assertThat(back.endpoints()).isEqualTo(here.endpoints());
		assertThat(yaml.get("traces")).isEqualTo(Map.of("files", "runs/services/traces"));
		assertThat(back.traces()).isEqualTo(here.traces());
		assertThat(back.injectors()).isEqualTo(here.injectors());
	}

	@Test
	void aBareTopologyOnlyPlacesTheInjector() throws IOException {
		Topology topology = read("deployment: bare\n");
		assertThat(topology.kind()).isEqualTo(Kind.BARE);
		assertThat(topology.injector()).isEqualTo(InjectorHost.LOCAL);
		assertThatThrownBy(() -> read("deployment: bare\nhost: 10.0.0.1\n")).hasMessageContaining("line 2, field 'host'")
			.hasMessageContaining("only with deployment: external");
	}

	@Test
	void mistakesAreNamedByFileLineAndField() {
		assertThatThrownBy(() -> read("host: 10.0.0.1\n")).hasMessageContaining("topology.yml, line 1, field 'deployment': missing");
		assertThatThrownBy(() -> read("deployment: nomad\n"))
			.hasMessageContaining("line 1, field 'deployment': 'nomad' is none of bare, compose, external, kubernetes");
		assertThatThrownBy(() -> read("deployment: external\nhots: 10.0.0.1\n"))
			.hasMessageContaining("line 2, field 'hots': unknown field");
		assertThatThrownBy(() -> read("""
				deployment: external
				services:
				  sort-service:
				    http: htp:/10.0.0.1
				""")).hasMessageContaining("line 4, field 'services.sort-service.http': not an http:// or https:// URL");
		assertThatThrownBy(() -> read("""
				deployment: external
				services:
				  sorting:
				    http: http://10.0.0.1:8084
				""")).hasMessageContaining("line 3, field 'services.sorting': no such service");
		assertThatThrownBy(() -> read("""
				deployment: external
				services:
				  meals-rest:
				    grpc: 10.0.0.1:9000
				""")).hasMessageContaining("line 4, field 'services.meals-rest.grpc': meals-rest has no gRPC port");
		assertThatThrownBy(() -> read("""
				deployment: external
				services:
				  catalog-service:
				    grpc: 10.0.0.1
				""")).hasMessageContaining("line 4, field 'services.catalog-service.grpc': HOST:PORT");
		assertThatThrownBy(() -> read("""
				deployment: external
				traces:
				  files: runs/services/traces
				  jaeger: http://10.0.0.1:16686
				""")).hasMessageContaining("line 3, field 'traces': name one source of spans");
		assertThatThrownBy(() -> read("""
				deployment: external
				host: no-such-host.invalid
				""")).hasMessageContaining("line 2, field 'host': the host 'no-such-host.invalid' does not resolve");
		assertThatThrownBy(() -> read("deployment: external\nservices: [a, b]\n"))
			.hasMessageContaining("line 2, field 'services': a mapping of fields, not a list");
		assertThatThrownBy(() -> read("deployment: external\nhost: [\n")).hasMessageContaining("not YAML");
	}

	@Test
	void injectorsAreCheckedForWhatTheyCanReach() {
		// A namespace has a loopback of its own: 127.0.0.1 there is not this machine's.
		assertThatThrownBy(() -> read("""
				deployment: external
				injectors:
				  - name: apart
				    namespace: lab-inj
				""")).hasMessageContaining("line 3, field 'injectors[0]'").hasMessageContaining("own loopback");
		assertThatThrownBy(() -> read(EXTERNAL_INJECTORS + """
				  - name: a
				    local: true
				  - name: a
				    namespace: lab-inj
				""")).hasMessageContaining("line 6, field 'injectors[1].name': a second injector named 'a'");
		assertThatThrownBy(() -> read(EXTERNAL_INJECTORS + """
				  - name: a
				    local: true
				    namespace: lab-inj
				""")).hasMessageContaining("line 4, field 'injectors[0]': place the injector");
		assertThatThrownBy(() -> read(EXTERNAL_INJECTORS + """
				  - name: a
				    namespace: "lab inj; rm -rf /"
				""")).hasMessageContaining("line 5, field 'injectors[0].namespace': not a network namespace's name");
		assertThatThrownBy(() -> read(EXTERNAL_INJECTORS + """
				  - name: near
				    local: true
				    regions: [japan]
				  - name: far
				    local: true
				    regions: [canada, japan]
				""")).hasMessageContaining("line 9, field 'injectors[1].regions': region 'japan' is sent by another injector");
	}

	@Test
	void anInjectorOverSshNamesItsHostKeyAndJava() throws IOException {
		Path key = this.dir.resolve("id_ed25519");
		Files.writeString(key, "a key");
		Topology topology = read(EXTERNAL_INJECTORS + """
				  - name: far
				    ssh: lab@injector-1.invalid:2222
				    identity: %s
				    java: /opt/jdk-21/bin/java
				""".formatted(key).replace("injector-1.invalid", "127.0.0.2"));
		InjectorHost far = topology.injector();
		assertThat(far.placement()).isEqualTo(InjectorHost.Placement.SSH);
		assertThat(far.sshHost()).contains("127.0.0.2");
		assertThat(far.identity()).contains(key);
		// The remote shell gets one quoted word an argument, a quote inside one included.
		assertThat(far.wrap(java.util.List.of("/opt/jdk-21/bin/java", "-Dx=it's"))).containsExactly("ssh", "-o", "BatchMode=yes",
				"-o", "ConnectTimeout=5", "-p", "2222", "-i", key.toString(), "-o", "IdentitiesOnly=yes", "lab@127.0.0.2", "--",
				"'/opt/jdk-21/bin/java' '-Dx=it'\\''s'");
		assertThatThrownBy(() -> read(EXTERNAL_INJECTORS + """
				  - name: far
				    ssh: injector-1:22
				""")).hasMessageContaining("line 5, field 'injectors[0].ssh': USER@HOST or USER@HOST:PORT");
		assertThatThrownBy(() -> read(EXTERNAL_INJECTORS + """
				  - name: far
				    ssh: lab@127.0.0.2
				    identity: no-such-key
				""")).hasMessageContaining("line 6, field 'injectors[0].identity': no readable private key");
		assertThatThrownBy(() -> read(EXTERNAL_INJECTORS + """
				  - name: near
				    namespace: lab-inj
				    java: /opt/jdk/bin/java
				""")).hasMessageContaining("line 6, field 'injectors[0].java': only for an injector placed over ssh");
		// Another host's 127.0.0.1 is not this machine's; ssh to this machine's own loopback reaches it.
		assertThatThrownBy(() -> read("""
				deployment: bare
				injectors:
				  - name: far
				    ssh: lab@10.0.0.9
				""")).hasMessageContaining("line 3, field 'injectors[0]'").hasMessageContaining("its own loopback");
		assertThat(read("""
				deployment: bare
				injectors:
				  - name: here
				    ssh: lab@127.0.0.1:2222
				""").injector().placement()).isEqualTo(InjectorHost.Placement.SSH);
	}

	@Test
	void severalInjectorsEachNamingTheRegionsItSends() throws IOException {
		Topology topology = read("""
				deployment: bare
				injectors:
				  - name: near
				    local: true
				    regions: [japan]
				  - name: far
				    local: true
				    regions: [northeurope, canada]
				""");
		assertThat(topology.injectors()).extracting(InjectorHost::name).containsExactly("near", "far");
		assertThat(topology.injectors().get(1).regions()).containsExactly("northeurope", "canada");
		assertThat(topology.injector().name()).isEqualTo("near");
	}

	@Test
	void anInjectorInANamespaceWrapsItsCommand() {
		InjectorHost apart = new InjectorHost("apart", InjectorHost.Placement.NAMESPACE, "lab-inj");
		assertThat(apart.wrap(java.util.List.of("java", "-version"))).containsExactly("ip", "netns", "exec", "lab-inj", "java",
				"-version");
		assertThat(InjectorHost.LOCAL.wrap(java.util.List.of("java"))).containsExactly("java");
	}

	@Test
	void aJavaTooOldForTheGeneratorIsNamedBeforeAnyLoad() {
		assertThat(InjectorHost.javaVersion("    java.specification.version = 17\n    java.vendor = Debian")).isEqualTo(17);
		assertThat(InjectorHost.javaVersion("    java.specification.version = 25\n")).isEqualTo(25);
		assertThat(InjectorHost.javaVersion("bash: java: command not found")).isZero();
	}

	@Test
	void aNamespaceThatDoesNotExistFailsBeforeAnyLoad() {
		InjectorHost missing = new InjectorHost("apart", InjectorHost.Placement.NAMESPACE, "lab-no-such-namespace");
		assertThatThrownBy(() -> missing.check(java.util.List.of("http://10.0.0.1:8080")))
			.hasMessageContaining("no network namespace 'lab-no-such-namespace'");
	}

	@Test
	void aRegionsLinkChangesWhatItNamesOfTheStudysAndLossIsRefusedWithTheReason() throws IOException {
		Topology topology = read("""
				deployment: bare
				regions:
				  japan:
				    jitter: 5ms
				    bandwidth: 10mbit
				  canada:
				    round-trip: 250ms
				""");
		Link study = Link.of(Duration.ofMillis(78));
		assertThat(topology.regions().get("japan").applyTo(study))
			.isEqualTo(new Link(Duration.ofMillis(78), Duration.ofMillis(5), 1250));
		assertThat(topology.regions().get("canada").applyTo(Link.of(Duration.ofMillis(156)))).isEqualTo(Link.of(Duration.ofMillis(250)));
		assertThatThrownBy(() -> read("deployment: bare\nregions:\n  japan:\n    loss: 1%\n"))
			.hasMessageContaining("line 4, field 'regions.japan.loss': packet loss is not emulated");
		assertThatThrownBy(() -> read("deployment: bare\nregions:\n  japan:\n    bandwidth: fast\n"))
			.hasMessageContaining("line 4, field 'regions.japan.bandwidth': a bandwidth such as 10mbit");
		assertThatThrownBy(() -> read("deployment: bare\nregions:\n  japan:\n    jitter: 5\n"))
			.hasMessageContaining("line 4, field 'regions.japan.jitter': a duration such as 40ms");
		assertThatThrownBy(() -> read("deployment: bare\nregions:\n  japan: {}\n"))
			.hasMessageContaining("line 3, field 'regions.japan': at least one of round-trip, jitter, bandwidth");
	}

	@Test
	void theTopologyFilesTheProjectShipsAreReadAsTheySay() {
		Path project = Path.of("..").toAbsolutePath().normalize();
		Topology fullScale = TopologyFile.read(project.resolve("ops/topology/seed-000-full-scale.yml"), this.services, project);
		assertThat(fullScale.kind()).isEqualTo(Kind.EXTERNAL);
		assertThat(fullScale.service("meals-rest").http()).isEqualTo("http://192.0.2.10:" + this.services.port("MEALS_REST_PORT"));
		assertThat(fullScale.injectors()).extracting(InjectorHost::name).containsExactly("northeurope", "canada", "japan");
		assertThat(fullScale.injectors()).extracting(InjectorHost::placement).containsOnly(InjectorHost.Placement.SSH);
		assertThat(fullScale.injectors().get(2).regions()).containsExactly("japan");
		assertThat(TopologyFile.read(project.resolve("ops/topology/seed-000-regions.yml"), this.services, project).injectors())
			.extracting(InjectorHost::regions)
			.containsExactly(List.of("japan"), List.of("canada"), List.of("northeurope"));
		for (String file : List.of("apart.yml", "kubernetes.yml")) {
			assertThat(TopologyFile.read(project.resolve("ops/topology").resolve(file), this.services, project).kind())
				.isEqualTo(Kind.EXTERNAL);
		}
	}

	@Test
	void aJobOfInjectorsRunsOnTheLabsClusterAloneItsPodsCountedAndItsImageTheLoadGenerators() throws IOException {
		Topology topology = read("""
				deployment: kubernetes
				injectors:
				  - name: injectors
				    job: 2
				""");
		assertThat(topology.kind()).isEqualTo(Kind.KUBERNETES);
		assertThat(topology.injector()).isEqualTo(InjectorHost.job("injectors", InjectorHost.LOAD_GENERATOR_IMAGE, 2));
		assertThat(topology.injector().describe()).isEqualTo("injectors (an indexed Job of 2 pods of latency-lab/load-generator:dev)");
		assertThat(read("deployment: kubernetes\ninjectors:\n  - name: far\n    job: 3\n    image: registry.example.com/lg:1\n")
			.injector()
			.where()).isEqualTo("registry.example.com/lg:1");
		assertThatThrownBy(() -> read("deployment: bare\ninjectors:\n  - name: injectors\n    job: 2\n"))
			.hasMessageContaining("line 4, field 'injectors[0].job'")
			.hasMessageContaining("deployment: kubernetes");
		assertThatThrownBy(() -> read("deployment: kubernetes\ninjectors:\n  - name: injectors\n    job: none\n"))
			.hasMessageContaining("how many pods, 1 to 64, not 'none'");
		assertThatThrownBy(() -> read("deployment: kubernetes\ninjectors:\n  - name: a\n    job: 2\n  - name: b\n    local: true\n"))
			.hasMessageContaining("leave the other injectors out");
		assertThatThrownBy(() -> read("deployment: kubernetes\ninjectors:\n  - name: a\n    local: true\n    image: x\n"))
			.hasMessageContaining("only for a Job of injectors");
		assertThatThrownBy(() -> read("deployment: kubernetes\ninjectors:\n  - name: a\n    job: 2\n    regions: [japan]\n"))
			.hasMessageContaining("a region is sent by an injector of its own");
	}

	@Test
	void aPodIsDrivenThroughKubectlExecInItsContextAndNamespace() {
		InjectorHost pod = InjectorHost.pod("injectors-1", Optional.of("arn:aws:eks:eu-west-1:1:cluster/lab"), "lab-ci",
				"injectors-1-x2x9z");
		assertThat(pod.wrap(List.of("java", "-version"))).containsExactly("kubectl",
				"--context=arn:aws:eks:eu-west-1:1:cluster/lab", "--namespace=lab-ci", "exec", "-i", "injectors-1-x2x9z", "--",
				"java", "-version");
		assertThat(InjectorHost.pod("p", Optional.empty(), "latency-lab", "p-0-abc").wrap(List.of("tar", "-cf", "-")))
			.containsExactly("kubectl", "--namespace=latency-lab", "exec", "-i", "p-0-abc", "--", "tar", "-cf", "-");
		assertThat(pod.describe()).isEqualTo("injectors-1 (a Gatling JVM in the pod injectors-1-x2x9z, kubectl exec)");
	}

	private Topology read(String yaml) throws IOException {
		Path file = this.dir.resolve("topology.yml");
		Files.writeString(file, yaml);
		return TopologyFile.read(file, this.services, PROJECT);
	}

}
