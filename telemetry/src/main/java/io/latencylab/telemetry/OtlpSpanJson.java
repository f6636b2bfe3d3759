package io.latencylab.telemetry;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;

/**
 * A batch of spans as one OTLP JSON line, {@code {"resourceSpans":[…]}}, written straight into bytes.
 * <p>
 * The SDK's OTLP JSON exporter first works out every span's protobuf size (a third of its time,
 * and JSON has no use for it), then writes through a Jackson generator. Under a REST get its export
 * thread was 12 % of the service's CPU samples, most of what tracing costs there. This writes the
 * JSON the SDK writes ({@code OtlpSpanJsonTests} holds the two side by side, the SDK's exporter
 * pinned as the reference): resources and scopes once each, spans field by field, all with public
 * API only (the SDK's marshalers are in its internal packages, free to change in any release). A batch with a span this
 * does not cover (a trace state, an array or structured attribute, a double that is not finite)
 * is left to the SDK's exporter. Not thread-safe: the file exporter calls it under its lock.
 */
final class OtlpSpanJson {

	/** Far more than a service has (one resource, a few scopes); past it the caches start again. */
	private static final int MAX_CACHED = 256;

	private final Map<Resource, byte[]> resources = new IdentityHashMap<>();

	private final Map<InstrumentationScopeInfo, byte[]> scopes = new IdentityHashMap<>();

	private final JsonBytes json = new JsonBytes();

	/** False once the batch has something this does not write; what was written is then dropped. */
	private boolean covered;

	/** Writes the batch as one line; false, with nothing written, when a span is not covered. */
	boolean write(Collection<SpanData> spans, OutputStream out) throws IOException {
		this.json.reset();
		this.covered = true;
		this.json.raw("{\"resourceSpans\":[");
		for (ResourceGroup resource : group(spans)) {
			this.json.open('{');
			this.json.key("resource");
			this.json.bytes(cached(this.resources, resource.resource, this::resource));
			this.json.key("scopeSpans");
			this.json.open('[');
			for (ScopeGroup scope : resource.scopes) {
				this.json.open('{');
				this.json.key("scope");
				this.json.bytes(cached(this.scopes, scope.scope, this::scope));
				this.json.key("spans");
				this.json.open('[');
				for (SpanData span : scope.spans) {
					span(span);
				}
				this.json.close(']');
				this.json.optionalString("schemaUrl", scope.scope.getSchemaUrl());
				this.json.close('}');
			}
			this.json.close(']');
			this.json.optionalString("schemaUrl", resource.resource.getSchemaUrl());
			this.json.close('}');
		}
		this.json.raw("]}\n");
		if (this.covered) {
			this.json.writeTo(out);
		}
		this.json.shrinkIfHuge();
		return this.covered;
	}

	/** By resource, then scope, each by identity and in the order first seen, as the SDK groups. */
	private static List<ResourceGroup> group(Collection<SpanData> spans) {
		List<ResourceGroup> groups = new ArrayList<>(1);
		for (SpanData span : spans) {
			ResourceGroup resource = null;
			for (ResourceGroup candidate : groups) {
				if (candidate.resource == span.getResource()) {
					resource = candidate;
				}
			}
			if (resource == null) {
				resource = new ResourceGroup(span.getResource(), new ArrayList<>(2));
				groups.add(resource);
			}
			ScopeGroup scope = null;
			for (ScopeGroup candidate : resource.scopes) {
				if (candidate.scope == span.getInstrumentationScopeInfo()) {
					scope = candidate;
				}
			}
			if (scope == null) {
				scope = new ScopeGroup(span.getInstrumentationScopeInfo(), new ArrayList<>(spans.size()));
				resource.scopes.add(scope);
			}
			scope.spans.add(span);
		}
		return groups;
	}

	/** The JSON of a resource or scope, written once into the buffer's end and copied out. */
	private <T> byte[] cached(Map<T, byte[]> cache, T value, Consumer<T> writer) {
		if (cache.size() >= MAX_CACHED) {
			cache.clear();
		}
		byte[] written = cache.get(value);
		if (written == null) {
			int start = this.json.length();
			// A sentinel, so that the first field is not taken for a next one.
			this.json.raw('[');
			writer.accept(value);
			written = this.json.cut(start + 1, start);
			cache.put(value, written);
		}
		return written;
	}

	private void resource(Resource resource) {
		this.json.open('{');
		attributes(resource.getAttributes());
		this.json.close('}');
	}

	private void scope(InstrumentationScopeInfo scope) {
		this.json.open('{');
		this.json.optionalString("name", scope.getName());
		this.json.optionalString("version", scope.getVersion());
		attributes(scope.getAttributes());
		this.json.close('}');
	}

