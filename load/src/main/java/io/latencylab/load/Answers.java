package io.latencylab.load;

/** Where a lab request's answer goes: the recorder of a measured run, or a warm-up that only judges its windows. */
public interface Answers {

	/** The run id the requests carry as baggage. */
	String runId();

	/** One request as the virtual user saw it; status 0 means no response at all. */
	void record(String group, long startEpochMillis, long durationNanos, int status, boolean ok, String traceId,
			String parentSpanId);

}
