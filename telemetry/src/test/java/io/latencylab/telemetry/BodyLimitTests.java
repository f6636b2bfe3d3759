package io.latencylab.telemetry;

import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class BodyLimitTests {

	private final BodyLimit.Filter filter = new BodyLimit.Filter(10, BodyLimit.Refusal.PROBLEM);

	@Test
	void aDeclaredLengthOverTheLimitIsRefusedBeforeAnythingReadsIt() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/x");
		request.setContent(new byte[11]);
		MockHttpServletResponse response = new MockHttpServletResponse();
		AtomicBoolean reached = new AtomicBoolean();
		this.filter.doFilter(request, response, (req, res) -> reached.set(true));
		assertThat(reached).isFalse();
		assertThat(response.getStatus()).isEqualTo(413);
		assertThat(response.getHeader("Connection")).isEqualTo("close");
		assertThat(response.getContentType()).isEqualTo("application/problem+json");
		assertThat(response.getContentAsString()).contains("\"status\":413").contains("\"limit\":10")
			.contains("lab.http.max-body-size");
	}

	@Test
	void aBodyWithoutALengthIsCutOffWhereItPassesTheLimit() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/x") {
			@Override
			public long getContentLengthLong() {
				return -1; // chunked
			}
		};
		request.setContent(new byte[25]);
		MockFilterChain chain = new MockFilterChain();
		this.filter.doFilter(request, new MockHttpServletResponse(), chain);
		InputStream in = ((HttpServletRequest) chain.getRequest()).getInputStream();
		assertThat(in.readNBytes(10)).hasSize(10);
		assertThatExceptionOfType(BodyLimit.TooLarge.class).isThrownBy(in::read).satisfies((ex) -> {
			assertThat(ex.limit()).isEqualTo(10);
			assertThat(ex.getMessage()).contains("10 bytes");
		});
	}

	@Test
	void aBodyWithinTheLimitPassesWhole() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/x");
		request.setContent("0123456789".getBytes());
		MockFilterChain chain = new MockFilterChain();
		this.filter.doFilter(request, new MockHttpServletResponse(), chain);
		assertThat(((HttpServletRequest) chain.getRequest()).getInputStream().readAllBytes()).asString()
			.isEqualTo("0123456789");
	}

}
