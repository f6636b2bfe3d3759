package io.latencylab.load.operation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.OperationLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.WarmUp;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Warms the services' JIT before an experiment measures them: lab.warmup.clients closed-model
 * clients on each of the lab.warmup.operations at once, for lab.warmup.duration. A freshly started
 * JVM interprets its code for the first thousands of calls, and a few-second step would otherwise
 * measure the compiler as much as the service.
 *
 * <p>Each client is one virtual user that sends request after request on a connection of its own,
 * as the steps' clients do (and wrk's), so that a warm-up window judges the load the steps will
 * send, and warms the generator's own code for it. A new user for each request cost the generator
 * more CPU a request and, at five clients, left fewer answers in each window.
 */
public class WarmUpSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final LoadRecorder recorder = new LoadRecorder("warm-up", this.parameters);

	/** The warm-up's operations, in the order their set-up must run (an entity insert's first). */
	final List<OperationLoad> loads = new ArrayList<>();

	{
		Duration duration = this.parameters.get(WarmUp.DURATION, Duration.ofSeconds(15));
		int clients = this.parameters.get(WarmUp.CLIENTS, 2);
		List<PopulationBuilder> populations = new ArrayList<>();
		List<Operation> operations = this.parameters.get(WarmUp.OPERATIONS,
				List.of(Operation.REST_GET, Operation.SOAP_GET, Operation.TOY_QUERY, Operation.TOY_BUY, Operation.SORT));
		for (Operation operation : operations) {
			OperationLoad load = Operations.of(operation, this.parameters, 1024);
			this.loads.add(load);
			// Not exitASAP: each client's last request is answered and recorded.
			populations.add(scenario("warm up " + operation.label()).during(duration, false)
				.on(load.warmUp(this.recorder))
				.injectOpen(atOnceUsers(clients)));
		}
		// The steps' protocol: no HTTP cache, one connection a client.
		setUp(populations).protocols(http.disableCaching().maxConnectionsPerHost(1));
	}

	@Override
	public void before() {
		this.loads.forEach(OperationLoad::before);
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
