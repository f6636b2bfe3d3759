package io.latencylab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.Simulation;
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

	final Requests requests = new Requests(this.parameters);

	/** The matrix's table store: the lab's table service, or Azure Storage's with lab.entities.store=azure. */
	final Entities entities = !this.profile.operation().isEntity() ? null
			: AzureEntities.onAzure(this.parameters)
					? new AzureEntities(StorageAccount.from(this.parameters), this.profile.operation(), this.profile.entityBytes())
					: new EntityOperations(this.requests.tablesUrl(), this.profile.operation(), this.profile.entityBytes());

	/** The queue operations' account: Azurite here, or the one lab.storage names. */
	final QueueOperations queue = this.profile.operation().isQueue()
			? new QueueOperations(StorageAccount.from(this.parameters), this.profile.operation(), this.profile.entityBytes(),
					this.parameters.get(QueueOperations.LENGTH, 0))
			: null;

	long queueLengthBefore = -1;

	{
		setUp(scenario("sweep " + this.operation)
			.during(this.step)
			.on((this.entities != null) ? this.entities.chain(this.recorder, this.profile.operation().label())
					: (this.queue != null) ? this.queue.chain(this.recorder)
					: Operations.of(this.profile.operation(), this.requests, this.recorder))
			.injectOpen(injection())).protocols(http.disableCaching());
	}

	@Override
	public void before() {
		if (this.entities != null) {
			this.entities.setUp();
		}
		if (this.queue != null) {
			this.queueLengthBefore = this.queue.setUp(QueueOperations.PREFILL);
			System.out.printf("%s: %,d messages before the step%n", this.queue.queueUrl(), this.queueLengthBefore);
		}
		this.startMillis = System.currentTimeMillis();
	}

	@Override
	public void after() {
		if (this.entities != null) {
			this.entities.tell();
		}
		Map<String, Object> queueFacts = new LinkedHashMap<>();
		if (this.queue != null) {
			long after = this.queue.length();
			System.out.printf("%s: %,d messages after the step; %,d receives found none%n", this.queue.queueUrl(), after,
					this.queue.emptyReceives());
			queueFacts.putAll(Map.of("queueLengthBefore", this.queueLengthBefore, "queueLengthAfter", after, "emptyReceives",
					this.queue.emptyReceives(), "messageBytes", this.profile.entityBytes(), "storage", this.queue.storage(), "queueLength",
					this.parameters.get(QueueOperations.LENGTH, 0)));
		}
		List<Steps.Step> steps = Steps.finish(this.recorder, this.startMillis, this.step, this.levels);
		Steps.Step peak = steps.stream().max(Comparator.comparingDouble(Steps.Step::aggregatePerSec)).orElseThrow();
		Map<String, Object> facts = new LinkedHashMap<>(Map.of("operation", this.operation, "peakClients",
				peak.level(), "peakPerSec", peak.aggregatePerSec(), "stepMillis", this.step.toMillis(), "startMillis",
				this.startMillis, "setUpsForDelete", (this.entities != null) ? this.entities.setUpsForDelete() : 0));
		if (this.entities instanceof AzureEntities) {
			facts.put("storage", StorageAccount.from(this.parameters).describeTables());
		}
		facts.putAll(queueFacts);
		Steps.report("Concurrency sweep of " + this.operation + " (peak at " + peak.level() + " clients)", "clients",
				steps, this.recorder.directory().resolve("sweep.json"), facts);
	}

}
