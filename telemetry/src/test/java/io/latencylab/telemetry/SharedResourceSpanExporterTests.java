package io.latencylab.telemetry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.DelegatingSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class SharedResourceSpanExporterTests {

	@TempDir
	Path dir;

	@Test
	void spansWhoseResourceIsBuiltAnewOnEveryCallAreWrittenAsOneResourceGroup() throws Exception {
		List<SpanData> spans = freshResourceSpans(50);

		Path unshared = this.dir.resolve("unshared.jsonl");
		export(new OtlpJsonFileSpanExporter(unshared), spans);
		Path shared = this.dir.resolve("shared.jsonl");
		export(new SharedResourceSpanExporter(new OtlpJsonFileSpanExporter(shared)), spans);

		// What Micrometer's bridge gave the file before: a resource group, and the resource, per span.
		assertThat(line(unshared).path("resourceSpans")).hasSize(50);
		JsonNode resourceSpans = line(shared).path("resourceSpans");
		assertThat(resourceSpans).hasSize(1);
		assertThat(resourceSpans.get(0).path("scopeSpans")).hasSize(1);
		List<String> names = new ArrayList<>();
		resourceSpans.get(0).path("scopeSpans").get(0).path("spans").forEach((span) -> names.add(span.path("name").asString()));
		assertThat(names).hasSize(50).contains("span-0", "span-49");
		assertThat(resourceSpans.get(0).path("resource").toString()).contains("\"service.name\"").contains("\"checkout\"");
		assertThat(Files.size(shared)).isLessThan(Files.size(unshared) / 2);
	}

	@Test
	void spansOfDifferentResourcesStayApart() throws Exception {
		List<SpanData> spans = new ArrayList<>(freshResourceSpans(3));
		spans.add(new FreshResource(spans.get(0)) {
			@Override
			public Resource getResource() {
				return Resource.create(Attributes.of(
						AttributeKey.stringKey("service.name"), "payments"));
			}
		});
		Path file = this.dir.resolve("two.jsonl");
		export(new SharedResourceSpanExporter(new OtlpJsonFileSpanExporter(file)), spans);
		JsonNode resourceSpans = line(file).path("resourceSpans");
		assertThat(resourceSpans).hasSize(2);
		assertThat(resourceSpans.toString()).contains("\"payments\"").contains("\"checkout\"");
	}

	/** Real SDK spans, each answering getResource() with a new, equal Resource, as the bridge does. */
	private static List<SpanData> freshResourceSpans(int count) {
		List<SpanData> finished = new ArrayList<>();
		TestSpans.end(TestSpans.captureInto(finished), count);
		return finished.stream().<SpanData>map(FreshResource::new).toList();
	}

	private static void export(SpanExporter exporter, List<SpanData> spans) {
		assertThat(exporter.export(spans).join(10, TimeUnit.SECONDS).isSuccess()).isTrue();
		exporter.shutdown();
	}

	private static JsonNode line(Path file) throws Exception {
		List<String> lines = Files.readAllLines(file);
		assertThat(lines).hasSize(1);
		return JsonMapper.builder().build().readTree(lines.get(0));
	}

	private static class FreshResource extends DelegatingSpanData {

		FreshResource(SpanData span) {
			super(span);
		}

		@Override
		public Resource getResource() {
			return Resource.create(super.getResource().getAttributes());
		}

	}

}
