package io.latencylab.lab.deploy;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.latencylab.lab.topology.InjectorHost;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A run's load generators as an indexed Job on the lab's cluster: N pods of the load generator's
 * image, each idle until the runner drives it over kubectl exec (one Gatling JVM a pod, for the
 * whole run, as an injector over ssh), each its index's share of a step's clients. Started ready,
 * every pod named by its index; closing it deletes the Job and waits until its pods are gone.
 *
 * @param pods the Job's pods as injectors, by index: NAME-0, NAME-1, …
 */
public record InjectorJob(Kubectl kubectl, String name, List<InjectorHost> pods) implements AutoCloseable {

	/** How long the pods may take to be ready (their image on the node: seconds). */
	static final Duration READY = Duration.ofMinutes(3);

	/** A bound on a Job that outlives its run (a runner killed with SIGKILL): the cluster ends it then. */
	static final Duration DEADLINE = Duration.ofHours(6);

	/** Starts {@code job} (an injector placed as a Job) in the kubectl's namespace; returns once every pod is ready. */
	public static InjectorJob start(Kubectl kubectl, InjectorHost job) throws IOException, InterruptedException {
		if (job.placement() != InjectorHost.Placement.JOB) {
			throw new IllegalArgumentException(job.name() + " is no Job");
		}
		// A Job of the same name left by a run that was killed: gone before this one starts.
		kubectl.run(Duration.ofMinutes(2), "delete", "job", job.name(), "--ignore-not-found", "--cascade=foreground",
				"--wait=true", "--timeout=90s");
		long start = System.nanoTime();
		System.out.printf(Locale.ROOT, "Starting the Job %s: %d pods of %s (namespace %s)%n", job.name(), job.pods(),
				job.where(), kubectl.namespace());
		kubectl.run(manifest(job), Duration.ofMinutes(1), "apply", "-f", "-");
		InjectorJob started = new InjectorJob(kubectl, job.name(), List.of());
		try {
			List<String> pods = waitForPods(kubectl, job, start);
			List<InjectorHost> injectors = new ArrayList<>();
			for (int index = 0; index < pods.size(); index++) {
				injectors.add(InjectorHost.pod(job.name() + "-" + index, kubectl.namedContext(), kubectl.namespace(),
						pods.get(index)));
			}
			System.out.printf(Locale.ROOT, "The Job's %d pods ready after %d s: %s%n", pods.size(),
					Duration.ofNanos(System.nanoTime() - start).toSeconds(), String.join(", ", pods));
			return new InjectorJob(kubectl, job.name(), List.copyOf(injectors));
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			started.close();
			throw ex;
		}
	}

	/**
	 * The Job: Indexed, as many pods at once as it completes, none retried; each pod waits, as the
	 * image's user, to be driven, and ends at once on SIGTERM (sleep as process 1 would ignore it).
	 */
	static String manifest(InjectorHost job) {
		Map<String, Object> labels = Map.of("app.kubernetes.io/name", "load-generator", "app.kubernetes.io/part-of",
				"latency-lab", "app.kubernetes.io/instance", job.name());
		Map<String, Object> container = Map.of("name", "load-generator", "image", job.where(), "imagePullPolicy",
				"IfNotPresent", "command",
				List.of("sh", "-c", "trap 'exit 0' TERM; sleep " + DEADLINE.toSeconds() + " & wait"));
		Map<String, Object> pod = Map.of("restartPolicy", "Never", "terminationGracePeriodSeconds", 5, "enableServiceLinks",
				false, "containers", List.of(container));
		Map<String, Object> spec = new TreeMap<>(Map.of("completionMode", "Indexed", "completions", job.pods(), "parallelism",
				job.pods(), "backoffLimit", 0, "activeDeadlineSeconds", DEADLINE.toSeconds(), "template",
				Map.of("metadata", Map.of("labels", labels), "spec", pod)));
		return JsonMapper.shared()
			.writeValueAsString(Map.of("apiVersion", "batch/v1", "kind", "Job", "metadata",
					Map.of("name", job.name(), "labels", labels), "spec", spec));
	}

	/** Each pod's name by its completion index, once all of them are ready; fails naming an image no pod can get. */
	private static List<String> waitForPods(Kubectl kubectl, InjectorHost job, long start)
			throws IOException, InterruptedException {
		long deadline = start + READY.toNanos();
		while (true) {
			JsonNode pods = JsonMapper.shared()
				.readTree(kubectl.run(Duration.ofSeconds(30), "get", "pods", "--selector=job-name=" + job.name(), "--output=json"));
			Map<Integer, String> ready = new TreeMap<>();
			for (JsonNode pod : pods.path("items")) {
				for (JsonNode container : pod.path("status").path("containerStatuses")) {
					String reason = container.path("state").path("waiting").path("reason").asString("");
					if (Rollout.IMAGE_FAILURES.contains(reason)) {
						throw new IllegalStateException("the Job " + job.name() + "'s pod cannot get its image " + job.where() + " ("
								+ reason + "): build it (docker compose build load-generator) and bring it to the node as "
								+ "the services' images (docs/deploying.md)");
					}
					if (container.path("ready").asBoolean()) {
						String index = pod.path("metadata").path("labels").path("batch.kubernetes.io/job-completion-index")
							.asString(pod.path("metadata").path("annotations").path("batch.kubernetes.io/job-completion-index").asString(""));
						if (!index.isEmpty()) {
							ready.put(Integer.parseInt(index), pod.path("metadata").path("name").asString());
						}
					}
				}
			}
			if (ready.size() == job.pods()) {
				return List.copyOf(ready.values());
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("the Job " + job.name() + " had " + ready.size() + " of " + job.pods()
						+ " pods ready after " + READY.toMinutes() + " min (kubectl --namespace " + kubectl.namespace()
						+ " describe pods --selector=job-name=" + job.name() + ")");
			}
			Thread.sleep(1000);
		}
	}

	/** Deletes the Job and waits until its pods are gone. */
	@Override
	public void close() throws IOException, InterruptedException {
		this.kubectl.run(Duration.ofMinutes(2), "delete", "job", this.name, "--ignore-not-found", "--cascade=foreground",
				"--wait=true", "--timeout=90s");
		System.out.println("Deleted the Job " + this.name + " and its pods");
	}

}
