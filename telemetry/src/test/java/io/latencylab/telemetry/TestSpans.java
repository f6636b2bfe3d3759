package io.latencylab.telemetry;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/** Real SDK spans for the exporter tests: a "checkout" service's, and an exporter that keeps them. */
final class TestSpans {

	private TestSpans() {
	}

	/** Ends spans span-0 … span-(count-1), each exported through the exporter as it ends. */
	static void end(SpanExporter exporter, int count) {
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.setResource(Resource.getDefault().merge(Resource.create(Attributes.of(
					AttributeKey.stringKey("service.name"), "checkout"))))
			.addSpanProcessor(SimpleSpanProcessor.create(exporter))
			.build();
		for (int i = 0; i < count; i++) {
			provider.get("test").spanBuilder("span-" + i).startSpan().end();
		}
		provider.forceFlush().join(10, TimeUnit.SECONDS);
	}

	/** An exporter that adds what it is given to the list. */
	static SpanExporter captureInto(List<SpanData> received) {
		return new SpanExporter() {
			@Override
			public synchronized CompletableResultCode export(Collection<SpanData> spans) {
				received.addAll(spans);
				return CompletableResultCode.ofSuccess();
			}

			@Override
			public CompletableResultCode flush() {
				return CompletableResultCode.ofSuccess();
			}

			@Override
			public CompletableResultCode shutdown() {
				return CompletableResultCode.ofSuccess();
			}
		};
	}

}
