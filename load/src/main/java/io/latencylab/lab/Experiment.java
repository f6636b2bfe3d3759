package io.latencylab.lab;

import java.util.List;
import java.util.function.Function;

/**
 * A named plan of Gatling runs that reproduces (part of) a study.
 *
 * @param seed the study it reproduces ("000", "001", …), or "all" for the tour
 * @param plan the steps at laptop scale (false) or at the study's full scale (true)
 */
public record Experiment(String name, String seed, String summary, Function<Boolean, List<Step>> plan) {

	public List<Step> steps(boolean full) {
		return this.plan.apply(full);
	}

}
