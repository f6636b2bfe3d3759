package io.latencylab.lab;

import java.time.Duration;
import java.util.Map;

/**
 * One Gatling run of an experiment's plan.
 *
 * @param name unique within the plan, used for its folder and to match runs in a comparison
 * @param simulation the simulation's simple class name in io.latencylab.load
 * @param properties the lab.* system properties it runs with
 * @param estimate how long the load lasts, for the progress display
 */
public record Step(String name, String simulation, Map<String, String> properties, Duration estimate) {

	public String property(String key) {
		return this.properties.get(key);
	}

	public String simulationClass() {
		return "io.latencylab.load." + this.simulation;
	}

}
