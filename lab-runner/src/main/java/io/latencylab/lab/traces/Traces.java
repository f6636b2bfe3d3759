package io.latencylab.lab.traces;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.latencylab.observability.Span;
import tools.jackson.databind.json.JsonMapper;

/** Where a run's spans come from: the services' OTLP JSON files, or Jaeger. */
public interface Traces {

	JsonMapper JSON = JsonMapper.builder().build();

	/** Remembers where the spans stand now, so that collect() reads only what comes after. */
	void mark() throws IOException;

	/**
	 * The spans of the wanted traces that arrived since mark(), waiting up to {@code wait} for
	 * them: exporters send in batches, so the last spans arrive a moment after the load ends.
	 *
	 * @param wanted trace id → the span id the load generator sent, which the root span names as parent
	 */
	List<Span> collect(Map<String, String> wanted, Duration wait) throws IOException, InterruptedException;

	/** The trace ids whose root span (the child of the span the load generator sent) is among {@code spans}. */
	static Set<String> rooted(Collection<Span> spans, Map<String, String> wanted) {
		Map<String, String> parents = new HashMap<>(wanted);
		return spans.stream()
			.filter((s) -> s.parentSpanId().equals(parents.get(s.traceId())))
			.map(Span::traceId)
			.collect(Collectors.toSet());
	}

	/** A step's spans.jsonl: one span a line. */
	static void write(List<Span> spans, Path file) throws IOException {
		try (BufferedWriter writer = Files.newBufferedWriter(file)) {
			for (Span span : spans) {
				writer.write(JSON.writeValueAsString(span));
				writer.write('\n');
			}
		}
	}

	static List<Span> read(Path file) throws IOException {
		List<Span> spans = new ArrayList<>();
		if (Files.exists(file)) {
			for (String line : Files.readAllLines(file)) {
				if (!line.isBlank()) {
					spans.add(JSON.readValue(line, Span.class));
				}
			}
		}
		return spans;
	}

}
