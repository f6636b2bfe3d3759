package io.latencylab.telemetry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.observation.ObservationFilter;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.exporter.SpanExportingPredicate;
import io.micrometer.tracing.exporter.SpanFilter;
import io.micrometer.tracing.exporter.SpanReporter;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessorBuilder;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingProperties;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanExporters;
import org.springframework.boot.opentelemetry.autoconfigure.ConditionalOnEnabledOpenTelemetry;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;
import org.springframework.util.unit.DataSize;

/**
 * Where spans go. With an OTLP endpoint configured
 * (management.opentelemetry.tracing.export.otlp.endpoint, as compose does), Spring Boot exports
 * to it and this adds nothing. Without one (the bare default), each service appends its spans as
 * OTLP JSON lines to {lab.traces-dir}/{service}.jsonl, and nothing tries to reach a collector.
 */
// Before Boot's error page, so that its ErrorController gives way to the problem one below.
// Before Boot's tracing, so that its span processor gives way to the one below.
@AutoConfiguration(beforeName = { "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration" })
public class TelemetryAutoConfiguration {

	/**
	 * The span processor Spring Boot would make (its export properties, its meter provider), but
	 * exporting through {@link SpanExportPath}: the SDK's spans as they are, unless span filters,
	 * predicates or reporters ask for Micrometer's copies.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "io.micrometer.tracing.otel.bridge.CompositeSpanExporter",
			"io.opentelemetry.sdk.trace.SdkTracerProvider" })
	@EnableConfigurationProperties(OpenTelemetryTracingProperties.class)
	static class SpanExport {

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnEnabledOpenTelemetry
		BatchSpanProcessor otelSpanProcessor(ObjectProvider<SpanExporters> spanExporters,
				ObjectProvider<SpanExporter> exporters, ObjectProvider<SpanExportingPredicate> predicates,
				ObjectProvider<SpanReporter> reporters, ObjectProvider<SpanFilter> filters,
				ObjectProvider<MeterProvider> meterProvider, OpenTelemetryTracingProperties properties) {
			OpenTelemetryTracingProperties.Export export = properties.getExport();
			// Boot's SpanExporters bean, as Boot's own processor reads it, so that an application
			// replacing it changes what is exported here too.
			List<SpanExporter> exporting = spanExporters
				.getIfAvailable(() -> SpanExporters.of(exporters.orderedStream().toList()))
				.list();
			BatchSpanProcessorBuilder builder = BatchSpanProcessor
				.builder(SpanExportPath.of(exporting, predicates.orderedStream().toList(),
						reporters.orderedStream().toList(), filters.orderedStream().toList()))
				.setExportUnsampledSpans(export.isIncludeUnsampled())
				.setExporterTimeout(export.getTimeout())
				.setMaxExportBatchSize(export.getMaxBatchSize())
				.setMaxQueueSize(export.getMaxQueueSize())
				.setScheduleDelay(export.getScheduleDelay());
			meterProvider.ifAvailable(builder::setMeterProvider);
			return builder.build();
		}

	}

	/**
	 * The sampler Boot configured (management.tracing.sampling, management.opentelemetry.tracing.sampler),
	 * wrapped so that {@code /actuator/sampling} can change it while the service runs, and the
	 * switch of every observation beside it.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "io.opentelemetry.sdk.trace.samplers.Sampler",
			"io.opentelemetry.sdk.trace.SdkTracerProvider" })
	static class SamplingSwitch {

		@Bean
		static BeanPostProcessor switchableSampler() {
			return new BeanPostProcessor() {
				@Override
				public Object postProcessAfterInitialization(Object bean, String name) {
					return (bean instanceof Sampler configured && !(bean instanceof SwitchableSampler))
							? new SwitchableSampler(configured) : bean;
				}
			};
		}

		// Registered on the ObservationRegistry by Boot, as every ObservationPredicate bean is.
		@Bean
		ObservationSwitch observationSwitch() {
			return new ObservationSwitch();
		}

		// Boot's own condition for its sampler bean, which is defined after this class.
		@Bean
		@ConditionalOnAvailableEndpoint
		@ConditionalOnEnabledOpenTelemetry
		SamplingEndpoint samplingEndpoint(Sampler sampler, ObservationSwitch observations) {
			return new SamplingEndpoint((SwitchableSampler) sampler, observations);
		}

	}

	/**
	 * Injections as {@code lab.inject.POINT=DELAY} (the bare lab's command line) and as
	 * {@code lab.injections=POINT=DELAY,…} (LAB_INJECTIONS: one environment variable, as compose passes them).
	 */
	@Bean
	LatencyInjector latencyInjector(Environment environment, ObjectProvider<ObservationRegistry> observations) {
		Map<String, String> delays = new LinkedHashMap<>(Binder.get(environment)
			.bind("lab.inject", Bindable.mapOf(String.class, String.class))
			.orElse(Map.of()));
		delays.putAll(LatencyInjector.parseList(environment.getProperty("lab.injections", "")));
		return new LatencyInjector(delays, observations.getIfAvailable(() -> ObservationRegistry.NOOP));
	}

	@Bean
	@ConditionalOnAvailableEndpoint
	InjectionsEndpoint injectionsEndpoint(LatencyInjector latencyInjector) {
		return new InjectionsEndpoint(latencyInjector);
	}

