package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OtlpJsonTracesTests {

	private static final String TRACE_A = "0f8b9584d6ffe666f90cc80e2a8e8d2c";

	private static final String TRACE_B = "1a2b3c4d5e6f708192a3b4c5d6e7f809";

	@Test
	void aLineGivesTheSpansOfTheWantedTracesOnly() {
		String line = """
				{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"order-service"}}]},\
				"scopeSpans":[{"spans":[%s,%s]}]}]}""".formatted(span(TRACE_A, "a1", "order.place"), span(TRACE_B, "b1", "order.read"));
		List<Span> spans = new ArrayList<>();
		OtlpJsonTraces.readLine(line, Set.of(TRACE_B)::contains, spans);
		assertThat(spans).singleElement().satisfies((span) -> {
			assertThat(span.traceId()).isEqualTo(TRACE_B);
			assertThat(span.service()).isEqualTo("order-service");
			assertThat(span.name()).isEqualTo("order.read");
		});
	}

	@Test
	void aLineThatNamesNoWantedTraceIsNotParsed() {
		// Not JSON at all: parsed, it would throw.
		String line = "{\"traceId\":\"" + TRACE_A + "\", not json";
		List<Span> spans = new ArrayList<>();
		OtlpJsonTraces.readLine(line, Set.of(TRACE_B)::contains, spans);
		OtlpJsonTraces.readLine("", Set.of(TRACE_B)::contains, spans);
		assertThat(spans).isEmpty();
	}

	private static String span(String traceId, String spanId, String name) {
		return """
				{"traceId":"%s","spanId":"%s","name":"%s","kind":2,"startTimeUnixNano":"1000","endTimeUnixNano":"2000",\
				"status":{},"attributes":[]}""".formatted(traceId, spanId, name);
	}

}
