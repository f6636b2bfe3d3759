package io.latencylab.lab.deploy;

import io.latencylab.lab.run.Progress;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The parsers behind resource sampling. */
class SamplingTests {

	@Test
	void prometheusValuesAreSummedOverLabelsWhoseValuesMayHoldSpaces() {
		String text = """
				# HELP process_cpu_usage The recent cpu usage for the Java Virtual Machine process
				# TYPE process_cpu_usage gauge
				process_cpu_usage 0.25
				process_cpu_usage_other 9
				jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 100.0
				jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 50.0 1700000000
				""";
		assertThat(PrometheusText.value(text, "process_cpu_usage")).isEqualTo(0.25);
		assertThat(PrometheusText.value(text, "jvm_memory_used_bytes")).isEqualTo(150.0);
		assertThat(PrometheusText.value(text, "missing")).isNaN();
	}

	@Test
	void dockerStatsMemoryIsReadInMebibytes() {
		assertThat(ComposeDeployment.mebibytes("512MiB")).isEqualTo(512.0);
		assertThat(ComposeDeployment.mebibytes("1.5GiB")).isEqualTo(1536.0);
		assertThat(ComposeDeployment.mebibytes("2048KiB")).isEqualTo(2.0);
	}

	@Test
	void aLiftedCoreLimitGivesTheContainerItsComposeQuotaBack() {
		assertThat(ComposeDeployment.cpusOf("1000000000")).isEqualTo("1.000");
		assertThat(ComposeDeployment.cpusOf("1500000000")).isEqualTo("1.500");
		// No quota before: every core of this machine.
		assertThat(ComposeDeployment.cpusOf("0")).isEqualTo(String.valueOf(Runtime.getRuntime().availableProcessors()));
	}

	@Test
	void clocksReadAsMinutesOrHours() {
		assertThat(Progress.clock(java.time.Duration.ofSeconds(75))).isEqualTo("1:15");
		assertThat(Progress.clock(java.time.Duration.ofSeconds(3725))).isEqualTo("1:02:05");
	}

}
