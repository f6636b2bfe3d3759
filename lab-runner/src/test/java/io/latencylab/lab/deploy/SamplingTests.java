package io.latencylab.lab.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.report.Format;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Resource sampling and the parsers behind it. */
class SamplingTests {

	@Test
	void bareSamplingReadsAProcesssCpuTimeFromTheKernel() throws Exception {
		// A "service" that is this JVM, with one thread spinning between two samples.
		Path project = Files.createTempDirectory("sampling");
		Files.writeString(project.resolve(".env"), "LAB_SERVICES=busy-service\nBUSY_PORT=1\n");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		Files.createDirectories(project.resolve("runs/services"));
		Files.writeString(project.resolve("runs/services/busy-service.pid"), String.valueOf(ProcessHandle.current().pid()));
		BareDeployment deployment = new BareDeployment(project, List.of());
		assertThat(deployment.metering().sample()).as("the first sample only sets the clock").isEmpty();
		long end = System.nanoTime() + 1_000_000_000L;
		long spins = 0;
		while (System.nanoTime() < end) {
			spins++;
		}
		Map<String, Metering.Usage> usage = deployment.metering().sample();
		assertThat(spins).isPositive();
		assertThat(usage).containsKey("busy-service");
		// Well above nothing, though other work on the machine may take part of the spinning core (a
		// test run beside a CI run measured 45%).
		assertThat(usage.get("busy-service").cpuPercentOfOneCore()).isBetween(10.0,
				Runtime.getRuntime().availableProcessors() * 100.0 + 10);
		assertThat(usage.get("busy-service").memoryMib()).isPositive();
	}

	@Test
	void aContainersCpuAndMemoryAreReadFromItsControlGroupUnderV1AndV2() throws Exception {
		Path v1 = Files.createTempDirectory("cgroup-v1");
		Files.createDirectories(v1.resolve("cpuacct/docker/abc"));
		Files.writeString(v1.resolve("cpuacct/docker/abc/cpuacct.usage"), "1500000000\n");
		Files.createDirectories(v1.resolve("memory/docker/abc"));
		Files.writeString(v1.resolve("memory/docker/abc/memory.usage_in_bytes"), "52428800\n");
		assertThat(new Cgroups(v1).cpuNanos("abc")).hasValue(1_500_000_000L);
		assertThat(new Cgroups(v1).memoryBytes("abc")).hasValue(52_428_800L);
		assertThat(new Cgroups(v1).cpuNanos("other")).isEmpty();

		Path v2 = Files.createTempDirectory("cgroup-v2");
		Path scope = Files.createDirectories(v2.resolve("system.slice/docker-abc.scope"));
		Files.writeString(scope.resolve("cpu.stat"), "usage_usec 2500\nuser_usec 2000\nsystem_usec 500\n");
		Files.writeString(scope.resolve("memory.current"), "1048576\n");
		assertThat(new Cgroups(v2).cpuNanos("abc")).hasValue(2_500_000L);
		assertThat(new Cgroups(v2).memoryBytes("abc")).hasValue(1_048_576L);
	}

	@Test
	void dockerStatsMemoryIsReadInMebibytes() {
		assertThat(ContainerUsage.mebibytes("512MiB")).isEqualTo(512.0);
		assertThat(ContainerUsage.mebibytes("1.5GiB")).isEqualTo(1536.0);
		assertThat(ContainerUsage.mebibytes("2048KiB")).isEqualTo(2.0);
	}

	@Test
	void aLiftedCoreLimitGivesTheContainerItsComposeQuotaBack() {
		assertThat(ContainerCpus.cpusOf("1000000000")).isEqualTo("1.000");
		assertThat(ContainerCpus.cpusOf("1500000000")).isEqualTo("1.500");
		// No quota before: every core of this machine.
		assertThat(ContainerCpus.cpusOf("0")).isEqualTo(String.valueOf(Runtime.getRuntime().availableProcessors()));
	}

	@Test
	void clocksReadAsMinutesOrHours() {
		assertThat(Format.clock(java.time.Duration.ofSeconds(75))).isEqualTo("1:15");
		assertThat(Format.clock(java.time.Duration.ofSeconds(3725))).isEqualTo("1:02:05");
	}

}
