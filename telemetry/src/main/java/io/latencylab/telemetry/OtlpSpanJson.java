package io.latencylab.telemetry;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
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

	private static final byte[] HEX = "0123456789abcdef".getBytes();

	private final Map<Resource, byte[]> resources = new IdentityHashMap<>();

	private final Map<InstrumentationScopeInfo, byte[]> scopes = new IdentityHashMap<>();

	private static final int INITIAL_BUFFER = 64 * 1024;

	/** A batch with a huge attribute grows the buffer; past this it is not kept for the next one. */
	private static final int MAX_KEPT_BUFFER = 4 * 1024 * 1024;

	private byte[] buffer = new byte[INITIAL_BUFFER];

	private int length;

	/** False once the batch has something this does not write; what was written is then dropped. */
	private boolean covered;

	/** Writes the batch as one line; false, with nothing written, when a span is not covered. */
	boolean write(Collection<SpanData> spans, OutputStream out) throws IOException {
		this.length = 0;
		this.covered = true;
		raw("{\"resourceSpans\":[");
		for (ResourceGroup resource : group(spans)) {
			open('{');
			key("resource");
			bytes(cached(this.resources, resource.resource, this::resource));
			key("scopeSpans");
			open('[');
			for (ScopeGroup scope : resource.scopes) {
				open('{');
				key("scope");
				bytes(cached(this.scopes, scope.scope, this::scope));
				key("spans");
				open('[');
				for (SpanData span : scope.spans) {
					span(span);
				}
				close(']');
				optionalString("schemaUrl", scope.scope.getSchemaUrl());
				close('}');
			}
			close(']');
			optionalString("schemaUrl", resource.resource.getSchemaUrl());
			close('}');
		}
		raw("]}\n");
		if (this.covered) {
			out.write(this.buffer, 0, this.length);
		}
		if (this.buffer.length > MAX_KEPT_BUFFER) {
			this.buffer = new byte[INITIAL_BUFFER];
		}
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
		byte[] json = cache.get(value);
		if (json == null) {
			int start = this.length;
			// A sentinel, so that the first field is not taken for a next one.
			raw('[');
			writer.accept(value);
			json = Arrays.copyOfRange(this.buffer, start + 1, this.length);
			this.length = start;
			cache.put(value, json);
		}
		return json;
	}

	private void resource(Resource resource) {
		open('{');
		attributes(resource.getAttributes());
		close('}');
	}

	private void scope(InstrumentationScopeInfo scope) {
		open('{');
		optionalString("name", scope.getName());
		optionalString("version", scope.getVersion());
		attributes(scope.getAttributes());
		close('}');
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
		open('{');
		key("traceId");
		quoted(span.getTraceId());
		key("spanId");
		quoted(span.getSpanId());
		SpanContext parent = span.getParentSpanContext();
		if (parent.isValid()) {
			key("parentSpanId");
			quoted(parent.getSpanId());
		}
		optionalString("name", span.getName());
		key("kind");
		number(kind(span));
		optionalFixed64("startTimeUnixNano", span.getStartEpochNanos());
		optionalFixed64("endTimeUnixNano", span.getEndEpochNanos());
		attributes(span.getAttributes());
		optionalNumber("droppedAttributesCount", span.getTotalAttributeCount() - span.getAttributes().size());
		key("events");
		open('[');
		for (EventData event : span.getEvents()) {
			open('{');
			optionalFixed64("timeUnixNano", event.getEpochNanos());
			optionalString("name", event.getName());
			attributes(event.getAttributes());
			optionalNumber("droppedAttributesCount", event.getTotalAttributeCount() - event.getAttributes().size());
			close('}');
		}
		close(']');
		optionalNumber("droppedEventsCount", span.getTotalRecordedEvents() - span.getEvents().size());
		key("links");
		open('[');
		for (LinkData link : span.getLinks()) {
			this.covered &= link.getSpanContext().getTraceState().isEmpty();
			open('{');
			key("traceId");
			quoted(link.getSpanContext().getTraceId());
			key("spanId");
			quoted(link.getSpanContext().getSpanId());
			attributes(link.getAttributes());
			optionalNumber("droppedAttributesCount", link.getTotalAttributeCount() - link.getAttributes().size());
			optionalNumber("flags", flags(link.getSpanContext().getTraceFlags().asByte(), link.getSpanContext().isRemote()));
			close('}');
		}
		close(']');
		optionalNumber("droppedLinksCount", span.getTotalRecordedLinks() - span.getLinks().size());
		key("status");
		open('{');
		StatusData status = span.getStatus();
		optionalString("message", status.getDescription());
		optionalNumber("code", statusCode(status));
		close('}');
		optionalNumber("flags", flags(span.getSpanContext().getTraceFlags().asByte(), parent.isRemote()));
		close('}');
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
		key("attributes");
		open('[');
		attributes.forEach(this::attribute);
		close(']');
	}

	private void attribute(AttributeKey<?> key, Object value) {
		open('{');
		optionalString("key", key.getKey());
		key("value");
		open('{');
		switch (key.getType()) {
			case STRING -> {
				key("stringValue");
				string((String) value);
			}
			case LONG -> {
				key("intValue");
				quoted(Long.toString((Long) value));
			}
			case BOOLEAN -> {
				key("boolValue");
				raw(((Boolean) value) ? "true" : "false");
			}
			case DOUBLE -> {
				key("doubleValue");
				raw(Double.toString((Double) value));
				this.covered &= Double.isFinite((Double) value);
			}
			default -> this.covered = false;
		}
		close('}');
		close('}');
	}

	private void optionalString(String name, String value) {
		if (value != null && !value.isEmpty()) {
			key(name);
			string(value);
		}
	}

	/** fixed64 and int64 are strings in OTLP JSON; zero, the default, is left out. */
	private void optionalFixed64(String name, long value) {
		if (value != 0) {
			key(name);
			quoted(Long.toString(value));
		}
	}

	private void optionalNumber(String name, int value) {
		if (value != 0) {
			key(name);
			number(value);
		}
	}

	private void number(int value) {
		raw(Integer.toString(value));
	}

	/** A field's name, after a comma unless it is the first in its object. */
	private void key(String name) {
		separate();
		ensure(name.length() + 3);
		this.buffer[this.length++] = '"';
		for (int i = 0; i < name.length(); i++) {
			this.buffer[this.length++] = (byte) name.charAt(i);
		}
		this.buffer[this.length++] = '"';
		this.buffer[this.length++] = ':';
	}

	/** An object or array opens; in an array, after a comma unless it is the first element. */
	private void open(char bracket) {
		separate();
		raw(bracket);
	}

	private void close(char bracket) {
		raw(bracket);
	}

	private void separate() {
		byte last = this.buffer[this.length - 1];
		if (last != '{' && last != '[' && last != ':') {
			raw(',');
		}
	}

	/** An id or a number in quotes: ASCII with nothing to escape. */
	private void quoted(String ascii) {
		ensure(ascii.length() + 2);
		this.buffer[this.length++] = '"';
		for (int i = 0; i < ascii.length(); i++) {
			this.buffer[this.length++] = (byte) ascii.charAt(i);
		}
		this.buffer[this.length++] = '"';
	}

	/** A JSON string in UTF-8: quote, backslash and control characters escaped, as Jackson does. */
	private void string(String value) {
		ensure(value.length() * 6 + 2);
		byte[] out = this.buffer;
		int at = this.length;
		out[at++] = '"';
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
				out[at++] = (byte) c;
			}
			else if (c == '"' || c == '\\') {
				out[at++] = '\\';
				out[at++] = (byte) c;
			}
			else if (c < 0x20) {
				at = escape(out, at, c);
			}
			else if (c < 0x800) {
				out[at++] = (byte) (0xC0 | (c >> 6));
				out[at++] = (byte) (0x80 | (c & 0x3F));
			}
			else if (Character.isHighSurrogate(c) && i + 1 < value.length()
					&& Character.isLowSurrogate(value.charAt(i + 1))) {
				int cp = Character.toCodePoint(c, value.charAt(++i));
				out[at++] = (byte) (0xF0 | (cp >> 18));
				out[at++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
				out[at++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
				out[at++] = (byte) (0x80 | (cp & 0x3F));
			}
			else if (Character.isSurrogate(c)) {
				at = escape(out, at, c); // a lone surrogate has no UTF-8 form
			}
			else {
				out[at++] = (byte) (0xE0 | (c >> 12));
				out[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
				out[at++] = (byte) (0x80 | (c & 0x3F));
			}
		}
		out[at++] = '"';
		this.length = at;
	}

	private static int escape(byte[] out, int at, char c) {
		out[at++] = '\\';
		switch (c) {
			case '\n' -> out[at++] = 'n';
			case '\r' -> out[at++] = 'r';
			case '\t' -> out[at++] = 't';
			case '\b' -> out[at++] = 'b';
			case '\f' -> out[at++] = 'f';
			default -> {
				out[at++] = 'u';
				out[at++] = HEX[(c >> 12) & 0xF];
				out[at++] = HEX[(c >> 8) & 0xF];
				out[at++] = HEX[(c >> 4) & 0xF];
				out[at++] = HEX[c & 0xF];
			}
		}
		return at;
	}

	private void raw(String ascii) {
		ensure(ascii.length());
		for (int i = 0; i < ascii.length(); i++) {
			this.buffer[this.length++] = (byte) ascii.charAt(i);
		}
	}

	private void raw(char c) {
		ensure(1);
		this.buffer[this.length++] = (byte) c;
	}

	private void bytes(byte[] json) {
		separate();
		ensure(json.length);
		System.arraycopy(json, 0, this.buffer, this.length, json.length);
		this.length += json.length;
	}

	private void ensure(int more) {
		if (this.length + more > this.buffer.length) {
			this.buffer = Arrays.copyOf(this.buffer, Math.max(this.buffer.length * 2, this.length + more));
		}
	}

	private record ResourceGroup(Resource resource, List<ScopeGroup> scopes) {
	}

	private record ScopeGroup(InstrumentationScopeInfo scope, List<SpanData> spans) {
	}

}
