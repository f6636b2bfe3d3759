package io.latencylab.telemetry;

import java.io.IOException;

import io.micrometer.common.KeyValue;
import io.opentelemetry.api.baggage.Baggage;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * The HTTP server span starts before the incoming baggage is in scope, so
 * {@link RunIdSpanProcessor} cannot see its run id; this filter, running inside that scope, adds it.
 */
class RunIdServerSpanFilter extends OncePerRequestFilter {

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String runId = Baggage.current().getEntryValue(RunIdSpanProcessor.RUN_ID);
		if (runId != null) {
			ServerHttpObservationFilter.findObservationContext(request)
				.ifPresent((context) -> context.addHighCardinalityKeyValue(KeyValue.of(RunIdSpanProcessor.RUN_ID, runId)));
		}
		chain.doFilter(request, response);
	}

}
