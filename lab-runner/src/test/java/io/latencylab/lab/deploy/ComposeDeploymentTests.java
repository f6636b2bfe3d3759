package io.latencylab.lab.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.latencylab.plan.Services;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ComposeDeploymentTests {

	@Test
	void upStartsTheServicesNamedAndWhatTheyDependOnAsComposeDoes(@TempDir Path project) throws Exception {
		Files.writeString(project.resolve(".env"), "LAB_SERVICES=sort-service,meals-rest,meals-soap\nSORT_PORT=18084\n"
				+ "MEALS_REST_PORT=18082\nMEALS_SOAP_PORT=18081\n");
		Files.writeString(project.resolve("docker-compose.yml"), """
				services:
				  meals-soap:
				    depends_on:
				      sort-service: { condition: service_healthy }
				  sort-service: {}
				  meals-rest: {}
				""");
		ComposeDeployment some = new ComposeDeployment(project, List.of("meals-soap"), List.of());
		assertThat(some.starts("sort-service")).as("meals-soap depends on it").isTrue();
		assertThat(some.starts("meals-rest")).isFalse();
		assertThat(new ComposeDeployment(project, List.of(), List.of()).starts("meals-rest")).isTrue();
	}

	/** What `docker compose ps --all --format json` printed (2.26: one object a line), its labels cut. */
	private static final String PS = """
			{"ExitCode":0,"Health":"","ID":"6a115b5f5448","Image":"jaegertracing/jaeger:2.13.0","Name":"main-jaeger-1","Ports":"5778-5779/tcp, 127.0.0.1:4317-4318->4317-4318/tcp, 127.0.0.1:16686->16686/tcp","Project":"main","Publishers":[{"URL":"127.0.0.1","TargetPort":4317,"PublishedPort":4317,"Protocol":"tcp"},{"URL":"127.0.0.1","TargetPort":4318,"PublishedPort":4318,"Protocol":"tcp"},{"URL":"","TargetPort":5778,"PublishedPort":0,"Protocol":"tcp"},{"URL":"127.0.0.1","TargetPort":16686,"PublishedPort":16686,"Protocol":"tcp"}],"Service":"jaeger","State":"running","Status":"Up 17 seconds"}
			{"ExitCode":0,"Health":"healthy","Name":"main-meals-rest-1","Ports":"127.0.0.1:8082->8082/tcp","Publishers":[{"URL":"127.0.0.1","TargetPort":8082,"PublishedPort":8082,"Protocol":"tcp"}],"Service":"meals-rest","State":"running","Status":"Up 16 seconds (healthy)"}
			{"ExitCode":137,"Health":"","Name":"main-meals-soap-1","Ports":"","Publishers":[],"Service":"meals-soap","State":"exited","Status":"Exited (137) 3 seconds ago"}
			{"ExitCode":0,"Health":"starting","Name":"main-sort-service-1","Ports":"127.0.0.1:8084->8084/tcp","Publishers":[{"URL":"127.0.0.1","TargetPort":8084,"PublishedPort":8084,"Protocol":"tcp"}],"Service":"sort-service","State":"running","Status":"Up 2 seconds (health: starting)"}
			""";

	private static final Services LAB = Services.find(Path.of(".."));

	@Test
	void eachServiceIsReadyOrSaysWhatItsContainerIsThenTheOtherContainers() {
		Map<String, String> status = ComposeDeployment.status(LAB, PS, Set.of("meals-rest")::contains);
		assertThat(status).containsEntry("meals-rest", "ready on 8082 (container Up 16 seconds (healthy))")
			.containsEntry("meals-soap", "container Exited (137) 3 seconds ago, not ready")
			.containsEntry("sort-service", "container Up 2 seconds (health: starting), not ready")
			.containsEntry("frontend-service", "no container (./lab up --compose starts it)")
			.containsEntry("jaeger", "container Up 17 seconds, on 127.0.0.1:4317, 127.0.0.1:4318, 127.0.0.1:16686");
		// Every service of the lab, in its order, then the others.
		assertThat(status.keySet()).startsWith(LAB.names().toArray(String[]::new)).endsWith("jaeger").hasSize(LAB.names().size() + 1);
	}

	@Test
	void composeBefore221PrintsOneArray() {
		String array = "[" + String.join(",", PS.strip().lines().toList()) + "]";
		assertThat(ComposeDeployment.status(LAB, array, (service) -> false)).isEqualTo(ComposeDeployment.status(LAB, PS, (service) -> false));
	}

	@Test
	void noContainerAtAll() {
		assertThat(ComposeDeployment.status(LAB, "", (service) -> false)).hasSize(LAB.names().size())
			.allSatisfy((service, state) -> assertThat(state).isEqualTo("no container (./lab up --compose starts it)"));
	}

}
