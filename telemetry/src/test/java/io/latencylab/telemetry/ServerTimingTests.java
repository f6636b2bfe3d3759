package io.latencylab.telemetry;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

class ServerTimingTests {

	private final ObservationRegistry observations = ObservationRegistry.create();

	ServerTimingTests() {
		this.observations.observationConfig().observationHandler(new ServerTiming.PhaseHandler());
	}

	@Test
	void theHeaderHoldsTheTotalAndEveryPhaseThatEndedBeforeTheBody() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		new ServerTiming.Filter().doFilter(new MockHttpServletRequest("GET", "/x"), response, (req, res) -> {
			Observation.createNotStarted("grpc.client", this.observations)
				.contextualName("Catalog/Query")
				.observe(() -> sleep(5));
			res.getOutputStream().write("body".getBytes());
			res.flushBuffer();
			// after the commit: too late for the header
			Observation.createNotStarted("late", this.observations).observe(() -> sleep(1));
		});
		String timing = response.getHeader("Server-Timing");
		assertThat(timing).matches("total;dur=[0-9.]+, grpc.client;desc=\"Catalog/Query\";dur=[0-9.]+");
		double phase = Double.parseDouble(timing.replaceAll(".*grpc.client;desc=\"Catalog/Query\";dur=", ""));
		assertThat(phase).isGreaterThanOrEqualTo(5.0);
		assertThat(response.getHeaders("Server-Timing")).hasSize(1);
	}

	@Test
	void aResponseWithoutABodyGetsTheHeaderToo() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		new ServerTiming.Filter().doFilter(new MockHttpServletRequest("DELETE", "/x"), response,
				(req, res) -> ((jakarta.servlet.http.HttpServletResponse) res).setStatus(204));
		assertThat(response.getHeader("Server-Timing")).startsWith("total;dur=");
	}

	@Test
	void durationsAreMillisecondsWithThreeDecimals() {
		assertThat(ServerTiming.Phases.millis(0)).isEqualTo("0.000");
		assertThat(ServerTiming.Phases.millis(1_499)).isEqualTo("0.001");
		assertThat(ServerTiming.Phases.millis(7_040_600)).isEqualTo("7.041");
		assertThat(ServerTiming.Phases.millis(1_234_567_890_123L)).isEqualTo("1234567.890");
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
