package io.latencylab.telemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Sampling changed while the context runs, through the sampling endpoint. */
class SamplingSwitchTests {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(TelemetryAutoConfiguration.class,
				OpenTelemetrySdkAutoConfiguration.class, OpenTelemetryTracingAutoConfiguration.class))
		.withPropertyValues("lab.traces.file.enabled=false", "management.tracing.sampling.probability=1.0",
				"management.endpoints.web.exposure.include=sampling");

	@Test
	void newTracesFollowTheProbabilitySetAndTheConfiguredOneAfterAReset() {
		this.contexts.run((context) -> {
			Tracer tracer = context.getBean(SdkTracerProvider.class).get("test");
			SamplingEndpoint endpoint = context.getBean(SamplingEndpoint.class);
			assertThat(sampled(tracer)).isTrue();
			assertThat(endpoint.sampling()).containsEntry("probability", null);

			assertThat(endpoint.setProbability(0.0)).containsEntry("probability", 0.0);
			assertThat(sampled(tracer)).isFalse();

			endpoint.setProbability(null);
			assertThat(endpoint.sampling()).containsEntry("probability", null);
			assertThat(sampled(tracer)).isTrue();
		});
	}

	@Test
	void aTraceStartedBeforeTheSwitchStaysWhole() {
		this.contexts.run((context) -> {
			Tracer tracer = context.getBean(SdkTracerProvider.class).get("test");
			Span parent = tracer.spanBuilder("parent").startSpan();
			context.getBean(SamplingEndpoint.class).setProbability(0.0);
			Span child = tracer.spanBuilder("child").setParent(Context.current().with(parent)).startSpan();
			assertThat(child.getSpanContext().isSampled()).isTrue();
			child.end();
			parent.end();
		});
	}

	@Test
	void aProbabilityOutsideZeroToOneIsRefusedAndChangesNothing() {
		this.contexts.run((context) -> {
			SamplingEndpoint endpoint = context.getBean(SamplingEndpoint.class);
			endpoint.setProbability(0.0);
			for (double wrong : new double[] { -0.1, 1.5, Double.NaN }) {
				assertThatExceptionOfType(InvalidEndpointRequestException.class)
					.isThrownBy(() -> endpoint.setProbability(wrong))
					.withMessageContaining("from 0 to 1");
			}
			assertThat(endpoint.sampling()).containsEntry("probability", 0.0);
		});
	}

	@Test
	void theSamplerIsSwitchableEvenWhereTheEndpointIsNotExposed() {
		this.contexts.withPropertyValues("management.endpoints.web.exposure.include=health").run((context) -> {
			assertThat(context).doesNotHaveBean(SamplingEndpoint.class);
			assertThat(context.getBean(Sampler.class)).isInstanceOf(SwitchableSampler.class);
		});
	}

	private static boolean sampled(Tracer tracer) {
		Span span = tracer.spanBuilder("root").startSpan();
		span.end();
		return span.getSpanContext().isSampled();
	}

}
