package io.latencylab.lab.run;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ServiceMetricsTests {

	@Test
	void theJitsTimeIsReadFromPrometheusAndTheBusiestServiceCounts() {
		String text = """
				# HELP jvm_compilation_time_ms_total The approximate accumulated elapsed time spent in compilation
				# TYPE jvm_compilation_time_ms_total counter
				jvm_compilation_time_ms_total{compiler="HotSpot 64-Bit Tiered Compilers"} 155978.0
				jvm_info{runtime="OpenJDK Runtime Environment"} 1
				""";
		assertThat(ServiceMetrics.compilationMs(text)).isCloseTo(155978.0, within(1e-9));
		assertThat(ServiceMetrics.compilationMs("process_cpu_time_ns_total 1.0E9\n")).isNaN();
		assertThat(ServiceMetrics.jitSpent(Map.of("catalog", 100.0, "order", 50.0), Map.of("catalog", 160.0, "order", 450.0,
				"frontend", 9_000.0))).as("the busiest of those read twice").isCloseTo(400.0, within(1e-9));
		assertThat(ServiceMetrics.jitSpent(Map.of(), Map.of("catalog", 1.0))).isNaN();
	}

	@Test
	void theCpuSpentIsEveryServicesBetweenTwoReadingsOrNothing() {
		assertThat(ServiceMetrics.cpuSpentMs(Map.of("a", "process_cpu_time_ns_total 1.0E9\n", "b", "process_cpu_time_ns_total 0\n"),
				Map.of("a", "process_cpu_time_ns_total 1.5E9\n", "b", "process_cpu_time_ns_total 2.5E8\n")))
			.as("all the services reached, together").isCloseTo(750.0, within(1e-9));
		assertThat(ServiceMetrics.cpuSpentMs(Map.of("a", "process_cpu_time_ns_total 1.0E9\n"), Map.of())).as("one not read after")
			.isNaN();
		assertThat(ServiceMetrics.cpuSpentMs(Map.of("a", "jvm_info 1\n"), Map.of("a", "jvm_info 1\n"))).isNaN();
	}

}
