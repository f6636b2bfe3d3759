package io.latencylab.load;

import java.util.Arrays;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.status;

/** Every lab request: a fresh traceparent, the run id as baggage, and a line in the recorder. */
public final class LabHttp {

	private LabHttp() {
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
				.set("startNanos", System.nanoTime())
				.set("startMillis", System.currentTimeMillis());
		}).exec(request.header("traceparent", "#{traceparent}")
			.header("baggage", "lab.run.id=" + recorder.runId())
			.check(status().saveAs("status"), status().in(ok)))
			.exec((session) -> {
				int status = session.contains("status") ? session.getInt("status") : 0;
				recorder.record(group, session.getLong("startMillis"), System.nanoTime() - session.getLong("startNanos"),
						status, Arrays.asList(ok).contains(status), session.getString("traceId"), session.getString("spanId"));
				return session.remove("status");
			});
	}

}