	/** OTLP's span and link flags: the W3C trace flags, and whether the parent (or link) is known to be remote. */
	static int flags(byte traceFlags, boolean remote) {
		return (traceFlags & 0xFF) | HAS_IS_REMOTE | (remote ? IS_REMOTE : 0);
	}

	/** SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK and SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK of OTLP's trace.proto. */
	private static final int HAS_IS_REMOTE = 0x100;

	private static final int IS_REMOTE = 0x200;

	private void span(SpanData span) {
		this.covered &= span.getSpanContext().getTraceState().isEmpty();
		this.json.open('{');
		this.json.key("traceId");
		this.json.quoted(span.getTraceId());
		this.json.key("spanId");
		this.json.quoted(span.getSpanId());
		SpanContext parent = span.getParentSpanContext();
		if (parent.isValid()) {
			this.json.key("parentSpanId");
			this.json.quoted(parent.getSpanId());
		}
		this.json.optionalString("name", span.getName());
		this.json.key("kind");
		this.json.number(kind(span));
		this.json.optionalFixed64("startTimeUnixNano", span.getStartEpochNanos());
		this.json.optionalFixed64("endTimeUnixNano", span.getEndEpochNanos());
		attributes(span.getAttributes());
		this.json.optionalNumber("droppedAttributesCount", span.getTotalAttributeCount() - span.getAttributes().size());
		this.json.key("events");
		this.json.open('[');
		for (EventData event : span.getEvents()) {
			this.json.open('{');
			this.json.optionalFixed64("timeUnixNano", event.getEpochNanos());
			this.json.optionalString("name", event.getName());
			attributes(event.getAttributes());
			this.json.optionalNumber("droppedAttributesCount", event.getTotalAttributeCount() - event.getAttributes().size());
			this.json.close('}');
		}
		this.json.close(']');
		this.json.optionalNumber("droppedEventsCount", span.getTotalRecordedEvents() - span.getEvents().size());
		this.json.key("links");
		this.json.open('[');
		for (LinkData link : span.getLinks()) {
			this.covered &= link.getSpanContext().getTraceState().isEmpty();
			this.json.open('{');
			this.json.key("traceId");
			this.json.quoted(link.getSpanContext().getTraceId());
			this.json.key("spanId");
			this.json.quoted(link.getSpanContext().getSpanId());
			attributes(link.getAttributes());
			this.json.optionalNumber("droppedAttributesCount", link.getTotalAttributeCount() - link.getAttributes().size());
			this.json.optionalNumber("flags", flags(link.getSpanContext().getTraceFlags().asByte(), link.getSpanContext().isRemote()));
			this.json.close('}');
		}
		this.json.close(']');
		this.json.optionalNumber("droppedLinksCount", span.getTotalRecordedLinks() - span.getLinks().size());
		this.json.key("status");
		this.json.open('{');
		StatusData status = span.getStatus();
		this.json.optionalString("message", status.getDescription());
		this.json.optionalNumber("code", statusCode(status));
		this.json.close('}');
		this.json.optionalNumber("flags", flags(span.getSpanContext().getTraceFlags().asByte(), parent.isRemote()));
		this.json.close('}');
	}

	/** OTLP's numbers, whatever order the API's enums have. */
	private static int kind(SpanData span) {
		return switch (span.getKind()) {
			case INTERNAL -> 1;
			case SERVER -> 2;
			case CLIENT -> 3;
			case PRODUCER -> 4;
			case CONSUMER -> 5;
		};
	}

	private static int statusCode(StatusData status) {
		return switch (status.getStatusCode()) {
			case UNSET -> 0;
			case OK -> 1;
			case ERROR -> 2;
		};
	}

	private void attributes(Attributes attributes) {
		this.json.key("attributes");
		this.json.open('[');
		attributes.forEach(this::attribute);
		this.json.close(']');
	}

	private void attribute(AttributeKey<?> key, Object value) {
		this.json.open('{');
		this.json.optionalString("key", key.getKey());
		this.json.key("value");
		this.json.open('{');
		switch (key.getType()) {
			case STRING -> {
				this.json.key("stringValue");
				this.json.string((String) value);
			}
			case LONG -> {
				this.json.key("intValue");
				this.json.quoted(Long.toString((Long) value));
			}
			case BOOLEAN -> {
				this.json.key("boolValue");
				this.json.raw(((Boolean) value) ? "true" : "false");
			}
			case DOUBLE -> {
				this.json.key("doubleValue");
				this.json.raw(Double.toString((Double) value));
				this.covered &= Double.isFinite((Double) value);
			}
			default -> this.covered = false;
		}
		this.json.close('}');
		this.json.close('}');
	}

	private record ResourceGroup(Resource resource, List<ScopeGroup> scopes) {
	}

	private record ScopeGroup(InstrumentationScopeInfo scope, List<SpanData> spans) {
	}

}
