package io.latencylab.load;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TraceparentTests {

	@Test
	void traceparentsAreW3cAndFreshEachTime() {
		Traceparent one = Traceparent.random();
		assertThat(one.header()).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
		assertThat(Traceparent.random().traceId()).isNotEqualTo(one.traceId());
	}

}
