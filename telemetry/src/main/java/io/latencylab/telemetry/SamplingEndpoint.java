package io.latencylab.telemetry;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * {@code /actuator/sampling}: GET shows how new traces are sampled; POST {@code {"probability": p}}
 * sets it from 0 to 1, POST {@code {}} goes back to the configured sampler. Nothing is restarted.
 */
@Endpoint(id = "sampling")
public class SamplingEndpoint {

	private final SwitchableSampler sampler;

	public SamplingEndpoint(SwitchableSampler sampler) {
		this.sampler = sampler;
	}

	@ReadOperation
	public Map<String, Object> sampling() {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("probability", this.sampler.probability());
		body.put("sampler", this.sampler.getDescription());
		return body;
	}

	@WriteOperation
	public Map<String, Object> setProbability(@Nullable Double probability) {
		if (probability == null) {
			this.sampler.reset();
		}
		else {
			try {
				this.sampler.setProbability(probability);
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidEndpointRequestException(ex.getMessage(), ex.getMessage());
			}
		}
		return sampling();
	}

}