	/** An injected failure or an unreachable database, in a gRPC service, answers UNAVAILABLE; the unexpected INTERNAL. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.grpc.server.exception.GrpcExceptionHandler")
	static class UnavailableStatuses {

		@Bean
		@Order(0)
		GrpcExceptionHandler unavailableStatus() {
			return new UnavailableStatus();
		}

		@Bean
		@Order(Ordered.LOWEST_PRECEDENCE)
		GrpcExceptionHandler internalStatus() {
			return new InternalStatus();
		}

	}

	/** Every operation's errors in the published OpenAPI description, in the service's error shape. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springdoc.core.customizers.OpenApiCustomizer")
	static class OpenApiErrorResponses {

		@Bean
		OpenApiErrors openApiErrors(Environment environment) {
			return new OpenApiErrors(environment.getProperty("lab.openapi.error-shape", "problem"),
					environment.getProperty("lab.openapi.may-be-unavailable", Boolean.class, false));
		}

	}

	/** The container's errors as problem+json, unless the service has an error page of its own. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(name = "org.springframework.boot.webmvc.error.ErrorController")
	static class ProblemErrorPage {

		@Bean
		@ConditionalOnMissingBean(ErrorController.class)
		ProblemErrorController problemErrorController() {
			return new ProblemErrorController();
		}

	}

	/** Requests Tomcat refuses before any servlet sees them (a NUL in the path) as problem+json too. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.tomcat.TomcatContextCustomizer")
	static class TomcatProblems {

		@Bean
		org.springframework.boot.tomcat.TomcatContextCustomizer problemErrorReportValve() {
			return (context) -> ((org.apache.catalina.core.StandardHost) context.getParent())
				.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
		}

		/** Tomcat's time of reading each request, for the server span (RequestRead). */
		@Bean
		org.springframework.boot.tomcat.TomcatContextCustomizer requestReadValve() {
			return (context) -> context.getPipeline().addValve(new RequestRead.Valve());
		}

	}

	/** An H2 file database (the bare default): synced to disk in time, its half-empty chunks rewritten. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.h2.Driver")
	@ConditionalOnExpression("'${spring.datasource.url:}'.startsWith('jdbc:h2:file:')")
	static class H2Housekeepings {

		@Bean
		H2Housekeeping h2Housekeeping(Environment environment) {
			Duration retention = Binder.get(environment)
				.bind("lab.h2.retention", Duration.class)
				.orElse(Duration.ofSeconds(2));
			return new H2Housekeeping(environment.getRequiredProperty("spring.datasource.url"),
					environment.getProperty("spring.datasource.username", "sa"),
					environment.getProperty("spring.datasource.password", ""), retention);
		}

	}

	@Bean
	RunIdSpanProcessor runIdSpanProcessor() {
		return new RunIdSpanProcessor();
	}

	@Bean
	@ConditionalOnClass(name = "io.grpc.Metadata")
	ObservationFilter grpcRunIdObservationFilter() {
		return new GrpcRunIdObservationFilter();
	}

	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	FilterRegistrationBean<RunIdServerSpanFilter> runIdServerSpanFilter() {
		FilterRegistrationBean<RunIdServerSpanFilter> registration = new FilterRegistrationBean<>(
				new RunIdServerSpanFilter());
		// Inside the server observation's scope: Boot registers that filter at HIGHEST_PRECEDENCE + 1.
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 2);
		return registration;
	}

	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	FilterRegistrationBean<RequestRead.Filter> requestReadFilter() {
		FilterRegistrationBean<RequestRead.Filter> registration = new FilterRegistrationBean<>(new RequestRead.Filter());
		// The first inside the server observation (HIGHEST_PRECEDENCE + 1), as near its start as can be.
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 2);
		return registration;
	}

	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	FilterRegistrationBean<ServerTiming.Filter> serverTimingFilter() {
		FilterRegistrationBean<ServerTiming.Filter> registration = new FilterRegistrationBean<>(new ServerTiming.Filter());
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 3);
		return registration;
	}

	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	FilterRegistrationBean<BodyLimit.Filter> bodyLimitFilter(Environment environment,
			ObjectProvider<BodyLimit.Refusal> refusal) {
		long limit = Binder.get(environment).bind(BodyLimit.PROPERTY, DataSize.class).orElse(DataSize.ofMegabytes(1)).toBytes();
		FilterRegistrationBean<BodyLimit.Filter> registration = new FilterRegistrationBean<>(
				new BodyLimit.Filter(limit, refusal.getIfAvailable(() -> BodyLimit.Refusal.PROBLEM)));
		// Before anything reads the body (multipart parsing, hidden HTTP method forms), inside the
		// server observation so that a refused request is traced and counted too.
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 4);
		return registration;
	}

	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	ServerTiming.PhaseHandler serverTimingPhases() {
		return new ServerTiming.PhaseHandler();
	}

	@Bean
	@ConditionalOnExpression("'${management.opentelemetry.tracing.export.otlp.endpoint:}'.isEmpty() "
			+ "and ${lab.traces.file.enabled:true}")
	OtlpJsonFileSpanExporter otlpJsonFileSpanExporter(Environment environment) {
		String service = environment.getProperty("spring.application.name", "application");
		Path dir = Path.of(environment.getProperty("lab.traces-dir", "runs/current/traces"));
		long maxBytes = Binder.get(environment)
			.bind("lab.traces.file.max-size", DataSize.class)
			.map(DataSize::toBytes)
			.orElse(OtlpJsonFileSpanExporter.DEFAULT_MAX_BYTES);
		return new OtlpJsonFileSpanExporter(dir.resolve(service + ".jsonl"), maxBytes);
	}

}
