package io.latencylab.lab.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A study's system as a bare deployment runs it: found by its type, sampled and shown beside the services. */
class BackingSystemTests {

	/** A system of a study's whose one process is this JVM. */
	interface Store {

		String name();

	}

	static final class OwnStore implements BackingSystem, Store {

		@Override
		public String name() {
			return "own-store";
		}

		@Override
		public Map<String, ProcessHandle> processes() {
			return Map.of(name(), ProcessHandle.current());
		}

		@Override
		public Map<String, String> status() {
			return Map.of(name(), "running here");
		}

	}

	@Test
	void aBareDeploymentFindsSamplesAndShowsTheSystemsItsKindsGiveIt() throws Exception {
		Path project = Files.createTempDirectory("backing");
		Files.writeString(project.resolve(".env"), "LAB_SERVICES=quiet-service\nQUIET_PORT=1\n");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		BackingSystem.Kind bareOnly = new BackingSystem.Kind() {

			@Override
			public Optional<BackingSystem> on(BareDeployment bare) {
				return Optional.of(new OwnStore());
			}

		};
		BareDeployment deployment = new BareDeployment(project, List.of(bareOnly, new BackingSystem.Kind() {
		}));
		assertThat(deployment.backing(Store.class)).map(Store::name).contains("own-store");
		assertThat(deployment.backing(Runnable.class)).isEmpty();
		assertThat(deployment.metering().cpuSeconds()).containsOnlyKeys("own-store");
		assertThat(deployment.status()).containsEntry("own-store", "running here").containsKey("quiet-service");
		assertThat(new BareDeployment(project, List.of()).metering().cpuSeconds()).isEmpty();
	}

}
