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
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads spans from the OpenTelemetry OTLP JSON file format (one {"resourceSpans":[…]} object a
 * line), as the services write them in a bare run, and as Jaeger's OTLP-shaped API answers.
 */
public final class OtlpJsonTraces {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** A span's trace id as the OTLP JSON encoding writes it (a string; hex in practice). */
	private static final Pattern TRACE_ID = Pattern.compile("\"traceId\"\\s*:\\s*\"([^\"]+)\"");

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

	/**
	 * The spans of one OTLP JSON line that belong to a trace {@code wanted} accepts, added to
	 * {@code into}. A line that names none of them is not parsed: a run reads the few traces it sampled
	 * out of every span the services wrote meanwhile.
	 */
	public static void readLine(String line, Predicate<String> wanted, List<Span> into) {
		Matcher traceIds = TRACE_ID.matcher(line);
		boolean any = false;
		while (!any && traceIds.find()) {
			any = wanted.test(traceIds.group(1));
		}
		if (!any) {
			return;
		}
		List<Span> spans = new ArrayList<>();
		readDocument(JSON.readTree(line), spans);
		spans.stream().filter((span) -> wanted.test(span.traceId())).forEach(into::add);
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
