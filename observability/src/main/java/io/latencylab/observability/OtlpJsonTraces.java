package io.latencylab.observability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads spans from the OpenTelemetry OTLP JSON file format (one {"resourceSpans":[…]} object a
 * line), as the services write them in a bare run, and as Jaeger's OTLP-shaped API answers.
 */
public final class OtlpJsonTraces {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private OtlpJsonTraces() {
	}

	/** Every span in every *.jsonl file of {@code dir}. */
	public static List<Span> readDirectory(Path dir) throws IOException {
		List<Span> spans = new ArrayList<>();
		try (Stream<Path> files = Files.list(dir)) {
			for (Path file : files.filter((f) -> f.toString().endsWith(".jsonl")).sorted().toList()) {
				try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
					spans.addAll(readLines(lines));
				}
			}
		}
		return spans;
	}

	public static List<Span> readLines(Reader reader) throws IOException {
		List<Span> spans = new ArrayList<>();
		BufferedReader lines = (reader instanceof BufferedReader buffered) ? buffered : new BufferedReader(reader);
		for (String line = lines.readLine(); line != null; line = lines.readLine()) {
			if (!line.isBlank()) {
				readDocument(JSON.readTree(line), spans);
			}
		}
		return spans;
	}

	/** One OTLP document: {"resourceSpans":[{"resource":…,"scopeSpans":[{"spans":[…]}]}]}. */
	public static void readDocument(JsonNode document, List<Span> into) {
		for (JsonNode resourceSpans : document.path("resourceSpans")) {
			String service = attributes(resourceSpans.path("resource").path("attributes")).getOrDefault("service.name",
					"unknown");
			for (JsonNode scopeSpans : resourceSpans.path("scopeSpans")) {
				for (JsonNode span : scopeSpans.path("spans")) {
					into.add(new Span(service, span.path("traceId").asString(), span.path("spanId").asString(),
							span.path("parentSpanId").asString(""), span.path("name").asString(),
							span.path("kind").asInt(), Long.parseLong(span.path("startTimeUnixNano").asString("0")),
							Long.parseLong(span.path("endTimeUnixNano").asString("0")),
							span.path("status").path("code").asInt() == 2, attributes(span.path("attributes"))));
				}
			}
		}
	}

	private static Map<String, String> attributes(JsonNode list) {
		Map<String, String> attributes = new HashMap<>();
		for (JsonNode attribute : list) {
			JsonNode value = attribute.path("value");
			String text = value.has("stringValue") ? value.path("stringValue").asString()
					: value.propertyNames().isEmpty() ? "" : value.path(value.propertyNames().iterator().next()).asString();
			attributes.put(attribute.path("key").asString(), text);
		}
		return attributes;
	}

}
