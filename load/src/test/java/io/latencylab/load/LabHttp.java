package io.latencylab.load;

import java.util.Arrays;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.status;

/** Every lab request: a fresh traceparent, the run id as baggage, and a line in the recorder. */
public final class LabHttp {

	private static final String TIMING = "labTiming";

	private LabHttp() {
	}

	/**
	 * One request's clock. It starts when the HTTP client writes the request on the connection
	 * (Gatling's signing hook runs there) and stops when the response is complete (its
	 * response transformer runs before the checks), the window wrk measures too. Gatling's own
	 * work before and after (resolving the request, checks, the next action) stays outside it.
	 * The request's own thread sets and reads it; volatile for the case where it does not.
	 */
	static final class Timing {

		volatile long start;

		volatile long end;

		Timing(long start) {
			this.start = start;
		}

		/** The request's duration; from the action's start, or until now, when a hook did not run (no response). */
		long nanos() {
			long stop = (this.end != 0) ? this.end : System.nanoTime();
			return stop - this.start;
		}

	}

	/**
	 * @param group the request group it is reported under
	 * @param expected statuses that count as success (a 409 for a sold-out toy may be one)
	 */
	public static ChainBuilder call(LoadRecorder recorder, String group, HttpRequestActionBuilder request,
			Integer... expected) {
		Integer[] ok = (expected.length == 0) ? new Integer[] { 200 } : expected;
		return exec((session) -> {
			Traceparent trace = Traceparent.random();
			return session.set("traceparent", trace.header())
				.set("traceId", trace.traceId())
				.set("spanId", trace.spanId())
				.set("startMillis", System.currentTimeMillis())
				.set(TIMING, new Timing(System.nanoTime()));
		}).exec(request.header("traceparent", "#{traceparent}")
			.header("baggage", "lab.run.id=" + recorder.runId())
			.sign((httpRequest, session) -> {
				session.<Timing>get(TIMING).start = System.nanoTime();
				return httpRequest;
			})
			.transformResponse((response, session) -> {
				session.<Timing>get(TIMING).end = System.nanoTime();
				return response;
			})
			.check(status().saveAs("status"), status().in(ok)))
			.exec((session) -> {
				int status = session.contains("status") ? session.getInt("status") : 0;
				recorder.record(group, session.getLong("startMillis"), session.<Timing>get(TIMING).nanos(), status,
						Arrays.asList(ok).contains(status), session.getString("traceId"), session.getString("spanId"));
				return session.remove("status").remove(TIMING);
			});
	}

}
