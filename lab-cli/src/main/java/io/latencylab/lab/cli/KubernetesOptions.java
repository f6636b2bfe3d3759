package io.latencylab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import io.latencylab.lab.deploy.Kubectl;
import io.latencylab.lab.deploy.KubernetesDeployment;
import picocli.CommandLine.Option;

/** The options that put the lab on a Kubernetes cluster: which one (kubectl's context), where in it, what to apply. */
final class KubernetesOptions {

	@Option(names = "--kubernetes",
			description = "Apply the lab's manifests (ops/k8s) to the cluster of your kubectl context and run there "
					+ "(see docs/deploying.md).")
	boolean kubernetes;

	@Option(names = "--context", paramLabel = "CONTEXT",
			description = "With --kubernetes: the kubeconfig's context (default: its current one; KUBECONFIG names the file).")
	String context;

	@Option(names = "--namespace", paramLabel = "NAME", description = "With --kubernetes: the namespace (default: "
			+ Kubectl.NAMESPACE + ").")
	String namespace;

	@Option(names = "--overlay", paramLabel = "DIR", description = "With --kubernetes: the kustomize overlay to apply, one that publishes the services on the "
			+ "node's loopback as the default does (" + KubernetesDeployment.SINGLE_NODE + ").")
	Path overlay;

	/**
	 * Checked before anything starts: the cluster's options only with --kubernetes, and it with no
	 * other deployment ({@code otherDeployment}) nor a choice of services ({@code someServices}).
	 */
	void check(boolean otherDeployment, boolean someServices) {
		if (this.kubernetes && otherDeployment) {
			throw new IllegalArgumentException("--kubernetes is a deployment of its own: leave --compose and --topology out");
		}
		if (!this.kubernetes && (this.context != null || this.namespace != null || this.overlay != null)) {
			throw new IllegalArgumentException("--context, --namespace and --overlay go with --kubernetes");
		}
		if (this.kubernetes && someServices) {
			throw new IllegalArgumentException("--services goes with --compose; --kubernetes applies the whole overlay");
		}
		if (this.overlay != null && !Files.isRegularFile(this.overlay.resolve("kustomization.yaml"))) {
			throw new IllegalArgumentException("--overlay " + this.overlay + " holds no kustomization.yaml");
		}
		if (this.namespace != null) {
			Kubectl.checkNamespace(this.namespace);
		}
	}

	KubernetesDeployment deployment() {
		return Lab.kubernetes(Optional.ofNullable(this.context), (this.namespace != null) ? this.namespace : Kubectl.NAMESPACE,
				(this.overlay != null) ? this.overlay.toAbsolutePath() : Lab.PROJECT.resolve(KubernetesDeployment.SINGLE_NODE));
	}

	/** The options that name this cluster again, for the command that stops it. */
	String stopWith() {
		if (!this.kubernetes) {
			return "";
		}
		return " --kubernetes" + ((this.context != null) ? " --context " + this.context : "")
				+ ((this.namespace != null) ? " --namespace " + this.namespace : "");
	}

}
