package io.latencylab.lab.cli;

import java.util.Set;

import io.latencylab.plan.Services;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What up prints when it is done: where each service it started answers, and nothing of those it did not start. */
class UpCommandTests {

	private final Services services = Services.here();

	@Test
	void aWholeLabListsEveryServicesAddress() {
		String printed = UpCommand.endpoints(this.services, (name) -> true, "");
		assertThat(printed.lines().filter((line) -> !line.isBlank()).map((line) -> line.substring(0, 12).strip()))
			.containsExactly("SOAP meals:", "REST meals:", "Sort:", "Toy store:", "Tables:", "Objects:", "", "Stop with:");
		assertThat(printed).contains("http://127.0.0.1:" + this.services.named("frontend-service").httpPort() + "/products/Tux")
			.contains("order gRPC :" + this.services.named("order-service").grpcPort().orElseThrow())
			.contains("through the cache: port " + this.services.port("OBJECT_CACHE_PORT"))
			.endsWith("Stop with:   ./lab down" + System.lineSeparator());
	}

	@Test
	void aLabOfSomeServicesListsOnlyThose() {
		Set<String> started = Set.of("meals-rest", "catalog-service", "order-service", "frontend-service");
		String printed = UpCommand.endpoints(this.services, started::contains, " --compose");
		assertThat(printed.lines().filter((line) -> !line.isBlank()).map((line) -> line.substring(0, 12).strip()))
			.containsExactly("REST meals:", "Toy store:", "Stop with:");
		assertThat(printed).doesNotContain("/ws").doesNotContain("/sort").doesNotContain("/tables/").doesNotContain("/v1/")
			.contains("./lab down --compose");
	}

}
