package io.latencylab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.run.JMeterStep;
import io.latencylab.lab.study.Study;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.WarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** `./lab run jmeter`: a user's own JMeter test plan as the one step of a run. */
final class JMeterPlanOptions {

	@Option(names = "--jmeter-plan", paramLabel = "PLAN.jmx",
			description = "With 'jmeter' for the study: your own JMeter test plan, run as a step against --jmeter-target, "
					+ "every sample with a traceparent of its own, recorded and decomposed like the lab's requests; header "
					+ "rows with an empty name are dropped and the report says so. The plan gets the JMeter properties "
					+ "host, port and protocol of the target and users=20, rampSeconds=5, durationSeconds=25 (read with "
					+ "${__P(name)}), -J overrides them.")
	Path jmeterPlan;

	@Option(names = "--jmeter-target", paramLabel = "SERVICE", defaultValue = "meals-rest",
			description = "The service --jmeter-plan is pointed at (default: ${DEFAULT-VALUE}): meals-soap, meals-rest, "
					+ "frontend-service, sort-service, table-service, object-store.")
	String jmeterTarget;

	@Option(names = "-J", paramLabel = "NAME=VALUE", description = "A JMeter property for --jmeter-plan, as JMeter's own -J.")
	Map<String, String> jmeterProperties = new LinkedHashMap<>();

	/** Whether the run is of a user's JMeter plan: the experiment 'jmeter', or any of these options. */
	boolean asked(String experiment) {
		return RunCommand.JMETER.equals(experiment) || this.jmeterPlan != null || !this.jmeterProperties.isEmpty();
	}

	/** A user's JMeter plan as the one step of a plan, after the warm-up of the gets; every option checked. */
	Plan plan(CommandLine cli, String experiment, List<String> steps, List<String> generators) {
		if (!RunCommand.JMETER.equals(experiment)) {
			throw new CommandLine.ParameterException(cli, "--jmeter-plan and -J go with 'lab run jmeter', not " + experiment);
		}
		if (this.jmeterPlan == null) {
			throw new CommandLine.ParameterException(cli, "lab run jmeter needs --jmeter-plan PLAN.jmx");
		}
		if (!Files.isRegularFile(this.jmeterPlan)) {
			throw new CommandLine.ParameterException(cli, "--jmeter-plan: no file " + this.jmeterPlan.toAbsolutePath());
		}
		if (steps != null || generators.size() != 1 || !generators.getFirst().equals(Study.GATLING)) {
			throw new CommandLine.ParameterException(cli, "lab run jmeter has one step: no --steps or --generator");
		}
		try {
			return new Plan(RunCommand.JMETER, "", false,
					WarmUp.step(WarmUp.atOneClient(List.of(Operation.REST_GET, Operation.SOAP_GET)), false),
					List.of(JMeterStep.userPlan(this.jmeterPlan, this.jmeterTarget, this.jmeterProperties)));
		}
		catch (IllegalArgumentException ex) {
			// NumberFormatException included: -Jusers=many.
			throw new CommandLine.ParameterException(cli, "--jmeter-plan: " + ex.getMessage());
		}
	}

}
