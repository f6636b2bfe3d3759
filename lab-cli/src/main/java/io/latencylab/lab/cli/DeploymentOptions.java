package io.latencylab.lab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.latencylab.lab.deploy.ComposeSetup;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ExternalDeployment;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.topology.TopologyFile;
import io.latencylab.plan.Services;
import picocli.CommandLine.Option;

/** Options shared by the commands that choose a deployment. */
final class DeploymentOptions {

	@Option(names = "--compose", description = "Use docker compose instead of bare JVMs.")
	boolean compose;

	@Option(names = "--services", split = ",", paramLabel = "SERVICE",
			description = "With --compose: the compose services it acts on: started by up and run, stopped by down (default: all).")
	List<String> services = new ArrayList<>();

	@Option(names = "--topology", paramLabel = "FILE",
			description = "Where the services answer and where the load generator runs (see ops/topology/README.md); "
					+ "with deployment: external the lab starts and stops nothing. Default: bare (or --compose) on this "
					+ "machine, as ./lab topology prints it.")
	Path topology;

	Deployment deployment() {
		if (this.topology == null) {
			return Lab.deployment(this.compose, this.services);
		}
		if (this.compose) {
			throw new IllegalArgumentException("--topology names the deployment (its 'deployment:'): leave --compose out");
		}
		Topology topology = topology();
		return switch (topology.kind()) {
			case BARE -> Lab.bare();
			case COMPOSE -> Lab.compose(this.services, ComposeSetup.AS_SHIPPED);
			case EXTERNAL -> new ExternalDeployment(Services.find(Lab.PROJECT), topology);
		};
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
