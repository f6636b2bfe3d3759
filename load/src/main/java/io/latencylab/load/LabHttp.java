package io.latencylab.load;

import java.util.Arrays;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.status;

/** Every lab request: a fresh traceparent, the run id as baggage, and (unless unrecorded) a line in the recorder. */
public final class LabHttp {

	private static final String TIMING = "labTiming";

	private LabHttp() {
	}

	/**
	 * One request's clock. It starts as the generator sets out to send the request, so that a
	 * connection it must open first (DNS, TCP, TLS) counts, as in Gatling's own response time; it
	 * stops when the response is complete (Gatling's response transformer runs then, before the
	 * checks), so that Gatling's work after the answer (checks, its statistics, the next action)
	 * stays outside. On a kept-alive connection that is the window wrk measures.
	 */
	static final class Timing {

		final long start = System.nanoTime();

		volatile long end;

		/** The request's duration; until now when no response came (the transformer did not run). */
		long nanos() {
			long stop = (this.end != 0) ? this.end : System.nanoTime();
			return stop - this.start;
		}

	}

	/**
	 * @param group the request group it is reported under
	 * @param expected statuses that count as success (a 409 for a sold-out toy may be one)
	 */
	public static ChainBuilder call(Answers recorder, String group, HttpRequestActionBuilder request,
			Integer... expected) {
		return timed(recorder, group, request.transformResponse((response, session) -> {
			session.<Timing>get(TIMING).end = System.nanoTime();
			return response;
		}), expected);
	}

	/**
	 * A request whose body is too large to keep: a response transformer makes Gatling keep the
	 * whole body in memory, so the clock stops at the next action instead, after the status check
	 * (microseconds, next to a transfer of seconds). Nothing reads the body: Gatling drops each
	 * chunk as it comes.
	 */
	public static ChainBuilder bulk(Answers recorder, String group, HttpRequestActionBuilder request,
			Integer... expected) {
		return timed(recorder, group, request, expected);
	}

	/**
	 * A lab request that is sent and not recorded, Gatling's own statistics included: traffic that
	 * warms a path the measured requests will take. {@code expected}: the statuses it must get.
	 */
	public static ChainBuilder unrecorded(String runId, HttpRequestActionBuilder request, Integer... expected) {
		return exec((session) -> session.set("traceparent", Traceparent.random().header()))
			.exec(labHeaders(request, runId).check(status().in(expected)).silent());
	}

	/** The headers of every lab request: the traceparent the session holds, the run id as baggage. */
	private static HttpRequestActionBuilder labHeaders(HttpRequestActionBuilder request, String runId) {
		return request.header("traceparent", "#{traceparent}").header("baggage", "lab.run.id=" + runId);
	}

	private static ChainBuilder timed(Answers recorder, String group, HttpRequestActionBuilder request,
			Integer... expected) {
		Integer[] ok = (expected.length == 0) ? new Integer[] { 200 } : expected;
		return exec((session) -> {
			Traceparent trace = Traceparent.random();
			return session.set("traceparent", trace.header())
				.set("traceId", trace.traceId())
				.set("spanId", trace.spanId())
				.set("startMillis", System.currentTimeMillis())
				.set(TIMING, new Timing());
		}).exec(labHeaders(request, recorder.runId()).check(status().saveAs("status"), status().in(ok)))
			.exec((session) -> {
				int status = session.contains("status") ? session.getInt("status") : 0;
				recorder.record(group, session.getLong("startMillis"), session.<Timing>get(TIMING).nanos(), status,
						Arrays.asList(ok).contains(status), session.getString("traceId"), session.getString("spanId"));
				return session.remove("status").remove(TIMING);
			});
	}

}
