package io.latencylab.lab.deploy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The PM QoS request: 0 µs written, held while open; where it cannot be, said why and nothing held. */
class AwakeCoresTests {

	@TempDir
	Path dir;

	@Test
	void heldItWritesZeroMicrosecondsAsOneNativeInt() throws Exception {
		Path device = Files.write(this.dir.resolve("cpu_dma_latency"), new byte[] { 9, 9, 9, 9, 9 });
		try (AwakeCores awake = AwakeCores.hold(device)) {
			assertThat(awake.held()).isTrue();
			assertThat(awake.reason()).isEmpty();
		}
		assertThat(Files.readAllBytes(device)).startsWith(0, 0, 0, 0).endsWith(9);
	}

	@Test
	void withoutTheDeviceNothingIsHeldAndTheReasonSaysSo() throws Exception {
		try (AwakeCores awake = AwakeCores.hold(this.dir.resolve("absent"))) {
			assertThat(awake.held()).isFalse();
			assertThat(awake.reason()).contains("does not exist");
		}
	}

	@Test
	void theReportSaysWhetherTheyWereHeld() {
		assertThat(AwakeCores.describe(true)).contains("held off").contains("cpu_dma_latency");
		assertThat(AwakeCores.describe(false)).contains("not held off").contains("root");
	}

}
