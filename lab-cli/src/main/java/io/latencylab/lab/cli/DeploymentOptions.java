package io.latencylab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import io.latencylab.lab.deploy.ComposeSetup;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ExternalDeployment;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.topology.TopologyFile;
import io.latencylab.plan.Services;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Options shared by the commands that choose a deployment. */
final class DeploymentOptions {

	@Option(names = "--compose", description = "Use docker compose instead of bare JVMs.")
	boolean compose;

	@Option(names = "--services", split = ",", paramLabel = "SERVICE",
			description = "The services up and run start and down stops (default: all; a bare run: those its steps send to, "
					+ "when each step says where), with the services they call "
					+ "(docker-compose.yml's depends_on): a study's own, without the other JVMs beside them. Bare, a system a "
					+ "study sets beside a service (a cache in front of a store, an emulator) starts and stops with that "
					+ "service; with --compose, up starts the compose services named and down stops the whole project.")
	List<String> services = new ArrayList<>();

	@Option(names = "--topology", paramLabel = "FILE",
			description = "Where the services answer and where the load generator runs (see ops/topology/README.md); "
					+ "with deployment: external the lab starts and stops nothing. Default: bare (or --compose) on this "
					+ "machine, as ./lab topology prints it.")
	Path topology;

	@CommandLine.Mixin
	KubernetesOptions cluster = new KubernetesOptions();

	/** The command these options belong to, for its usage error. */
	@CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
	CommandLine.Model.CommandSpec command;

	/**
	 * The deployment for a run that sends to {@code needed} ({@link io.latencylab.plan.Plan#servicesNeeded}):
	 * bare without --services, only those services and the ones they call, as the other JVMs would only
	 * start and idle beside the ones measured; otherwise as {@link #deployment()}.
	 */
	Deployment deploymentFor(Optional<Set<String>> needed) {
		if (startsOnly(needed)) {
			List<String> only = needed.orElseThrow().stream().sorted().toList();
			System.out.println("This run sends to " + String.join(", ", only)
					+ ": the lab needs those and the services they call (--services names others)");
			return deployment(only);
		}
		return deployment();
	}

	/** Whether a run that sends to {@code needed} starts only those: bare, without --services, when known. */
	boolean startsOnly(Optional<Set<String>> needed) {
		return startsOnly(needed, Lab.PROJECT);
	}

	/**
	 * As {@link #startsOnly(Optional)} in {@code project}: only where its docker-compose.yml says what
	 * each service calls (a study's module run on its own has none), as the bare lab reads it there.
	 */
	boolean startsOnly(Optional<Set<String>> needed, Path project) {
		return this.services.isEmpty() && !this.compose && this.topology == null && !this.cluster.kubernetes
				&& needed.filter((names) -> !names.isEmpty()).isPresent()
				&& Files.isRegularFile(project.resolve("docker-compose.yml"));
	}

	/** The deployment these options name; a usage error (exit 2) when they contradict each other. */
	Deployment deployment() {
		return deployment(this.services);
	}

	/** As {@link #deployment()}, with {@code services} in place of the option's (which stays as given). */
	private Deployment deployment(List<String> services) {
		try {
			return named(services);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(this.command.commandLine(), ex.getMessage());
		}
	}

	private Deployment named(List<String> services) {
		this.cluster.check(this.compose || this.topology != null, !services.isEmpty());
		if (this.cluster.kubernetes) {
			return this.cluster.deployment();
		}
		if (this.topology == null) {
			return Lab.deployment(this.compose, services);
		}
		if (this.compose) {
			throw new IllegalArgumentException("--topology names the deployment (its 'deployment:'): leave --compose out");
		}
		Topology topology = topology();
		return switch (topology.kind()) {
			case BARE -> Lab.bare();
			case COMPOSE -> Lab.compose(services, ComposeSetup.AS_SHIPPED);
			case EXTERNAL -> new ExternalDeployment(Services.find(Lab.PROJECT), topology);
			case KUBERNETES -> this.cluster.deployment();
		};
	}

	/**
	 * Refuses a run whose steps send to a service it does not start ({@code started}: all unless
	 * --services named some), before anything starts rather than when that step comes.
	 */
	static void refuseUnstarted(CommandLine cli, Map<String, Set<String>> servicesByStep, Predicate<String> started) {
		Map<String, List<String>> stepsByService = new LinkedHashMap<>();
		servicesByStep.forEach((step, services) -> services.stream()
			.filter(started.negate())
			.forEach((service) -> stepsByService.computeIfAbsent(service, (s) -> new ArrayList<>()).add(step)));
		if (!stepsByService.isEmpty()) {
			List<String> missing = new ArrayList<>();
			stepsByService.forEach((service, steps) -> missing.add(service + " (" + String.join(", ", steps) + ")"));
			throw new CommandLine.ParameterException(cli, "--services: this run would not start " + String.join(", ", missing)
					+ ": name them there, or choose --steps that need only the services named");
		}
	}

	/** How to stop what up started: the options that name this deployment again. */
	String stopWith() {
		return this.compose ? " --compose" : this.cluster.stopWith();
	}

	/** The topology file's, read afresh (it is small); null without --topology. */
	Topology topology() {
		return (this.topology == null) ? null : TopologyFile.read(this.topology, Services.find(Lab.PROJECT), Lab.PROJECT);
	}

	/** Where the load generators run: the topology file's injectors, or the deployment's own (one, on this machine). */
	List<InjectorHost> injectors(Deployment deployment) {
		return (this.topology == null) ? deployment.topology().injectors() : topology().injectors();
	}

}
