package io.latencylab.telemetry;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
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

			assertThat(endpoint.set(0.0, null)).containsEntry("probability", 0.0);
			assertThat(sampled(tracer)).isFalse();

			endpoint.set(null, null);
			assertThat(endpoint.sampling()).containsEntry("probability", null);
			assertThat(sampled(tracer)).isTrue();
		});
	}

	@Test
	void aTraceStartedBeforeTheSwitchStaysWhole() {
		this.contexts.run((context) -> {
			Tracer tracer = context.getBean(SdkTracerProvider.class).get("test");
			Span parent = tracer.spanBuilder("parent").startSpan();
			context.getBean(SamplingEndpoint.class).set(0.0, null);
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
			endpoint.set(0.0, null);
			for (double wrong : new double[] { -0.1, 1.5, Double.NaN }) {
				assertThatExceptionOfType(InvalidEndpointRequestException.class)
					.isThrownBy(() -> endpoint.set(wrong, false))
					.withMessageContaining("from 0 to 1");
			}
			assertThat(endpoint.sampling()).containsEntry("probability", 0.0).containsEntry("observations", true);
		});
	}

	@Test
	void observationsSwitchedOffAreNoOpsUntilSwitchedOnAgainAndTheSamplerIsLeftConfigured() {
		// A handler that takes every observation: a registry with none makes each one a no-op anyway.
		this.contexts.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class))
			.withBean(ObservationHandler.class, () -> (ObservationHandler<Observation.Context>) (context) -> true)
			.run((context) -> {
			ObservationRegistry registry = context.getBean(ObservationRegistry.class);
			SamplingEndpoint endpoint = context.getBean(SamplingEndpoint.class);
			assertThat(Observation.start("lab.test", registry).isNoop()).isFalse();

			assertThat(endpoint.set(null, false)).containsEntry("observations", false)
				.containsEntry("probability", null);
			Observation off = Observation.start("lab.test", registry);
			assertThat(off.isNoop()).isTrue();
			off.stop();

			assertThat(endpoint.set(null, null)).containsEntry("observations", true);
			assertThat(Observation.start("lab.test", registry).isNoop()).isFalse();
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
