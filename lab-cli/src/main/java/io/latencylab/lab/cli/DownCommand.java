package io.latencylab.lab.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "down", mixinStandardHelpOptions = true, description = "Stop the lab that 'up' started.")
final class DownCommand implements Callable<Integer> {

	@CommandLine.Mixin
	DeploymentOptions options = new DeploymentOptions();

	@Override
	public Integer call() throws Exception {
		this.options.deployment().down();
		return 0;
	}

}
