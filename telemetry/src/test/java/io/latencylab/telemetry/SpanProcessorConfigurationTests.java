package io.latencylab.telemetry;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanExporters;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/** The span processor the telemetry module makes, in a context with Boot's tracing configuration. */
class SpanProcessorConfigurationTests {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(TelemetryAutoConfiguration.class,
				OpenTelemetrySdkAutoConfiguration.class, OpenTelemetryTracingAutoConfiguration.class))
		// Only the exporters of the test: the module's file exporter stays out.
		.withPropertyValues("lab.traces.file.enabled=false", "management.tracing.sampling.probability=1.0")
		.withUserConfiguration(TwoExporters.class);

	@Test
	void everyExporterBeanGetsTheSpans() {
		this.contexts.run((context) -> {
			endOneSpan(context.getBean(SdkTracerProvider.class));
			TwoExporters exporters = context.getBean(TwoExporters.class);
			assertThat(exporters.first).hasSize(1);
			assertThat(exporters.second).hasSize(1);
		});
	}

	@Test
	void anApplicationsOwnSpanExportersDecideWhatIsExported() {
		this.contexts.withUserConfiguration(OnlyTheFirst.class).run((context) -> {
			endOneSpan(context.getBean(SdkTracerProvider.class));
			TwoExporters exporters = context.getBean(TwoExporters.class);
			assertThat(exporters.first).hasSize(1);
			assertThat(exporters.second).isEmpty();
		});
	}

	private static void endOneSpan(SdkTracerProvider provider) {
		provider.get("test").spanBuilder("one").startSpan().end();
		provider.forceFlush().join(10, TimeUnit.SECONDS);
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoExporters {

		final List<SpanData> first = new ArrayList<>();

		final List<SpanData> second = new ArrayList<>();

		@Bean
		SpanExporter firstExporter() {
			return TestSpans.captureInto(this.first);
		}

		@Bean
		SpanExporter secondExporter() {
			return TestSpans.captureInto(this.second);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OnlyTheFirst {

		@Bean
		SpanExporters spanExporters(TwoExporters exporters) {
			return SpanExporters.of(TestSpans.captureInto(exporters.first));
		}

	}

}
