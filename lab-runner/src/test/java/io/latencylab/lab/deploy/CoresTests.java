package io.latencylab.lab.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assumptions.assumeThat;

class CoresTests {

	@Test
	void separateCoresKeepTheLastCoreForTheLab() {
		Cores two = new Cores(2, true);
		assertThat(two.services()).isEqualTo("0");
		assertThat(two.lab()).isEqualTo("1");
		assertThat(two.forServices()).isEqualTo(1);
		assertThat(two.describe()).isEqualTo("separate: services on core 0, the lab (runner, load generator, wrk) on core 1");
		Cores eight = new Cores(8, true);
		assertThat(eight.services()).isEqualTo("0-6");
		assertThat(eight.lab()).isEqualTo("7");
		assertThat(eight.firstForServices(2)).isEqualTo("0-1");
	}

	@Test
	void sharedCoresGiveEveryoneEveryCore() {
		Cores shared = new Cores(4, false);
		assertThat(shared.services()).isEqualTo("0-3");
		assertThat(shared.lab()).isEqualTo("0-3");
		assertThat(shared.describe()).isEqualTo("shared: services and the lab on all 4 cores");
	}

	@Test
	void aLimitBeyondTheServicesCoresIsRefusedNotCapped() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Cores(2, true).firstForServices(2))
			.withMessageContaining("the services have 1 core(s)");
		assertThatIllegalArgumentException().isThrownBy(() -> new Cores(1, true))
			.withMessageContaining("this machine has 1");
	}

	@Test
	void placingBareServicesPinsTheirProcessesAndLimitsCountWithinTheirCores() throws Exception {
		assumeThat(Runtime.getRuntime().availableProcessors()).as("two cores to separate").isGreaterThanOrEqualTo(2);
		assumeThat(Path.of("/proc/self/status")).as("Linux's /proc").exists();
		// A "service" that is a real process, found through its pid file as `./lab up` leaves it.
		Process service = new ProcessBuilder("sleep", "60").start();
		try {
			Path project = Files.createTempDirectory("cores");
			Files.writeString(project.resolve(".env"), "LAB_SERVICES=pinned-service\nPINNED_PORT=1\n");
			Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
			Files.createDirectories(project.resolve("runs/services"));
			Files.writeString(project.resolve("runs/services/pinned-service.pid"), String.valueOf(service.pid()));
			BareDeployment deployment = new BareDeployment(project, List.of());
			Cores separate = Cores.here(true);

			deployment.cpuControl().orElseThrow().placeServices(separate);
			assertThat(allowedCores(service.pid())).isEqualTo(separate.services());
			assertThatIllegalArgumentException()
				.isThrownBy(() -> deployment.cpuControl().orElseThrow().limitCpus("pinned-service", separate.count()));
			deployment.cpuControl().orElseThrow().limitCpus("pinned-service", 1);
			assertThat(allowedCores(service.pid())).isEqualTo("0");
			deployment.cpuControl().orElseThrow().limitCpus("pinned-service", 0);
			assertThat(allowedCores(service.pid())).as("lifting a limit gives the services' cores, not the lab's")
				.isEqualTo(separate.services());

			deployment.cpuControl().orElseThrow().placeServices(Cores.here(false));
			assertThat(allowedCores(service.pid())).isEqualTo("0-" + (separate.count() - 1));
		}
		finally {
			service.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	private static String allowedCores(long pid) throws Exception {
		return Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))
			.stream()
			.filter((line) -> line.startsWith("Cpus_allowed_list:"))
			.map((line) -> line.substring(line.indexOf(':') + 1).strip())
			.findFirst()
			.orElseThrow();
	}

}
