package io.latencylab.lab.deploy;

import java.nio.file.Path;
import java.util.List;

import io.latencylab.plan.Services;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The lab's call graph as its compose file declares it: the front door calls the catalog and orders, orders the catalog. */
class ServiceCallsTests {

	private final Services services = Services.here();

	private final ServiceCalls calls = ServiceCalls.read(Path.of("..", "docker-compose.yml"), this.services.names());

	@Test
	void theFrontDoorBringsWhatItCallsAndWhatThoseCall() {
		assertThat(this.calls.withCalled(List.of("frontend-service")))
			.containsExactlyInAnyOrder("frontend-service", "catalog-service", "order-service");
		assertThat(this.calls.withCalled(List.of("order-service"))).containsExactlyInAnyOrder("order-service", "catalog-service");
	}

	@Test
	void aServiceThatCallsNoneOfTheLabsBringsNothingElse() {
		assertThat(this.calls.withCalled(List.of("meals-rest"))).as("postgres and jaeger are not the lab's services")
			.containsExactly("meals-rest");
		assertThat(this.calls.withCalled(List.of("catalog-service", "table-service")))
			.containsExactlyInAnyOrder("catalog-service", "table-service");
	}

}
