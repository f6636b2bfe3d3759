package io.latencylab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Warms the services' JIT before an experiment measures them: lab.warmup.clients closed-model
 * clients on each of the lab.warmup.operations at once, for lab.warmup.duration. A freshly started
 * JVM interprets its code for the first thousands of calls, and a few-second step would otherwise
 * measure the compiler as much as the service.
 */
public class WarmUpSimulation extends Simulation {

	final LabParameters parameters = LabParameters.fromSystem();

	final LoadRecorder recorder = new LoadRecorder("warm-up", this.parameters);

	{
		Duration duration = this.parameters.duration("lab.warmup.duration", Duration.ofSeconds(15));
		int clients = this.parameters.integer("lab.warmup.clients", 2);
		Requests requests = new Requests(this.parameters);
		List<PopulationBuilder> populations = new ArrayList<>();
		for (String operation : this.parameters.string("lab.warmup.operations", String.join(",", Operations.NAMES)).split(",")) {
			populations.add(scenario("warm up " + operation).exec(Operations.byName(operation.strip(), requests, this.recorder))
				.injectClosed(constantConcurrentUsers(clients).during(duration)));
		}
		setUp(populations).protocols(http.shareConnections());
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
