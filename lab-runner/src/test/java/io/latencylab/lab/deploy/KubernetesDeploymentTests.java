package io.latencylab.lab.deploy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What up reads of the cluster while it waits, and what it sends to kubectl. */
class KubernetesDeploymentTests {

	private static JsonNode json(String text) {
		return JsonMapper.shared().readTree(text.replace('\'', '"'));
	}

	private static final JsonNode CATALOG_STARTING = json("""
			{'items': [{'metadata': {'name': 'catalog-service-5d9c7-x2x4q'},
			  'spec': {'nodeName': 'node-1', 'containers': [{'image': 'latency-lab/catalog-service:dev'}]},
			  'status': {'phase': 'Pending', 'containerStatuses': [{'image': 'latency-lab/catalog-service:dev', 'ready': false,
			    'state': {'waiting': {'reason': 'ContainerCreating'}}}]}}]}""");

	@Test
	void aWorkloadIsRolledOutWhenItsCurrentGenerationHasEveryReplicaReady() {
		JsonNode workloads = json("""
				{'items': [
				 {'metadata': {'name': 'catalog-service', 'generation': 2}, 'spec': {'replicas': 1},
				  'status': {'observedGeneration': 2, 'readyReplicas': 0, 'updatedReplicas': 1}},
				 {'metadata': {'name': 'postgres', 'generation': 1}, 'spec': {'replicas': 1},
				  'status': {'observedGeneration': 1, 'readyReplicas': 1, 'updatedReplicas': 1}}]}""");
		Rollout rollout = Rollout.of(workloads, CATALOG_STARTING);
		assertThat(rollout.done()).isFalse();
		assertThat(rollout.describe()).isEqualTo("1 of 2 rolled out; waiting: catalog-service 0/1 (ContainerCreating)");
		assertThat(rollout.imageFailures()).isEmpty();
		JsonNode ready = json("""
				{'items': [{'metadata': {'name': 'catalog-service', 'generation': 2}, 'spec': {'replicas': 1},
				  'status': {'observedGeneration': 2, 'readyReplicas': 1, 'updatedReplicas': 1}}]}""");
		assertThat(Rollout.of(ready, json("{'items': []}")).done()).isTrue();
		JsonNode stale = json("""
				{'items': [{'metadata': {'name': 'catalog-service', 'generation': 3}, 'spec': {'replicas': 1},
				  'status': {'observedGeneration': 2, 'readyReplicas': 1, 'updatedReplicas': 1}}]}""");
		assertThat(Rollout.of(stale, json("{'items': []}")).done()).isFalse();
		assertThat(Rollout.of(json("{'items': []}"), json("{'items': []}")).done()).isFalse();
	}

	@Test
	void aPodWhoseImageCannotReachItsNodeIsNamedWithTheImage() {
		JsonNode pods = json("""
				{'items': [{'metadata': {'name': 'meals-soap-7f-abcde'},
				  'status': {'phase': 'Pending', 'containerStatuses': [{'image': 'latency-lab/meals-soap:dev',
				    'state': {'waiting': {'reason': 'ErrImageNeverPull'}}}]}}]}""");
		assertThat(Rollout.of(json("{'items': []}"), pods).imageFailures())
			.containsExactly("pod meals-soap-7f-abcde cannot get its image latency-lab/meals-soap:dev (ErrImageNeverPull)");
	}

	@Test
	void anotherNamespaceIsAKustomizationAroundTheOverlayByItsRelativePath() {
		assertThat(KubernetesDeployment.inNamespace(Path.of("/tmp/lab-k8s-1"), Path.of("/work/lab/ops/k8s/overlays/single-node"),
				"lab-ci"))
			.isEqualTo("""
					apiVersion: kustomize.config.k8s.io/v1beta1
					kind: Kustomization
					namespace: lab-ci
					resources:
					  - ../../work/lab/ops/k8s/overlays/single-node
					""");
	}

