package io.latencylab.lab.cli;

import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.Deployment;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The commands that start bare services: whether they start from the cache ./lab aot-cache records. */
final class JvmStartOption {

	@Option(names = "--no-aot-cache",
			description = "Bare services start cold, without the start-up cache that ./lab aot-cache records (default: "
					+ "from it, where one was recorded for the jar and this JDK).")
	boolean noAotCache;

	/** The deployment, told to start its services cold when asked; a usage error for one the lab does not start bare. */
	Deployment apply(Deployment deployment, CommandLine commandLine) {
		if (this.noAotCache) {
			if (!(deployment instanceof BareDeployment bare)) {
				throw new CommandLine.ParameterException(commandLine,
						"--no-aot-cache is for bare services, which the lab starts itself; this deployment is " + deployment.mode());
			}
			bare.jvmStart(BareDeployment.JvmStart.COLD);
		}
		return deployment;
	}

}
