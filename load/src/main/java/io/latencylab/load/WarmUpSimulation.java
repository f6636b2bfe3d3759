package io.latencylab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.WarmUp;

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

	final Parameters parameters = Parameters.fromSystem();

	final LoadRecorder recorder = new LoadRecorder("warm-up", this.parameters);

	/** The entity operations among the warm-up's, in the order their set-up must run (insert first). */
	final List<EntityOperations> entities = new ArrayList<>();

	{
		Duration duration = this.parameters.get(WarmUp.DURATION, Duration.ofSeconds(15));
		int clients = this.parameters.get(WarmUp.CLIENTS, 2);
		Requests requests = new Requests(this.parameters);
		List<PopulationBuilder> populations = new ArrayList<>();
		List<Operation> operations = this.parameters.get(WarmUp.OPERATIONS,
				List.of(Operation.REST_GET, Operation.SOAP_GET, Operation.TOY_QUERY, Operation.TOY_BUY, Operation.SORT));
		for (Operation operation : operations) {
			EntityOperations entity = operation.isEntity() ? new EntityOperations(requests.tablesUrl(), operation, 1024) : null;
			if (entity != null) {
				this.entities.add(entity);
			}
			populations.add(scenario("warm up " + operation.label())
				.exec((entity != null) ? entity.chain(this.recorder) : Operations.of(operation, requests, this.recorder))
				.injectClosed(constantConcurrentUsers(clients).during(duration)));
		}
		setUp(populations).protocols(http.shareConnections());
	}

	@Override
	public void before() {
		this.entities.forEach(EntityOperations::setUp);
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}
