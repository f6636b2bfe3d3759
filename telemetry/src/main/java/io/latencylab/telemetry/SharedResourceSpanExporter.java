package io.latencylab.telemetry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.DelegatingSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * Hands spans on with one {@link Resource} instance (and one scope instance) for each distinct
 * value.
 * <p>
 * Micrometer's OpenTelemetry bridge gives an exporter spans whose {@code getResource()} builds a
 * new Resource on every call. OTLP marshalling groups spans by the resource's identity, so every
 * span became a group of its own: its resource marshalled again and written again (about 500
 * bytes a span), a third of the catalog's CPU in a toy query when measured. Equal resources made
 * identical, a batch is one group again, as the SDK's own spans would be.
 */
public final class SharedResourceSpanExporter implements SpanExporter {

	/** Far more than a service has (one resource, a few scopes); past it the maps start again. */
	static final int MAX_SHARED = 256;

	private final SpanExporter delegate;

	private final Map<Resource, Resource> resources = new ConcurrentHashMap<>();

	private final Map<InstrumentationScopeInfo, InstrumentationScopeInfo> scopes = new ConcurrentHashMap<>();

	public SharedResourceSpanExporter(SpanExporter delegate) {
		this.delegate = delegate;
	}

	@Override
	public CompletableResultCode export(Collection<SpanData> spans) {
		List<SpanData> shared = new ArrayList<>(spans.size());
		for (SpanData span : spans) {
			shared.add(new Shared(span, shared(this.resources, span.getResource()),
					shared(this.scopes, span.getInstrumentationScopeInfo())));
		}
		return this.delegate.export(shared);
	}

	private static <T> T shared(Map<T, T> instances, T value) {
		if (instances.size() >= MAX_SHARED) {
			instances.clear();
		}
		return instances.computeIfAbsent(value, (first) -> first);
	}

	@Override
	public CompletableResultCode flush() {
		return this.delegate.flush();
	}

	@Override
	public CompletableResultCode shutdown() {
		return this.delegate.shutdown();
	}

	@Override
	public String toString() {
		return "SharedResourceSpanExporter{" + this.delegate + "}";
	}

	private static final class Shared extends DelegatingSpanData {

		private final Resource resource;

		private final InstrumentationScopeInfo scope;

		Shared(SpanData span, Resource resource, InstrumentationScopeInfo scope) {
			super(span);
			this.resource = resource;
			this.scope = scope;
		}

		@Override
		public Resource getResource() {
			return this.resource;
		}

		@Override
		public InstrumentationScopeInfo getInstrumentationScopeInfo() {
			return this.scope;
		}

	}

}
