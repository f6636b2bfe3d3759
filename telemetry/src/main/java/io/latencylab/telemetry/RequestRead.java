package io.latencylab.telemetry;

import java.io.IOException;

import io.micrometer.common.KeyValue;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * When the server began reading a request, on its server span: {@value #ATTRIBUTE}, the
 * nanoseconds from Tomcat's reading the first bytes of the request line (on the thread that then
 * serves it) to the first filter inside the span, microseconds after the span starts. It splits
 * the front door: what came before the server read the request (the connection, the network, the
 * accept queue, waiting for a thread) from what the server did with it before the span (parsing,
 * the valves and filters ahead of it). Tomcat marks that moment for every request on a kept-alive
 * connection too.
 */
final class RequestRead {

	static final String ATTRIBUTE = "lab.server.read.ns";

	private static final String READ_NANOS = RequestRead.class.getName() + ".nanos";

	private RequestRead() {
	}

	/** Hands Tomcat's own start time of the request (System.nanoTime) to the filter, as a request attribute. */
	static final class Valve extends ValveBase {

		Valve() {
			super(true);
		}

		@Override
		public void invoke(Request request, Response response) throws IOException, ServletException {
			request.setAttribute(READ_NANOS, request.getCoyoteRequest().getStartTimeNanos());
			getNext().invoke(request, response);
		}

	}

	/** Puts the time since Tomcat read the request on the server span; nothing where no valve marked it. */
	static final class Filter extends OncePerRequestFilter {

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (request.getAttribute(READ_NANOS) instanceof Long read && read > 0) {
				long since = System.nanoTime() - read;
				if (since >= 0) {
					ServerHttpObservationFilter.findObservationContext(request)
						.ifPresent((context) -> context.addHighCardinalityKeyValue(KeyValue.of(ATTRIBUTE, Long.toString(since))));
				}
			}
			chain.doFilter(request, response);
		}

	}

}
