package io.latencylab.toystore.frontend;

import java.nio.channels.ClosedChannelException;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;

class StoreErrorsTests {

	private final StoreErrors errors = new StoreErrors();

	@Test
	void aCallWhoseConnectionTheBackendsDeathCutIsUnavailable() {
		// What grpc-java's client answers when the catalog is killed under a call (seen in DurabilityIT).
		ResponseEntity<StoreApi.ErrorBody> answer = this.errors.backend(
				Status.UNKNOWN.withDescription("channel closed").withCause(new ClosedChannelException()).asRuntimeException(),
				new MockHttpServletRequest("GET", "/products/Kite"));
		assertThat(answer.getStatusCode().value()).isEqualTo(503);
		assertThat(answer.getBody()).isEqualTo(StoreApi.ErrorBody.of(503, "backend unavailable"));
	}

	@Test
	void anUnknownFromTheBackendItselfIsAnInternalError() {
		ResponseEntity<StoreApi.ErrorBody> answer = this.errors.backend(
				Status.UNKNOWN.withDescription("a bug").asRuntimeException(),
				new MockHttpServletRequest("GET", "/products/Kite"));
		assertThat(answer.getStatusCode().value()).isEqualTo(500);
	}

}
