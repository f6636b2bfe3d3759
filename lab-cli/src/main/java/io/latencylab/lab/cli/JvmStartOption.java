package io.latencylab.lab.cli;

import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.ComposeDeployment;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.JvmStart;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The commands that start services: whether bare ones start from the cache ./lab aot-cache records, and
 * compose's from the one their image recorded when built.
 */
final class JvmStartOption {

	@Option(names = "--no-aot-cache",
			description = "The services start cold: bare ones without the start-up cache that ./lab aot-cache records "
					+ "(default: from it, where one was recorded for the jar and this JDK), compose's without the one "
					+ "their image recorded when it was built.")
	boolean noAotCache;

	/** The deployment, told to start its services cold when asked; a usage error for one the lab does not start bare. */
	Deployment apply(Deployment deployment, CommandLine commandLine) {
		if (this.noAotCache) {
			switch (deployment) {
				case BareDeployment bare -> bare.jvmStart(JvmStart.COLD);
				case ComposeDeployment compose -> compose.startCold();
				default -> throw new CommandLine.ParameterException(commandLine,
						"--no-aot-cache is for services the lab starts itself (bare or compose); this deployment is "
								+ deployment.mode());
			}
		}
		return deployment;
	}

}
