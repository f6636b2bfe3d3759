package io.latencylab.meals.soap;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * Gives the HTTP server span of a SOAP call a real route. Spring-WS's servlet is not Spring MVC,
 * so nothing else sets one and every SOAP request would be {@code uri=UNKNOWN}.
 */
class SoapRouteFilter extends OncePerRequestFilter {

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String route = request.getRequestURI().endsWith(".wsdl") ? "/ws/{definition}.wsdl"
				: request.getRequestURI().endsWith(".xsd") ? "/ws/{schema}.xsd" : "/ws";
		ServerHttpObservationFilter.findObservationContext(request).ifPresent((context) -> context.setPathPattern(route));
		chain.doFilter(request, response);
	}

}
