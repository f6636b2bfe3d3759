package io.latencylab.lab.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.Metering;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.Traces;
import io.latencylab.plan.Services;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * What up prints when it is done: where each service it started answers, and nothing of those it
 * did not start; and what it leaves running when its warm-up fails.
 */
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

	@Test
	void aWarmUpThatFailsStopsTheLabUpStarted() {
		RecordingDeployment lab = new RecordingDeployment();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		assertThatIllegalStateException()
			.isThrownBy(() -> UpCommand.upThenWarm(lab, List.of(), true, () -> {
				throw new IllegalStateException("frontend-service stopped answering");
			}, new PrintStream(err, true, StandardCharsets.UTF_8)))
			.withMessage("frontend-service stopped answering");
		assertThat(lab.calls).containsExactly("up", "down");
		assertThat(err.toString(StandardCharsets.UTF_8)).contains("The warm-up failed")
			.contains("frontend-service stopped answering")
			.contains("stopping the lab again");
	}

	@Test
	void aWarmUpThatFailsLeavesALabThatWasAlreadyUp() {
		RecordingDeployment lab = new RecordingDeployment();
		assertThatIllegalStateException().isThrownBy(() -> UpCommand.upThenWarm(lab, List.of(), false, () -> {
			throw new IllegalStateException("a target failed");
		}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
		assertThat(lab.calls).containsExactly("up");
	}

	@Test
	void aWarmUpThatDidNotSettleLeavesTheLabUpAndSaysSoInItsCode() throws Exception {
		RecordingDeployment lab = new RecordingDeployment();
		int code = UpCommand.upThenWarm(lab, List.of("catalog-before-commit=5ms"), true, () -> 3,
				new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
		assertThat(code).isEqualTo(3);
		assertThat(lab.calls).containsExactly("up");
		assertThat(lab.injections).containsExactly("catalog-before-commit=5ms");
	}

	@Test
	void aLabThatDidNotComeUpWholeIsStoppedBeforeAnythingFollows() {
		RecordingDeployment lab = new RecordingDeployment();
		lab.upFails = true;
		List<String> followed = new ArrayList<>();
		assertThatIllegalStateException().isThrownBy(() -> UpCommand.upThenWarm(lab, List.of(), true, () -> {
			followed.add("warm");
			return 0;
		}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
		assertThat(lab.calls).containsExactly("up", "down");
		assertThat(followed).isEmpty();
	}

	/** Records what up did to the lab; only start and stop are called by upThenWarm. */
	private static final class RecordingDeployment implements Deployment {

		final List<String> calls = new ArrayList<>();

		final List<String> injections = new ArrayList<>();

		boolean upFails;

		@Override
		public String mode() {
			return "recording";
		}

		@Override
		public Services services() {
			return Services.here();
		}

		@Override
		public Topology topology() {
			throw new UnsupportedOperationException();
		}

		@Override
		public void up(List<String> injections) {
			this.calls.add("up");
			this.injections.addAll(injections);
			if (this.upFails) {
				throw new IllegalStateException("order-service did not become ready");
			}
		}

		@Override
		public void down() {
			this.calls.add("down");
		}

		@Override
		public Metering metering() {
			throw new UnsupportedOperationException();
		}

		@Override
		public Traces traces() {
			throw new UnsupportedOperationException();
		}

		@Override
		public Map<String, String> factors() {
			return Map.of();
		}

		@Override
		public Optional<String> startLog(String service) {
			return Optional.empty();
		}

	}

}
