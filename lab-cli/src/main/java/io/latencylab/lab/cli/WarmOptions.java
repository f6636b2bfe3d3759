package io.latencylab.lab.cli;

import java.time.Duration;
import java.util.List;

import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import io.latencylab.observability.Convergence;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** What ./lab warm and ./lab up --warm warm: a study's warm-up targets, or targets of one's own; checked before anything starts. */
final class WarmOptions {

	@Option(names = "--study", paramLabel = "STUDY",
			description = "Warm what this study measures, at the clients its steps use (default: quick, every study's "
					+ "operations; see 'lab list').")
	String study;

	@Option(names = "--targets", split = ",", paramLabel = "OPERATION@CLIENTS",
			description = "Warm these instead, in this order: e.g. toy-query@5,toy-buy@1,rest-get (one client when no @).")
	List<String> targets;

	/** Longer than a run's: a lab warmed on its own is warmed to be measured by anything, for as long as it takes. */
	static final Duration DEFAULT_BUDGET = Duration.ofMinutes(5);

	@Option(names = "--budget", paramLabel = "DURATION",
			description = "The warm-up's time: past it each target left gets its floor of windows (3) and no more; each "
					+ "target gets at most 12 windows in any case. Default: 5m.")
	String budget;

	@Option(names = "--window", paramLabel = "DURATION", description = "One window's length (default: 5s).")
	String window;

	@Option(names = "--max-windows", paramLabel = "N",
			description = "The most windows a target gets before it is called not settled (default: 12; at least 3).")
	Integer maxWindows;

	/** Whether any of these options was given (up refuses them without --warm). */
	boolean given() {
		return this.study != null || this.targets != null || this.budget != null || this.window != null
				|| this.maxWindows != null;
	}

	/** The warm-up step asked for; a mistake is a ParameterException, before anything starts. */
	Step warmUp(CommandLine cli) {
		Step step;
		if (this.targets != null) {
			try {
				step = WarmUp.step(this.targets.stream().map(WarmUp.Target::parse).toList(), DEFAULT_BUDGET);
			}
			catch (IllegalArgumentException ex) {
				throw new CommandLine.ParameterException(cli, "--targets: " + ex.getMessage());
			}
		}
		else {
			String name = (this.study == null) ? "quick" : this.study;
			Study study = Studies.named(name)
				.orElseThrow(() -> new CommandLine.ParameterException(cli, "--study: unknown study '" + name + "'; one of "
						+ Studies.all().stream().map(Study::name).toList()));
			step = study.plan(false).warmUp();
			if (step.get(WarmUp.TARGETS) == null) {
				throw new CommandLine.ParameterException(cli, "--study: " + name + " warms up with a step of its own ("
						+ step.simulation() + "), not with targets: name --targets instead");
			}
		}
		Step.Builder builder = step.toBuilder();
		Duration budget = (this.budget == null) ? DEFAULT_BUDGET : duration(cli, "--budget", this.budget, WarmUp.BUDGET);
		Duration window = duration(cli, "--window", this.window, WarmUp.WINDOW);
		builder.set(WarmUp.BUDGET, budget);
		if (this.maxWindows != null) {
			if (this.maxWindows < Convergence.DEFAULT.minWindows()) {
				throw new CommandLine.ParameterException(cli, "--max-windows takes " + Convergence.DEFAULT.minWindows()
						+ " or more (the floor), not " + this.maxWindows);
			}
			builder.set(WarmUp.MAX_WINDOWS, this.maxWindows);
		}
		if (window != null) {
			builder.set(WarmUp.WINDOW, window);
		}
		return builder.lasting(budget);
	}

	private static Duration duration(CommandLine cli, String option, String text, Parameter<Duration> parameter) {
		if (text == null) {
			return null;
		}
		Duration value;
		try {
			value = parameter.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(cli, option + ": " + ex.getMessage());
		}
		if (value.isNegative() || value.isZero()) {
			throw new CommandLine.ParameterException(cli, option + " must be longer than nothing, got '" + text + "'");
		}
		return value;
	}

}
