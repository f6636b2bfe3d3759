package io.latencylab.lab.deploy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FactorsTests {

	/** Lines as a service's /actuator/prometheus writes them (Micrometer's JVM and processor metrics). */
	private static final String METRICS = """
			# HELP jvm_info JVM version info
			# TYPE jvm_info gauge
			jvm_info{application="catalog-service",runtime="OpenJDK Runtime Environment",vendor="Eclipse Adoptium",version="25.0.1+8-LTS"} 1.0
			# TYPE jvm_memory_max_bytes gauge
			jvm_memory_max_bytes{application="catalog-service",area="heap",id="G1 Eden Space"} -1.0
			jvm_memory_max_bytes{application="catalog-service",area="heap",id="G1 Old Gen"} 6.291456E9
			jvm_memory_max_bytes{application="catalog-service",area="heap",id="G1 Survivor Space"} -1.0
			jvm_memory_max_bytes{application="catalog-service",area="nonheap",id="Metaspace"} -1.0
			jvm_memory_max_bytes{application="catalog-service",area="nonheap",id="CodeHeap 'non-nmethods'"} 5836800.0
			jvm_gc_pause_seconds_count{action="end of minor GC",application="catalog-service",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 12
			jvm_gc_pause_seconds_count{action="end of minor GC",application="catalog-service",cause="Metadata GC Threshold",gc="G1 Young Generation"} 1
			# TYPE system_cpu_count gauge
			system_cpu_count{application="catalog-service"} 2.0
			""";

	@Test
	void aServicesMetricsTellItsJvmItsCoresItsHeapAndItsCollector() {
		assertThat(Factors.fromMetrics(METRICS)).containsExactlyInAnyOrderEntriesOf(Map.of("JVM",
				"Eclipse Adoptium 25.0.1+8-LTS", "cores the JVM sees", "2", "max heap", "6000 MiB", "garbage collector",
				"G1 Young Generation"));
	}

	@Test
	void aServiceWithoutTheMetricsTellsNothing() {
		assertThat(Factors.fromMetrics("# nothing here\nhttp_server_requests_seconds_count{uri=\"/\"} 3\n")).isEmpty();
	}

	@Test
	void valuesOfManyServicesAreCountedSoThatAnOddOneShows() {
		assertThat(Factors.summary(List.of("1.000 CPUs", "none", "1.000 CPUs"))).isEqualTo("1.000 CPUs (×2); none (×1)");
		assertThat(Factors.summary(List.of("none", "none"))).isEqualTo("none");
	}

}
