package io.latencylab.telemetry;

import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Copies the W3C baggage entry {@code lab.run.id} onto every span as an attribute, so that all
 * server spans of one load run can be found. The load generator sends it; the propagators carry it
 * over HTTP and gRPC (management.tracing.baggage.remote-fields).
 */
public class RunIdSpanProcessor implements SpanProcessor {

	public static final String RUN_ID = "lab.run.id";

	private static final AttributeKey<String> RUN_ID_ATTRIBUTE = AttributeKey.stringKey(RUN_ID);

	@Override
	public void onStart(Context parentContext, ReadWriteSpan span) {
		String runId = Baggage.fromContext(parentContext).getEntryValue(RUN_ID);
		if (runId != null) {
			span.setAttribute(RUN_ID_ATTRIBUTE, runId);
		}
	}

	@Override
	public boolean isStartRequired() {
		return true;
	}

	@Override
	public void onEnd(ReadableSpan span) {
	}

	@Override
	public boolean isEndRequired() {
		return false;
	}

}
