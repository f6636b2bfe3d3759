package io.latencylab.telemetry;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GrpcRunIdObservationFilterTests {

	@Test
	void findsTheRunIdAmongOtherBaggageMembers() {
		assertThat(GrpcRunIdObservationFilter.runId("lab.run.id=run-7")).isEqualTo("run-7");
		assertThat(GrpcRunIdObservationFilter.runId("user=alice;prop=1, lab.run.id = run%208 ;x=y")).isEqualTo("run 8");
		assertThat(GrpcRunIdObservationFilter.runId("user=alice")).isNull();
		assertThat(GrpcRunIdObservationFilter.runId(null)).isNull();
	}

}
