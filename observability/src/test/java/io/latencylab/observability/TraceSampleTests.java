package io.latencylab.observability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TraceSampleTests {

	/** {@code n} queries sent in order; the i-th took (i * 7919 mod n) ms, so speed and order do not go together. */
	private static List<Request> queries(int n) {
		List<Request> requests = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			requests.add(new Request("query", "q" + i, i, (i * 7919L) % n, 200, "p" + i, true));
		}
		return requests;
	}

	@Test
	void theEvenSpreadCoversTheStepAndSkipsUnansweredRequests() {
		List<Request> requests = queries(3000);
		requests.add(new Request("buy", "b", 0, 1, 200, "pb", true));
		requests.add(new Request("buy", "lost", 0, 1, 0, "pl", false));
		Map<String, String> wanted = TraceSample.evenSpread(requests, 1000);
		assertThat(wanted).hasSize(1001).containsEntry("q0", "p0").containsEntry("q1500", "p1500").containsEntry("b", "pb");
		assertThat(wanted).doesNotContainKey("lost").doesNotContainKey("q1");
	}

	@Test
	void everySlowestRequestIsTracedAndEachBandAtMostItsShare() {
		List<Request> requests = queries(3000);
		Map<String, String> wanted = TraceSample.bands(requests, Bands.DEFAULT, 100);
		// The extreme band: the 30 slowest, 2970 ms to 2999 ms, every one.
		for (Request r : requests) {
			if (r.durationMs() >= 2970) {
				assertThat(wanted).containsKey(r.traceId());
			}
		}
		// The median band (300 requests) and the tail band (270) spread to 100 each.
		long median = requests.stream().filter((r) -> wanted.containsKey(r.traceId()))
			.filter((r) -> r.durationMs() >= 1350 && r.durationMs() < 1650).count();
		long tail = requests.stream().filter((r) -> wanted.containsKey(r.traceId()))
			.filter((r) -> r.durationMs() >= 2700 && r.durationMs() < 2970).count();
		assertThat(median).isEqualTo(100);
		assertThat(tail).isEqualTo(100);
		assertThat(wanted).hasSize(30 + 100 + 100);
		// Outside every band, nothing.
		assertThat(requests.stream().filter((r) -> wanted.containsKey(r.traceId())).mapToDouble(Request::durationMs))
			.allMatch((ms) -> (ms >= 1350 && ms < 1650) || ms >= 2700);
		// Both together: the spread and the bands.
		assertThat(TraceSample.of(requests, Bands.DEFAULT)).containsAllEntriesOf(wanted)
			.containsAllEntriesOf(TraceSample.evenSpread(requests, TraceSample.PER_GROUP));
	}

}
