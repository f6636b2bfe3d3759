package io.latencylab.lab.cli;

import java.util.concurrent.Callable;

import io.latencylab.lab.topology.Topology;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

@Command(name = "topology", mixinStandardHelpOptions = true,
		description = { "Print a topology as a topology file says it, every default written out: where each service "
				+ "answers, where its spans and metrics are read, where the load generator runs.",
				"Without options: bare, as ./lab run uses it. Copy it to describe services that run elsewhere "
						+ "(deployment: external), then check it with --topology FILE." })
final class TopologyCommand implements Callable<Integer> {

	@CommandLine.Mixin
	DeploymentOptions options = new DeploymentOptions();

	@Override
	public Integer call() {
		Topology topology = (this.options.topology != null) ? this.options.topology()
				: this.options.deployment().topology();
		System.out.println("# " + topology.name() + " (./lab topology" + (this.options.compose ? " --compose" : "")
				+ (this.options.topology != null ? " --topology " + this.options.topology : "") + ")");
		if (topology.kind() != Topology.Kind.EXTERNAL) {
			System.out.println("# For services started elsewhere, copy this with 'deployment: external' and change what differs;");
			System.out.println("# a bare or compose topology file names only its injectors (see ops/topology/README.md).");
		}
		System.out.print(YAMLMapper.builder()
			.disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
			.enable(YAMLWriteFeature.MINIMIZE_QUOTES)
			.build()
			.writeValueAsString(topology.asYaml(Lab.PROJECT)));
		return 0;
	}

}
