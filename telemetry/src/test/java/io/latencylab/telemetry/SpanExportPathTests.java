package io.latencylab.telemetry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.micrometer.tracing.exporter.SpanFilter;
import io.opentelemetry.sdk.trace.data.SpanData;
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
		SpanExporter path = SpanExportPath.of(List.of(TestSpans.captureInto(received)), List.of(), List.of(), List.of());
		TestSpans.end(path, 3);
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
		TestSpans.end(SpanExportPath.of(List.of(exporter), List.of(), List.of(), List.of(rename)), 20);
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

}
