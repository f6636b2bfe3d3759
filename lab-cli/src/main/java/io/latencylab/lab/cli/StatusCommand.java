package io.latencylab.lab.cli;

import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "status", mixinStandardHelpOptions = true,
		description = "Show which bare services run and are ready; with --kubernetes, each pod of the lab's namespace.")
final class StatusCommand implements Callable<Integer> {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@CommandLine.Mixin
	KubernetesOptions cluster = new KubernetesOptions();

	@Override
	public Integer call() throws Exception {
		try {
			this.cluster.check(false, false);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), ex.getMessage());
		}
		Map<String, String> status = this.cluster.kubernetes ? this.cluster.deployment().status() : Lab.bare().status();
		status.forEach((name, state) -> System.out.println(name + ": " + state));
		return 0;
	}

}
