package io.latencylab.telemetry;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * {@code /actuator/sampling}: GET shows how new traces are sampled and whether the observations
 * run; POST {@code {"probability": p, "observations": false}} sets both, a field left out going
 * back to its configured state: {@code {"probability": 0}} samples no new trace, {@code
 * {"observations": false}} makes every observation a no-op (no meters, no spans: the service as
 * if uninstrumented), {@code {}} is the service as started. Nothing is restarted.
 */
@Endpoint(id = "sampling")
public class SamplingEndpoint {

	private final SwitchableSampler sampler;

	private final ObservationSwitch observations;

	public SamplingEndpoint(SwitchableSampler sampler, ObservationSwitch observations) {
		this.sampler = sampler;
		this.observations = observations;
	}

	@ReadOperation
	public Map<String, Object> sampling() {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("probability", this.sampler.probability());
		body.put("sampler", this.sampler.getDescription());
		body.put("observations", this.observations.enabled());
		return body;
	}

	@WriteOperation
	public Map<String, Object> set(@Nullable Double probability, @Nullable Boolean observations) {
		// Checked before anything changes: a refused body leaves both as they were.
		if (probability != null && !(probability >= 0 && probability <= 1)) {
			String message = "probability must be from 0 to 1, not " + probability;
			throw new InvalidEndpointRequestException(message, message);
		}
		if (probability == null) {
			this.sampler.reset();
		}
		else {
			this.sampler.setProbability(probability);
		}
		this.observations.setEnabled(observations == null || observations);
		return sampling();
	}

}
