package io.latencylab.telemetry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class OtlpJsonFileSpanExporterTests {

	@TempDir
	Path dir;

	@Test
	void writesEverySpanAsOtlpJsonLinesAndLosesNoneOnShutdown() throws Exception {
		Path file = this.dir.resolve("traces/service.jsonl");
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.addSpanProcessor(BatchSpanProcessor.builder(new OtlpJsonFileSpanExporter(file)).build())
			.build();
		Tracer tracer = provider.get("test");
		for (int i = 0; i < 250; i++) {
			Span span = tracer.spanBuilder("span-" + i).startSpan();
			span.end();
		}
		// No flush asked for: the shutdown alone must get the queued spans to disk.
		provider.shutdown().join(10, java.util.concurrent.TimeUnit.SECONDS);

		List<String> names = new ArrayList<>();
		JsonMapper json = JsonMapper.builder().build();
		for (String line : Files.readAllLines(file)) {
			JsonNode document = json.readTree(line);
			for (JsonNode resourceSpans : document.path("resourceSpans")) {
				for (JsonNode scopeSpans : resourceSpans.path("scopeSpans")) {
					for (JsonNode span : scopeSpans.path("spans")) {
						assertThat(span.path("traceId").asString()).hasSize(32);
						names.add(span.path("name").asString());
					}
				}
			}
		}
		assertThat(names).hasSize(250).contains("span-0", "span-249");
	}

	@Test
	void writesASpanWithAnArrayAttributeThroughTheSdk() throws Exception {
		Path file = this.dir.resolve("service.jsonl");
		OtlpJsonFileSpanExporter exporter = new OtlpJsonFileSpanExporter(file);
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.addSpanProcessor(SimpleSpanProcessor.create(exporter))
			.build();
		provider.get("test").spanBuilder("plain").startSpan().end();
		provider.get("test")
			.spanBuilder("tagged")
			.setAttribute(AttributeKey.stringArrayKey("tags"), List.of("a", "b"))
			.startSpan()
			.end();
		provider.shutdown().join(10, java.util.concurrent.TimeUnit.SECONDS);

		List<String> lines = Files.readAllLines(file);
		assertThat(lines).hasSize(2);
		JsonNode tagged = JsonMapper.builder().build().readTree(lines.get(1)).at("/resourceSpans/0/scopeSpans/0/spans/0");
		assertThat(tagged.path("name").asString()).isEqualTo("tagged");
		assertThat(tagged.at("/attributes/0/value/arrayValue/values/1/stringValue").asString()).isEqualTo("b");
	}

	@Test
	void appendsToAFileFromAnEarlierRun() throws Exception {
		Path file = this.dir.resolve("service.jsonl");
		for (int run = 0; run < 2; run++) {
			SdkTracerProvider provider = SdkTracerProvider.builder()
				.addSpanProcessor(BatchSpanProcessor.builder(new OtlpJsonFileSpanExporter(file)).build())
				.build();
			provider.get("test").spanBuilder("run-" + run).startSpan().end();
			provider.shutdown().join(10, java.util.concurrent.TimeUnit.SECONDS);
		}
		assertThat(Files.readString(file)).contains("\"run-0\"").contains("\"run-1\"");
	}

	@Test
	void aFileThatReachesItsRollSizeBecomesTheRolledOneAndNoSpanIsLost() throws Exception {
		Path file = this.dir.resolve("service.jsonl");
		Path rolled = OtlpJsonFileSpanExporter.rolled(file);
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.addSpanProcessor(SimpleSpanProcessor.create(new OtlpJsonFileSpanExporter(file, 2_000)))
			.build();
		List<String> written = new ArrayList<>();
		for (int i = 0; i < 40 && !Files.exists(rolled); i++) {
			provider.get("test").spanBuilder("span-" + i).startSpan().end();
			written.add("span-" + i);
		}
		assertThat(rolled).exists();
		assertThat(Files.size(rolled)).isGreaterThanOrEqualTo(2_000);
		assertThat(Files.size(file)).as("a new file").isZero();
		provider.get("test").spanBuilder("after").startSpan().end();
		written.add("after");
		provider.shutdown().join(10, java.util.concurrent.TimeUnit.SECONDS);
		List<String> names = new ArrayList<>(spanNames(rolled));
		names.addAll(spanNames(file));
		assertThat(names).containsExactlyElementsOf(written);
	}

	private static List<String> spanNames(Path file) throws Exception {
		List<String> names = new ArrayList<>();
		JsonMapper json = JsonMapper.builder().build();
		for (String line : Files.readAllLines(file)) {
			json.readTree(line).findValues("name").stream().map(JsonNode::asString).filter((n) -> !n.equals("test")).forEach(names::add);
		}
		return names;
	}

	@Test
	void aSecondRollReplacesTheFirstSoTheDiskHoldsAtMostTwoFiles() throws Exception {
		Path file = this.dir.resolve("service.jsonl");
		OtlpJsonFileSpanExporter exporter = new OtlpJsonFileSpanExporter(file, 1_000);
		SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
		for (int i = 0; i < 200; i++) {
			provider.get("test").spanBuilder("span-" + i).startSpan().end();
		}
		provider.shutdown().join(10, java.util.concurrent.TimeUnit.SECONDS);
		try (var files = Files.list(this.dir)) {
			assertThat(files.map((f) -> f.getFileName().toString())).containsExactlyInAnyOrder("service.jsonl", "service.jsonl.1");
		}
		String rolled = Files.readString(OtlpJsonFileSpanExporter.rolled(file));
		assertThat(rolled).as("the latest roll, not the first").doesNotContain("\"span-0\"");
		assertThat(Files.size(file) + rolled.length()).isLessThan(2 * 1_000 + 2 * 1_000);
	}

}
