package io.latencylab.telemetry;

import java.util.List;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

/**
 * The sampler Spring Boot configured, whose probability can be changed while the service runs
 * (the {@code sampling} actuator endpoint). So that tracing's cost can be measured on and off in
 * one JVM, alternating, without what differs between two starts (JIT decisions, heap layout)
 * blurring a difference of a few per cent.
 */
public final class SwitchableSampler implements Sampler {

	private final Sampler configured;

	// One field: a switch changes the sampler and the probability it reports together.
	private volatile Choice current;

	public SwitchableSampler(Sampler configured) {
		this.configured = configured;
		this.current = new Choice(configured, null);
	}

	/** From now on, a new trace is sampled with this probability; a span with a parent follows it. */
	public void setProbability(double probability) {
		if (!(probability >= 0 && probability <= 1)) {
			throw new IllegalArgumentException("probability must be from 0 to 1, not " + probability);
		}
		this.current = new Choice(Sampler.parentBased(Sampler.traceIdRatioBased(probability)), probability);
	}

	/** Back to the sampler the service started with. */
	public void reset() {
		this.current = new Choice(this.configured, null);
	}

	/** The probability set here, or null while the configured sampler decides. */
	public Double probability() {
		return this.current.probability();
	}

	@Override
	public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
			Attributes attributes, List<LinkData> parentLinks) {
		return this.current.sampler().shouldSample(parentContext, traceId, name, spanKind, attributes, parentLinks);
	}

	@Override
	public String getDescription() {
		return this.current.sampler().getDescription();
	}

	private record Choice(Sampler sampler, Double probability) {
	}

}
