package io.latencylab.lab.traces;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.latencylab.observability.Request;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SamplingTracesTests {

	@Test
	void samplingSpreadsEvenlyOverEachGroupAndSkipsUnansweredRequests() {
		List<Request> requests = new ArrayList<>();
		for (int i = 0; i < 3000; i++) {
			requests.add(new Request("query", "q" + i, i, 1, 200, "p" + i, true));
		}
		requests.add(new Request("buy", "b", 0, 1, 200, "pb", true));
		requests.add(new Request("buy", "lost", 0, 1, 0, "pl", false));
		Map<String, String> wanted = Traces.sample(requests, 1000);
		assertThat(wanted).hasSize(1001).containsEntry("q0", "p0").containsEntry("q1500", "p1500").containsEntry("b", "pb");
		assertThat(wanted).doesNotContainKey("lost").doesNotContainKey("q1");
	}

}
