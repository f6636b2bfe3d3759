package io.latencylab.lab.deploy;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tools.jackson.databind.JsonNode;

/**
 * The lab's workloads and pods on Kubernetes at one instant: which still wait, and for what, and
 * which pods cannot get their image.
 */
record Rollout(List<String> waiting, List<String> imageFailures, int workloads) {

	/** How long up() waits for every rollout (the images' pulls included) before it gives up. */
	static final Duration ROLLOUT = Duration.ofMinutes(10);

	/** A pod waiting for one of these will not start by waiting longer. */
	static final List<String> IMAGE_FAILURES = List.of("ErrImagePull", "ImagePullBackOff", "ErrImageNeverPull", "InvalidImageName");


	static Rollout of(JsonNode workloads, JsonNode pods) {
		List<String> waiting = new ArrayList<>();
		for (JsonNode workload : workloads.path("items")) {
			int wanted = workload.path("spec").path("replicas").asInt(1);
			JsonNode status = workload.path("status");
			boolean current = status.path("observedGeneration").asLong() >= workload.path("metadata").path("generation").asLong();
			if (!current || status.path("readyReplicas").asInt(0) < wanted || status.path("updatedReplicas").asInt(0) < wanted) {
				waiting.add(workload.path("metadata").path("name").asString() + " " + status.path("readyReplicas").asInt(0) + "/"
						+ wanted + why(workload.path("metadata").path("name").asString(), pods));
			}
		}
		List<String> failures = new ArrayList<>();
		for (JsonNode pod : pods.path("items")) {
			for (JsonNode container : pod.path("status").path("containerStatuses")) {
				String reason = container.path("state").path("waiting").path("reason").asString("");
				if (IMAGE_FAILURES.contains(reason)) {
					failures.add("pod " + pod.path("metadata").path("name").asString() + " cannot get its image "
							+ container.path("image").asString() + " (" + reason + ")");
				}
			}
		}
		return new Rollout(waiting, failures, workloads.path("items").size());
	}

	/** What the workload's pod waits for, when it says: " (ContainerCreating)". */
	private static String why(String workload, JsonNode pods) {
		for (JsonNode pod : pods.path("items")) {
			if (!pod.path("metadata").path("name").asString().startsWith(workload + "-")) {
				continue;
			}
			for (JsonNode container : pod.path("status").path("containerStatuses")) {
				String reason = container.path("state").path("waiting").path("reason").asString("");
				if (!reason.isEmpty()) {
					return " (" + reason + ")";
				}
			}
			String phase = pod.path("status").path("phase").asString("");
			return phase.equals("Running") ? " (not ready yet)" : " (" + phase + ")";
		}
		return " (no pod yet)";
	}

	boolean done() {
		return this.workloads > 0 && this.waiting.isEmpty();
	}

	String describe() {
		return (this.workloads - this.waiting.size()) + " of " + this.workloads + " rolled out"
				+ (this.waiting.isEmpty() ? "" : "; waiting: " + String.join(", ", this.waiting));
	}


	/** Waits until every workload of the lab rolled out; fails at once on a pod that cannot get its image, or after {@link #ROLLOUT}. */
	static void awaitAll(Kubectl kubectl, long start) throws IOException, InterruptedException {
		long deadline = start + ROLLOUT.toNanos();
		String last = "";
		long lastPrinted = 0;
		while (true) {
			Rollout rollout = Rollout.of(kubectl.json("get", "deployments,statefulsets"), kubectl.json("get", "pods"));
			if (!rollout.imageFailures().isEmpty()) {
				throw new IllegalStateException(String.join("; ", rollout.imageFailures()) + ". The images reach a node "
						+ "from a registry it can pull from (ops/k8s/overlays/registry) or from its own image store: "
						+ "kind load docker-image, minikube image load, k3s ctr images import (docs/deploying.md)");
			}
			long now = System.nanoTime();
			if (rollout.done()) {
				return;
			}
			String progress = rollout.describe();
			if (!progress.equals(last) || now - lastPrinted > 15_000_000_000L) {
				System.out.printf(Locale.ROOT, "  %3d s  %s%n", Duration.ofNanos(now - start).toSeconds(), progress);
				last = progress;
				lastPrinted = now;
			}
			if (now > deadline) {
				throw new IllegalStateException("not rolled out after " + ROLLOUT.toMinutes() + " min: " + progress
						+ " (kubectl --namespace " + kubectl.namespace() + " describe pods)");
			}
			Thread.sleep(2000);
		}
	}

}
