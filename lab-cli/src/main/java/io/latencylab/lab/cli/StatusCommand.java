package io.latencylab.lab.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

@Command(name = "status", mixinStandardHelpOptions = true, description = "Show which bare services run and are ready.")
final class StatusCommand implements Callable<Integer> {

	@Override
	public Integer call() {
		Lab.bare().status().forEach((name, state) -> System.out.println(name + ": " + state));
		return 0;
	}

}
