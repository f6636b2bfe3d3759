package io.latencylab.lab;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A named plan of Gatling runs that reproduces (part of) a study.
 *
 * @param seed the study it reproduces ("000", "001", …), or "all" for the tour
 * @param warmUpOperations what the warm-up before the plan exercises (load module operation names)
 * @param plan the steps at laptop scale (false) or at the study's full scale (true)
 */
public record Experiment(String name, String seed, String summary, List<String> warmUpOperations,
		Function<Boolean, List<Step>> plan) {

	public List<Step> steps(boolean full) {
		return this.plan.apply(full);
	}

	/** The step that warms the services' JIT up before the plan; it is run, kept, and left out of the report's figures. */
	public Step warmUp(boolean full) {
		Duration duration = full ? Duration.ofSeconds(60) : this.name.equals("quick") ? Duration.ofSeconds(10)
				: Duration.ofSeconds(20);
		return new Step("warm-up", "WarmUpSimulation", Map.of("lab.warmup.duration", duration.toSeconds() + "s",
				"lab.warmup.operations", String.join(",", this.warmUpOperations)), duration);
	}

}
