package io.latencylab.lab.cli;

import java.time.Duration;

import io.latencylab.plan.Plan;
import io.latencylab.plan.WarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** `./lab run`'s warm-up: on by default, within a cap. */
final class RunWarmUpOptions {

	@Option(names = "--warm-up", negatable = true, defaultValue = "true", fallbackValue = "true",
			description = "Warm the services' JIT up before the plan (default), or not.")
	boolean warmUp = true;

	@Option(names = "--warm-cap", paramLabel = "DURATION",
			description = "The warm-up's cap (default 20m): targets the lab remembers warm are re-judged at their floor, "
					+ "cold ones warm until they settle, within it. A shorter one (150s) is a quick tour whose report may "
					+ "say it had not settled, and how each target moved; ./lab up --warm pays the warm-up once instead.")
	String warmCap;

	/** The plan with --warm-cap as its warm-up's cap, checked. */
	Plan capped(CommandLine cli, Plan plan) {
		if (this.warmCap == null) {
			return plan;
		}
		if (!this.warmUp || plan.warmUp().get(WarmUp.TARGETS) == null) {
			throw new CommandLine.ParameterException(cli, "--warm-cap: " + (this.warmUp
					? plan.name() + " warms up with a fixed step of its own, not by targets" : "there is no warm-up (--no-warm-up)"));
		}
		Duration cap = WarmOptions.duration(cli, "--warm-cap", this.warmCap, WarmUp.BUDGET);
		return new Plan(plan.name(), plan.seed(), plan.full(), plan.warmUp().toBuilder().set(WarmUp.BUDGET, cap).lasting(cap),
				plan.steps());
	}

}
