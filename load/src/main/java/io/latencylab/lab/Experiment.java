package io.latencylab.lab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A named plan of Gatling runs that reproduces (part of) a study.
 *
 * @param seed the study it reproduces ("000", "001", …), or "all" for the tour
 * @param warmUpOperations what the warm-up before the plan exercises (load module operation names)
 * @param warmUpDuration how long the warm-up lasts at laptop scale (at full scale: a minute)
 * @param plan the steps at laptop scale (false) or at the study's full scale (true)
 */
public record Experiment(String name, String seed, String summary, List<String> warmUpOperations, Duration warmUpDuration,
		Function<Boolean, List<Step>> plan) {

	public List<Step> steps(boolean full) {
		return this.plan.apply(full);
	}

	/** How long the plan should take: the warm-up and every step, each with its overhead. */
	public Duration estimate(boolean full) {
		List<Step> all = new ArrayList<>(steps(full));
		all.addFirst(warmUp(full));
		return Progress.estimate(all);
	}

	/** The step that warms the services' JIT up before the plan; it is run, kept, and left out of the report's figures. */
	public Step warmUp(boolean full) {
		Duration duration = full ? Duration.ofMinutes(1) : this.warmUpDuration;
		return new Step("warm-up", "WarmUpSimulation", Map.of("lab.warmup.duration", duration.toSeconds() + "s",
				"lab.warmup.operations", String.join(",", this.warmUpOperations)), duration);
	}

}
