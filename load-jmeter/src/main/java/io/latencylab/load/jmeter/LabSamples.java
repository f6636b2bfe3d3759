package io.latencylab.load.jmeter;

import io.latencylab.load.LoadRecorder;

import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * Every sample of the plan into the lab's recorder, as the lab's Gatling requests go: a line of
 * requests.csv (the sampler's label as the group, after a prefix such as "baseline: "), the
 * HdrHistogram interval log and summary.json. One instance for every thread (NoThreadClone).
 * <p>
 * The duration is JMeter's elapsed time, from just before the request is sent to the last byte
 * of the response, which JMeter keeps in whole milliseconds.
 */
public final class LabSamples extends AbstractTestElement
		implements SampleListener, TestStateListener, org.apache.jmeter.engine.util.NoThreadClone {

	private static final long serialVersionUID = 1L;

	private final transient LoadRecorder recorder;

	private final String groupPrefix;

	public LabSamples(LoadRecorder recorder, String groupPrefix) {
		this.recorder = recorder;
		this.groupPrefix = groupPrefix;
		setName("latency-lab recorder");
	}

	@Override
	public void sampleOccurred(SampleEvent event) {
		SampleResult result = event.getResult();
		// Called in the sampling thread, after the sample and before its next pre-processor.
		JMeterVariables variables = JMeterContextService.getContext().getVariables();
		String traceId = (variables != null) ? variables.get(TraceContext.TRACE_ID) : null;
		String spanId = (variables != null) ? variables.get(TraceContext.SPAN_ID) : null;
		this.recorder.record(this.groupPrefix + result.getSampleLabel(), result.getStartTime(),
				result.getTime() * 1_000_000L, status(result.getResponseCode()), result.isSuccessful(),
				(traceId != null) ? traceId : "", (spanId != null) ? spanId : "");
	}

	/** An HTTP status, or 0 for none ("Non HTTP response code: java.net.ConnectException"). */
	static int status(String responseCode) {
		if (responseCode == null || responseCode.length() != 3) {
			return 0;
		}
		try {
			return Integer.parseInt(responseCode);
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

	@Override
	public void sampleStarted(SampleEvent event) {
	}

	@Override
	public void sampleStopped(SampleEvent event) {
	}

	@Override
	public void testStarted() {
	}

	@Override
	public void testStarted(String host) {
	}

	@Override
	public void testEnded() {
		this.recorder.finish();
	}

	@Override
	public void testEnded(String host) {
		testEnded();
	}

}
