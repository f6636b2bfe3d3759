package io.latencylab.sort;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a body whose declared length is over the limit before anything reads it (multipart
 * parsing included), and closes the connection so the rest is never read either.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class BodySizeLimitFilter extends OncePerRequestFilter {

	private final long limit;

	BodySizeLimitFilter(SortProperties properties) {
		this.limit = properties.maxBodySize().toBytes();
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > this.limit) {
			SortRequestException refused = SortRequestException.bodyTooLarge(this.limit);
			response.setStatus(HttpStatus.PAYLOAD_TOO_LARGE.value());
			response.setHeader("Connection", "close");
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			response.getWriter()
				.write("{\"type\":\"about:blank\",\"title\":\"" + refused.title() + "\",\"status\":413,\"detail\":\""
						+ refused.getMessage() + "\",\"limit\":" + this.limit + "}");
			return;
		}
		chain.doFilter(request, response);
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !request.getRequestURI().startsWith("/sort");
	}

}
