package io.latencylab.lab.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.ExternalDeployment;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.topology.Topology;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Services;
import io.latencylab.plan.Step;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** A run asks its deployment, before anything starts, for the roles its plan needs. */
class LabRunTests {

	@TempDir
	Path project;

	@Test
	void aPlanThatLimitsOrSeparatesCoresIsRefusedBeforeAnythingRunsWhereTheLabHasNoCpuControl() throws Exception {
		int closed;
		try (ServerSocket socket = new ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		String url = "http://127.0.0.1:" + closed;
		Topology elsewhere = new Topology("elsewhere.yml", Topology.Kind.EXTERNAL,
				Map.of("meals-rest", new Topology.Endpoint(url, Optional.empty(), url + "/actuator", url + "/actuator/prometheus")),
				Map.of(), Topology.TraceSource.files(this.project.resolve("traces")), List.of(InjectorHost.LOCAL));
		ExternalDeployment deployment = new ExternalDeployment(Services.here(), elsewhere);
		Step get = Step.of("rest-get", "RestSimulation").lasting(java.time.Duration.ofSeconds(1));
		Plan plan = new Plan("test", "000", false, get, List.of(get));
		PrintStream out = new PrintStream(new ByteArrayOutputStream());

		assertThatIllegalStateException()
			.isThrownBy(() -> new LabRun(this.project, deployment, out).run(plan, List.of(), false, new Cores(2, true)))
			.withMessageContaining("--separate-cores places the services on cores of their own, which the lab cannot do "
					+ "where external (elsewhere.yml) runs");
		Plan limiting = new Plan("test", "000", false, get, List.of(Plan.withCpus(get, "meals-rest", 1)));
		assertThatIllegalStateException()
			.isThrownBy(() -> new LabRun(this.project, deployment, out).run(limiting, List.of(), false, new Cores(2, false)))
			.withMessageContaining("cannot limit a service's cores")
			.withMessageContaining("did not start (elsewhere.yml)");
		assertThat(Files.list(this.project)).as("no run folder: nothing started").isEmpty();
	}

}
