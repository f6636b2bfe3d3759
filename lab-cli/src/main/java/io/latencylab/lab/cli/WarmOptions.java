package io.latencylab.lab.cli;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

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
			description = "Warm what this study measures, at the clients its steps use (default: the tour, every study's "
					+ "operations; see 'lab list').")
	String study;

	@Option(names = "--targets", split = ",", paramLabel = "OPERATION@CLIENTS",
			description = "Warm these instead, in this order: e.g. toy-query@5,toy-buy@1,rest-get (one client when no @).")
	List<String> targets;

	@Option(names = "--warm-cap", paramLabel = "DURATION",
			description = "The warm-up's cap: targets the lab remembers warm on the same service processes are re-judged at "
					+ "their floor (3 windows), cold ones warm until they settle; past the cap each target left gets its "
					+ "floor and no more. Default: 20m, what settling every target from cold takes on two cores, with room.")
	String cap;

	@Option(names = "--window", paramLabel = "DURATION", description = "One window's length (default: 5s).")
	String window;

	@Option(names = "--max-windows", paramLabel = "N",
			description = "The most windows a target gets before it is called not settled (default: 48; at least 3).")
	Integer maxWindows;

	/** Whether any of these options was given (up refuses them without --warm). */
	boolean given() {
		return this.study != null || this.targets != null || this.cap != null || this.window != null
				|| this.maxWindows != null;
	}

	/**
	 * The warm-up step asked for; a mistake is a ParameterException, before anything starts. A target
	 * must reach only services the lab runs ({@code started}: all of them unless --services named
	 * some); of the tour's targets, asked for by default, those that reach others are left out.
	 */
	Step warmUp(CommandLine cli, Predicate<String> started) {
		Step step;
		if (this.targets != null) {
			try {
				step = WarmUp.step(this.targets.stream().map(WarmUp.Target::parse).toList(), WarmUp.DEFAULT_CAP);
			}
			catch (IllegalArgumentException ex) {
				throw new CommandLine.ParameterException(cli, "--targets: " + ex.getMessage());
			}
		}
		else {
			String name = (this.study == null) ? Studies.tour().name() : this.study;
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
		List<WarmUp.Target> all = step.get(WarmUp.TARGETS);
		List<WarmUp.Target> unreached = all.stream().filter((target) -> !target.operation().services().stream().allMatch(started)).toList();
		if (!unreached.isEmpty()) {
			if (this.targets != null || this.study != null) {
				String missing = String.join("; ", unreached.stream()
					.map((target) -> target + " needs "
							+ String.join(" and ", target.operation().services().stream().filter(started.negate()).toList()))
					.toList());
				throw new CommandLine.ParameterException(cli, ((this.targets != null) ? "--targets" : "--study " + this.study)
						+ ": " + missing + ", which this lab does not run (--services): name it there, or warm other targets");
			}
			List<WarmUp.Target> reached = all.stream().filter((target) -> !unreached.contains(target)).toList();
			if (reached.isEmpty()) {
				throw new CommandLine.ParameterException(cli, "none of the tour's targets reaches only the services this lab runs "
						+ "(--services): name --targets");
			}
			builder.set(WarmUp.TARGETS, reached);
		}
		Duration cap = (this.cap == null) ? WarmUp.DEFAULT_CAP : duration(cli, "--warm-cap", this.cap, WarmUp.BUDGET);
		Duration window = duration(cli, "--window", this.window, WarmUp.WINDOW);
		builder.set(WarmUp.BUDGET, cap);
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
		return builder.lasting(cap);
	}

	static Duration duration(CommandLine cli, String option, String text, Parameter<Duration> parameter) {
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
