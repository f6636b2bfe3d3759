package io.latencylab.telemetry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.micrometer.tracing.exporter.SpanFilter;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class SpanExportPathTests {

	@TempDir
	Path dir;

	@Test
	void withoutFiltersTheExportersGetTheSdksOwnSpans() {
		List<SpanData> received = new ArrayList<>();
		SpanExporter path = SpanExportPath.of(List.of(capture(received)), List.of(), List.of(), List.of());
		endSpans(path, 3);
		assertThat(received).hasSize(3);
		// Not Micrometer's copies: the SDK's span data, the provider's one resource on every call.
		assertThat(received).allSatisfy((span) -> assertThat(span.getClass().getName()).doesNotContain("micrometer"));
		assertThat(received.get(0).getResource()).isSameAs(received.get(2).getResource())
			.isSameAs(received.get(1).getResource());
	}

	@Test
	void aSpanFilterStillAppliesAndItsSpansShareOneResourceGroup() throws Exception {
		SpanFilter rename = (span) -> span.setName("renamed-" + span.getName());
		Path file = this.dir.resolve("filtered.jsonl");
		OtlpJsonFileSpanExporter exporter = new OtlpJsonFileSpanExporter(file);
		endSpans(SpanExportPath.of(List.of(exporter), List.of(), List.of(), List.of(rename)), 20);
		exporter.shutdown();

		List<String> lines = Files.readAllLines(file);
		assertThat(lines).hasSize(20);
		List<String> names = new ArrayList<>();
		for (String line : lines) {
			JsonNode resourceSpans = JsonMapper.builder().build().readTree(line).path("resourceSpans");
			assertThat(resourceSpans).hasSize(1);
			resourceSpans.get(0).path("scopeSpans").get(0).path("spans").forEach((span) -> names.add(span.path("name").asString()));
		}
		assertThat(names).hasSize(20).allSatisfy((name) -> assertThat(name).startsWith("renamed-span-"));
	}

	private static void endSpans(SpanExporter exporter, int count) {
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.setResource(Resource.getDefault().merge(Resource.create(Attributes.of(
					AttributeKey.stringKey("service.name"), "checkout"))))
			.addSpanProcessor(SimpleSpanProcessor.create(exporter))
			.build();
		for (int i = 0; i < count; i++) {
			provider.get("test").spanBuilder("span-" + i).startSpan().end();
		}
		provider.forceFlush().join(10, TimeUnit.SECONDS);
	}

	private static SpanExporter capture(List<SpanData> received) {
		return new SpanExporter() {
			@Override
			public synchronized CompletableResultCode export(Collection<SpanData> spans) {
				received.addAll(spans);
				return CompletableResultCode.ofSuccess();
			}

			@Override
			public CompletableResultCode flush() {
				return CompletableResultCode.ofSuccess();
			}

			@Override
			public CompletableResultCode shutdown() {
				return CompletableResultCode.ofSuccess();
			}
		};
	}

}
