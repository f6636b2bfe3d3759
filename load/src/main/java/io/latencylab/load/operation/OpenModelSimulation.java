package io.latencylab.load.operation;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.OperationLoad;
import io.latencylab.load.Steps;
import io.latencylab.plan.OpenLoad;
import io.latencylab.plan.Parameters;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Open-model latency (no study had it): arrivals at a constant rate with randomised, Poisson-like
 * gaps, in steps of lab.open.rates requests per second, each lasting lab.open.step. Arrivals do
 * not wait for answers, so when the system falls behind the queue and the latency show it (see the
 * module README on coordinated omission). Prints latency per rate, and the knee: the first rate
 * whose p99 is more than three times the first rate's.
 */
public class OpenModelSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final OpenLoad profile = OpenLoad.from(this.parameters);

	final String operation = this.profile.operation().label();

	final List<Integer> rates = this.profile.rates();

	final Duration step = this.profile.step();

	final LoadRecorder recorder = new LoadRecorder("open-" + this.operation, this.parameters);

	long startMillis;

	OpenInjectionStep[] injection() {
		return this.rates.stream()
			.map((rate) -> constantUsersPerSec(rate).during(this.step).randomized())
			.toArray(OpenInjectionStep[]::new);
	}

	final OperationLoad load = Operations.of(this.profile.operation(), this.parameters, 1024);

	{
		setUp(scenario("open " + this.operation)
			.exec(this.load.chain(this.recorder))
			.injectOpen(injection())).protocols(http.shareConnections());
		// A request a user: what each rate for its step would send.
		this.recorder.intend(this.rates.stream().mapToLong((rate) -> Math.round(rate * this.step.toMillis() / 1000.0)).sum());
	}

	@Override
	public void before() {
		this.load.before();
		this.startMillis = System.currentTimeMillis();
	}

	@Override
	public void after() {
		List<Steps.Step> steps = Steps.finish(this.recorder, this.startMillis, this.step, this.rates);
		double baseline = steps.get(0).p99Ms();
		Integer knee = steps.stream()
			.filter((s) -> s.p99Ms() > 3 * baseline || s.errors() > 0)
			.map(Steps.Step::level)
			.findFirst()
			.orElse(null);
		Steps.report("Open model, " + this.operation + ((knee != null) ? " (knee at " + knee + "/s)" : " (no knee)"),
				"rate/s", steps, this.recorder.directory().resolve("open.json"),
				(knee != null) ? Map.of("operation", this.operation, "kneeRate", knee) : Map.of("operation", this.operation));
	}

}
