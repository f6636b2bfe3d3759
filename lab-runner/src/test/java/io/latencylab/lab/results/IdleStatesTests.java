package io.latencylab.lab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** cpuidle's driver, governor and states read from a sysfs laid out by hand, and what the report says of them. */
class IdleStatesTests {

	@TempDir
	Path cpu;

	@Test
	void aVirtualMachinesHaltpollCoresHaltWhenIdle() throws IOException {
		write("cpuidle/current_driver", "haltpoll\n");
		write("cpuidle/current_governor_ro", "haltpoll\n");
		write("cpu0/cpuidle/state0/name", "POLL\n");
		write("cpu0/cpuidle/state1/name", "haltpoll idle\n");
		IdleStates idle = IdleStates.read(this.cpu);
		assertThat(idle).isEqualTo(new IdleStates("haltpoll", "haltpoll", List.of("POLL", "haltpoll idle")));
		assertThat(idle.halts()).isTrue();
		assertThat(idle.describe()).isEqualTo(
				"halt when idle, and a request wakes them (cpuidle driver haltpoll, governor haltpoll; states POLL, haltpoll idle)");
		assertThat(IdleStates.halting(idle.describe())).isTrue();
	}

	@Test
	void statesAreInTheirNumbersOrderNotTheFoldersNames() throws IOException {
		write("cpuidle/current_driver", "intel_idle");
		write("cpuidle/current_governor", "menu");
		for (int i = 0; i <= 10; i++) {
			write("cpu0/cpuidle/state" + i + "/name", (i == 0) ? "POLL" : "C" + i);
		}
		assertThat(IdleStates.read(this.cpu).states()).startsWith("POLL", "C1", "C2").endsWith("C9", "C10");
		assertThat(IdleStates.read(this.cpu).governor()).isEqualTo("menu");
	}

	@Test
	void onlyPollingMeansNoWakeUp() throws IOException {
		write("cpuidle/current_driver", "haltpoll");
		write("cpu0/cpuidle/state0/name", "POLL");
		IdleStates idle = IdleStates.read(this.cpu);
		assertThat(idle.halts()).isFalse();
		assertThat(idle.describe()).startsWith("poll when idle (cpuidle driver haltpoll; states POLL)");
		assertThat(IdleStates.halting(idle.describe())).isFalse();
	}

	@Test
	void aDriverWithoutStatesIsNotTakenForPolling() throws IOException {
		write("cpuidle/current_driver", "acpi_idle");
		assertThat(IdleStates.read(this.cpu).describe()).isEqualTo("not reported (cpuidle driver acpi_idle lists no idle states)");
	}

	@Test
	void withoutCpuidleItIsNotReported() {
		assertThat(IdleStates.read(this.cpu.resolve("absent")).describe()).isEqualTo("not reported (no cpuidle driver)");
	}

	private void write(String path, String text) throws IOException {
		Path file = this.cpu.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, text);
	}

}
