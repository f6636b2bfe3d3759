package io.latencylab.plan;

import java.time.Duration;
import java.util.List;

/**
 * A step for Apache JMeter, not the lab's Gatling: a JMeter test plan (.jmx) run as JMeter runs
 * it, with a fresh traceparent on every request and every sample recorded as the lab's own
 * generator records its requests (module load-jmeter). The plan reads the lab's settings as
 * JMeter properties: {@code ${__P(host)}}, {@code ${__P(port)}} of the target service,
 * {@code ${__P(users)}}, {@code ${__P(rampSeconds)}}, {@code ${__P(durationSeconds)}}.
 *
 * @param plan the .jmx file, relative to the project or absolute
 * @param target the service whose host and port the plan gets
 */
public record JMeterLoad(String plan, Parameter<String> target, int users, Duration ramp, Duration duration) {

	/** The step's simulation name: the runner hands such steps to JMeter. */
	public static final String CLIENT = "jmeter";

	public static final Parameter<String> PLAN = Parameter.text("lab.jmeter.plan");

	/** The name of the Targets parameter of the service the plan is pointed at ("lab.target.meals-soap"). */
	public static final Parameter<String> TARGET = Parameter.text("lab.jmeter.target");

	public static final Parameter<Integer> USERS = Parameter.integer("lab.jmeter.users");

	public static final Parameter<Duration> RAMP = Parameter.duration("lab.jmeter.ramp");

	public static final Parameter<Duration> DURATION = Parameter.duration("lab.jmeter.duration");

	/**
	 * The population the plan's users stand for ("baseline"): each request group is named
	 * "population: sampler label", as the simulations name theirs; without one, the label alone.
	 */
	public static final Parameter<String> POPULATION = Parameter.text("lab.jmeter.population");

	/**
	 * Run the plan exactly as written, without the lab's corrections (load-jmeter's PlanChanges):
	 * to see what a server answers the plan as its author left it.
	 */
	public static final Parameter<Boolean> AS_WRITTEN = Parameter.flag("lab.jmeter.as-written");

	/** Where JMeter's own files go: results.jtl, jmeter.log, changes.txt, its home. */
	public static final Parameter<String> OUTPUT = Parameter.text("lab.jmeter.output");

	/**
	 * More JMeter properties for the plan, each "name=value", passed as JMeter's own -Jname=value
	 * after the lab's (so a user's own users=… wins).
	 */
	public static final Parameter<List<String>> PROPERTIES = Parameter.texts("lab.jmeter.properties");

	/** The changes the lab made to the plan before running it, one a line, in the output folder. */
	public static final String CHANGES = "changes.txt";

	public Step.Builder step(String name) {
		return Step.of(name, CLIENT)
			.set(PLAN, this.plan)
			.set(TARGET, this.target.name())
			.set(USERS, this.users)
			.set(RAMP, this.ramp)
			.set(DURATION, this.duration);
	}

}
