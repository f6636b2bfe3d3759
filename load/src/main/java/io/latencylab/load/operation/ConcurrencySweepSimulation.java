package io.latencylab.load.operation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.OperationLoad;
import io.latencylab.load.Steps;
import io.latencylab.plan.Parameters;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002's concurrency sweep: for one operation (lab.sweep.operation), closed-model steps of 1,
 * 2, 4, … up to lab.sweep.max concurrent clients (the study: 192), or the levels listed in
 * lab.sweep.levels, each lasting lab.sweep.step. The entity-* operations make seed 002's
 * operation × entity size matrix (lab.entity.bytes).
 * Prints per-client and aggregate operations per second for each step, and the step where the
 * aggregate peaks: the format of the study's Tables 1 and 3.
 */
public class ConcurrencySweepSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final SweepLoad profile = SweepLoad.from(this.parameters);

	final String operation = this.profile.operation().label();

	final List<Integer> levels = this.profile.levels();

	final Duration step = this.profile.step();

	final LoadRecorder recorder = new LoadRecorder("sweep-" + this.operation, this.parameters);

	long startMillis;

	/**
	 * Each level's clients start together at the start of its step and each sends its requests
	 * back to back, on a connection of its own, until the step ends: one long-lived virtual user a
	 * client, so that no request pays for a user starting or ending. Gatling's HTTP cache is off: a
	 * long-lived user would otherwise revalidate with If-None-Match and get 304s no other client gets.
	 */
	OpenInjectionStep[] injection() {
		List<OpenInjectionStep> injection = new ArrayList<>();
		for (int level : this.levels) {
			if (!injection.isEmpty()) {
				injection.add(nothingFor(this.step));
			}
			injection.add(atOnceUsers(level));
		}
		return injection.toArray(OpenInjectionStep[]::new);
	}

	/** The operation as its study's package sends it; the entity and queue operations with their set-up and facts. */
	final OperationLoad load = Operations.of(this.profile.operation(), this.parameters, this.profile.entityBytes());

	{
		setUp(scenario("sweep " + this.operation)
			.during(this.step)
			.on(this.load.chain(this.recorder))
			.injectOpen(injection())).protocols(http.disableCaching());
	}

	@Override
	public void before() {
		this.load.before();
		this.startMillis = System.currentTimeMillis();
	}

	@Override
	public void after() {
		Map<String, Object> operationFacts = new LinkedHashMap<>();
		this.load.after(operationFacts);
		List<Steps.Step> steps = Steps.finish(this.recorder, this.startMillis, this.step, this.levels);
		Steps.Step peak = steps.stream().max(Comparator.comparingDouble(Steps.Step::aggregatePerSec)).orElseThrow();
		Map<String, Object> facts = new LinkedHashMap<>(Map.of("operation", this.operation, "peakClients",
				peak.level(), "peakPerSec", peak.aggregatePerSec(), "stepMillis", this.step.toMillis(), "startMillis",
				this.startMillis, "setUpsForDelete", 0L));
		facts.putAll(operationFacts);
		Steps.report("Concurrency sweep of " + this.operation + " (peak at " + peak.level() + " clients)", "clients",
				steps, this.recorder.directory().resolve("sweep.json"), facts);
	}

}
