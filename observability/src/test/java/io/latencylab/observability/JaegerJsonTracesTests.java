package io.latencylab.observability;

import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class JaegerJsonTracesTests {

	@Test
	void readsServiceKindParentAndNanosecondTimesFromTheQueryApi() {
		String answer = """
				{"data":[{"traceID":"t1","spans":[
				  {"traceID":"t1","spanID":"s1","operationName":"http post /orders","references":[{"refType":"CHILD_OF","traceID":"t1","spanID":"sent"}],
				   "startTime":1000,"duration":250,"tags":[{"key":"span.kind","type":"string","value":"server"}],"processID":"p1"},
				  {"traceID":"t1","spanID":"s2","operationName":"Buy","references":[{"refType":"CHILD_OF","traceID":"t1","spanID":"s1"}],
				   "startTime":1100,"duration":100,"tags":[{"key":"span.kind","type":"string","value":"client"},{"key":"error","type":"bool","value":true}],"processID":"p1"}],
				 "processes":{"p1":{"serviceName":"frontend-service","tags":[]}}}]}
				""";
		List<Span> spans = JaegerJsonTraces.read(JsonMapper.builder().build().readTree(answer));
		assertThat(spans).hasSize(2);
		Span root = spans.get(0);
		assertThat(root.service()).isEqualTo("frontend-service");
		assertThat(root.parentSpanId()).isEqualTo("sent");
		assertThat(root.kind()).isEqualTo(Span.SERVER);
		assertThat(root.startNanos()).isEqualTo(1_000_000);
		assertThat(root.durationNanos()).isEqualTo(250_000);
		assertThat(spans.get(1).kind()).isEqualTo(Span.CLIENT);
		assertThat(spans.get(1).error()).isTrue();
		assertThat(spans.get(1).parentSpanId()).isEqualTo("s1");
	}

}
