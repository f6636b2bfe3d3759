package io.latencylab.load.jmeter;

import io.latencylab.load.Traceparent;

import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * A fresh W3C trace context before every sample of the plan: the ids go into variables, and a
 * Header Manager at the plan's top sends them, with the run id as baggage, on every HTTP request,
 * as the lab's Gatling requests carry theirs. The sample's recorder reads the same variables, so
 * each line of requests.csv names the trace its request started.
 */
public final class TraceContext extends AbstractTestElement implements PreProcessor {

	private static final long serialVersionUID = 1L;

	static final String TRACEPARENT = "latencylab_traceparent";

	static final String TRACE_ID = "latencylab_trace_id";

	static final String SPAN_ID = "latencylab_span_id";

	public TraceContext() {
		setName("latency-lab trace context");
	}

	@Override
	public void process() {
		JMeterVariables variables = JMeterContextService.getContext().getVariables();
		Traceparent trace = Traceparent.random();
		variables.put(TRACEPARENT, trace.header());
		variables.put(TRACE_ID, trace.traceId());
		variables.put(SPAN_ID, trace.spanId());
	}

	/** The headers every request of the plan gets, whatever its own Header Managers send. */
	static HeaderManager headers(String runId) {
		HeaderManager headers = new HeaderManager();
		headers.setName("latency-lab trace headers");
		// An HTTP sampler takes a config element only if its GUI class says what it is (as a saved plan's does).
		headers.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.protocol.http.gui.HeaderPanel");
		headers.setProperty(TestElement.TEST_CLASS, HeaderManager.class.getName());
		headers.add(new Header("traceparent", "${" + TRACEPARENT + "}"));
		headers.add(new Header("baggage", "lab.run.id=" + runId));
		return headers;
	}

}
