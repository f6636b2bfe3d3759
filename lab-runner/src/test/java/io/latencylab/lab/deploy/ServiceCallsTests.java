package io.latencylab.lab.deploy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The lab's call graph as its compose file declares it: the front door calls the catalog and orders, orders the catalog. */
class ServiceCallsTests {

	private final ServiceCalls calls = ServiceCalls.read(Path.of("..", "docker-compose.yml"));

	@Test
	void theFrontDoorBringsWhatItCallsAndWhatThoseCall() {
		assertThat(this.calls.withCalled(List.of("frontend-service")))
			.contains("frontend-service", "catalog-service", "order-service", "postgres");
		assertThat(this.calls.withCalled(List.of("order-service"))).contains("order-service", "catalog-service")
			.doesNotContain("frontend-service");
	}

	@Test
	void aServiceThatCallsNoneOfTheLabsBringsNoOtherServiceOfIt() {
		assertThat(this.calls.withCalled(List.of("meals-rest")))
			.as("the database and the collector, not another service, nor YAML's merge key")
			.doesNotContain("sort-service", "meals-soap", "catalog-service", "<<")
			.startsWith("meals-rest");
	}

}
