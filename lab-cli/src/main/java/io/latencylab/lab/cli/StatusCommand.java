package io.latencylab.lab.cli;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.ComposeDeployment;
import io.latencylab.lab.deploy.ComposeSetup;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.KubernetesDeployment;
import io.latencylab.lab.run.Warmth;
import io.latencylab.lab.run.WarmthStatus;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "status", mixinStandardHelpOptions = true,
		description = { "Show which bare services run and are ready; with --compose, each service's container and whether it is "
				+ "ready, then the project's other containers; with --kubernetes, each pod of the lab's namespace.",
				"Then how warm each service is (warm, warming, or only ready, with its JIT's time over 5 s) and each "
						+ "warm-up target's last verdict, and whether it still holds (see docs/warm-up.md)." })
final class StatusCommand implements Callable<Integer> {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@CommandLine.Option(names = "--compose", description = "The lab under docker compose (docker-compose.yml's project).")
	boolean compose;

	@CommandLine.Mixin
	KubernetesOptions cluster = new KubernetesOptions();

	@Override
	public Integer call() throws Exception {
		try {
			this.cluster.check(this.compose, false);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), ex.getMessage());
		}
		Deployment deployment;
		Map<String, String> status;
		boolean answering;
		if (this.cluster.kubernetes) {
			KubernetesDeployment cluster = this.cluster.deployment();
			deployment = cluster;
			status = cluster.status();
			answering = deployment.isUp();
		}
		else if (this.compose) {
			ComposeDeployment containers = Lab.compose(List.of(), ComposeSetup.AS_SHIPPED);
			deployment = containers;
			status = containers.status();
			// Compose may run only some of the services (--services): their warmth all the same.
			answering = status.values().stream().anyMatch((state) -> state.startsWith(ComposeDeployment.READY));
		}
		else {
			BareDeployment bare = Lab.bare();
			deployment = bare;
			status = bare.status();
			answering = deployment.isUp();
		}
		status.forEach((name, state) -> System.out.println(name + ": " + state));
		if (answering) {
			WarmthStatus.lines(deployment.topology(), Warmth.of(Lab.PROJECT)).forEach(System.out::println);
		}
		return 0;
	}

}
