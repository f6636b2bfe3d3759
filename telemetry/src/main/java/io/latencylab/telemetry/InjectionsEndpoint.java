package io.latencylab.telemetry;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * {@code /actuator/injections}: GET shows each point's injection (see {@link LatencyInjector});
 * POST {@code {"point": "catalog-before-commit", "spec": "200ms@3%"}} sets one from the next pass
 * on, and without a spec takes it away. Nothing is restarted, so a known answer compares the same
 * warm JVMs with and without its delay.
 */
@Endpoint(id = "injections")
public class InjectionsEndpoint {

	private final LatencyInjector injector;

	public InjectionsEndpoint(LatencyInjector injector) {
		this.injector = injector;
	}

	@ReadOperation
	public Map<String, String> injections() {
		return this.injector.specs();
	}

	/** The injections as set now, or a 400 whose body says what was wrong (a problem's fields). */
	@WriteOperation
	public WebEndpointResponse<Map<String, ?>> set(String point, @Nullable String spec) {
		try {
			this.injector.set(point, spec);
		}
		catch (IllegalArgumentException ex) {
			Map<String, Object> problem = new LinkedHashMap<>();
			problem.put("title", "Bad Request");
			problem.put("status", WebEndpointResponse.STATUS_BAD_REQUEST);
			problem.put("detail", ex.getMessage());
			return new WebEndpointResponse<>(problem, WebEndpointResponse.STATUS_BAD_REQUEST);
		}
		return new WebEndpointResponse<>(injections());
	}

}
