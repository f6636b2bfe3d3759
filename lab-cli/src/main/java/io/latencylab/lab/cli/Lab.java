package io.latencylab.lab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.ComposeDeployment;
import io.latencylab.lab.deploy.ComposeSetup;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.Kubectl;
import io.latencylab.lab.deploy.KubernetesDeployment;
import io.latencylab.lab.study.Studies;
import io.latencylab.plan.Services;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The lab's command line, started by ./lab at the project's root. */
@Command(name = "lab", mixinStandardHelpOptions = true, version = "latency-lab 0.1.0",
		description = { "Runs the services, reproduces the studies' experiments with Gatling, and explains their latency.",
				"Start with: ./lab run quick" },
		subcommands = { UpCommand.class, WarmCommand.class, DownCommand.class, AotCacheCommand.class, StatusCommand.class, RunCommand.class, ReportCommand.class,
				WhatIfCommand.class, MergeCommand.class, ListCommand.class, TopologyCommand.class, CommandLine.HelpCommand.class })
public final class Lab implements Runnable {

	/** The project's root: ./lab starts the runner there. */
	static final Path PROJECT = Path.of("").toAbsolutePath();

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	public static void main(String[] args) {
		System.exit(new CommandLine(new Lab()).setExecutionExceptionHandler((ex, cmd, parsed) -> {
			cmd.getErr().println(cmd.getColorScheme().errorText("error: " + ex.getMessage()));
			if (System.getenv("LAB_DEBUG") != null || ex.getMessage() == null) {
				ex.printStackTrace(cmd.getErr());
			}
			return 1;
		}).execute(args));
	}

	@Override
	public void run() {
		this.spec.commandLine().usage(System.out);
	}

	static Deployment deployment(boolean compose, List<String> services) {
		return compose ? compose(services, ComposeSetup.AS_SHIPPED) : bare().only(services);
	}

	/** The services as bare JVMs here, with every study's systems beside them. */
	static BareDeployment bare() {
		return new BareDeployment(PROJECT, Studies.systems());
	}

	/** The lab's manifests on the cluster of the user's kubectl context, in {@code namespace}. */
	static KubernetesDeployment kubernetes(Optional<String> context, String namespace, Path overlay) {
		return new KubernetesDeployment(PROJECT, Services.find(PROJECT), new Kubectl(context, namespace), overlay);
	}

	/** The services under compose, with every study's systems beside them. */
	static ComposeDeployment compose(List<String> services, ComposeSetup setup) {
		return new ComposeDeployment(PROJECT, services, setup, Studies.systems());
	}

}