	@Test
	void kubectlNamesTheContextWhenGivenAndTheNamespaceAlways() {
		assertThat(new Kubectl(Optional.of("kind-lab"), "lab-ci").command("get", "pods"))
			.containsExactly("kubectl", "--context=kind-lab", "--namespace=lab-ci", "get", "pods");
		assertThat(new Kubectl(Optional.empty(), Kubectl.NAMESPACE).command("get", "pods"))
			.containsExactly("kubectl", "--namespace=latency-lab", "get", "pods");
		assertThatThrownBy(() -> new Kubectl(Optional.empty(), "Lab_CI")).hasMessageContaining("'Lab_CI' is no namespace name");
	}

	@Test
	void podsReachEveryTargetOnThisMachinesLoopbackThroughTheServiceThatPublishesItsPort() {
		Map<Integer, String> byPort = KubernetesDeployment.servicesByPort(json("""
				{'items': [{'metadata': {'name': 'frontend-service'}, 'spec': {'ports': [{'name': 'http', 'port': 8093}]}},
				  {'metadata': {'name': 'azurite'}, 'spec': {'ports': [{'port': 10000}, {'port': 10001}]}}]}"""));
		assertThat(byPort).containsExactly(Map.entry(8093, "frontend-service"), Map.entry(10000, "azurite"),
				Map.entry(10001, "azurite"));
		Map<String, String> seen = KubernetesDeployment.fromPods(Map.of("lab.toystore.url", "http://127.0.0.1:8093",
				"lab.azurite.queue.url", "http://localhost:10001/devstoreaccount1", "lab.elsewhere.url", "http://10.0.0.9:8093",
				"lab.reference.url", "http://127.0.0.1:41235/rest"), byPort);
		assertThat(seen).containsEntry("lab.toystore.url", "http://frontend-service:8093")
			.containsEntry("lab.azurite.queue.url", "http://azurite:10001/devstoreaccount1")
			// Anything else as it was: another host, or a port no Service publishes.
			.containsEntry("lab.elsewhere.url", "http://10.0.0.9:8093")
			.containsEntry("lab.reference.url", "http://127.0.0.1:41235/rest");
	}

	@Test
	void theInjectorJobIsIndexedAsManyPodsAtOnceAsItCompletesNoneRetriedAndBoundedInTime() {
		JsonNode job = JsonMapper.shared()
			.readTree(InjectorJob.manifest(io.latencylab.lab.topology.InjectorHost.job("injectors", "lg:dev", 2)));
		assertThat(job.path("kind").asString()).isEqualTo("Job");
		assertThat(job.path("metadata").path("name").asString()).isEqualTo("injectors");
		JsonNode spec = job.path("spec");
		assertThat(spec.path("completionMode").asString()).isEqualTo("Indexed");
		assertThat(spec.path("completions").asInt()).isEqualTo(2);
		assertThat(spec.path("parallelism").asInt()).isEqualTo(2);
		assertThat(spec.path("backoffLimit").asInt()).isZero();
		assertThat(spec.path("activeDeadlineSeconds").asLong()).isEqualTo(6 * 3600);
		JsonNode pod = spec.path("template").path("spec");
		assertThat(pod.path("restartPolicy").asString()).isEqualTo("Never");
		assertThat(pod.path("containers").path(0).path("image").asString()).isEqualTo("lg:dev");
		assertThat(spec.path("template").path("metadata").path("labels").path("app.kubernetes.io/part-of").asString())
			.isEqualTo("latency-lab");
	}

	@Test
	void theHostPortsToCheckBeforeAnUpAreThoseTheManifestsPublish() {
		String manifests = """
				apiVersion: apps/v1
				kind: Deployment
				spec:
				  template:
				    spec:
				      containers:
				      - name: catalog-service
				        ports:
				        - containerPort: 8084
				          hostIP: 127.0.0.1
				          hostPort: 8084
				        - containerPort: 9094
				      - name: jaeger
				        ports: [{ containerPort: 16686, hostPort: 16686, hostIP: 127.0.0.1 }]
				""";
		assertThat(KubernetesDeployment.hostPorts(manifests)).containsOnlyKeys(8084, 16686);
		assertThat(KubernetesDeployment.hostPorts("kind: Service\nspec:\n  ports:\n  - port: 8084\n")).isEmpty();
	}

}
