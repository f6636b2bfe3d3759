package io.latencylab.observability;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * Reads spans from Jaeger's query API (GET /api/traces/{traceId}), as the lab collects them under
 * docker compose. Jaeger keeps microseconds, so these spans are precise to the microsecond; a
 * root span keeps its reference to the load generator's span, which Jaeger never saw.
 */
public final class JaegerJsonTraces {

	private JaegerJsonTraces() {
	}

	/** Every span of every trace in an answer: {"data":[{"spans":[…],"processes":{…}}]}. */
	public static List<Span> read(JsonNode answer) {
		List<Span> spans = new ArrayList<>();
		for (JsonNode trace : answer.path("data")) {
			JsonNode processes = trace.path("processes");
			for (JsonNode span : trace.path("spans")) {
				Map<String, String> tags = new HashMap<>();
				for (JsonNode tag : span.path("tags")) {
					tags.put(tag.path("key").asString(), tag.path("value").asString());
				}
				String parent = "";
				for (JsonNode reference : span.path("references")) {
					if (reference.path("refType").asString().equals("CHILD_OF")) {
						parent = reference.path("spanID").asString();
					}
				}
				long start = span.path("startTime").asLong() * 1000;
				long end = start + span.path("duration").asLong() * 1000;
				String service = processes.path(span.path("processID").asString()).path("serviceName").asString("unknown");
				spans.add(new Span(service, span.path("traceID").asString(), span.path("spanID").asString(), parent,
						span.path("operationName").asString(), kind(tags.get("span.kind")), start, end,
						"true".equals(tags.get("error")), tags));
			}
		}
		return spans;
	}

	private static int kind(String tag) {
		if (tag == null) {
			return Span.INTERNAL;
		}
		return switch (tag) {
			case "server" -> Span.SERVER;
			case "client" -> Span.CLIENT;
			case "producer" -> 4;
			case "consumer" -> 5;
			default -> Span.INTERNAL;
		};
	}

}
