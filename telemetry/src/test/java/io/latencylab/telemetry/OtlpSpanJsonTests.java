package io.latencylab.telemetry;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.logging.otlp.internal.traces.OtlpStdoutSpanExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanLimits;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class OtlpSpanJsonTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

	@Test
	void writesTheJsonTheSdkWrites() throws Exception {
		List<SpanData> spans = spans(provider -> {
			Span remoteParent = Span.wrap(SpanContext.createFromRemoteParent(TRACE, "00f067aa0ba902b7",
					TraceFlags.getSampled(), TraceState.getDefault()));
			Span server = provider.get("org.springframework.boot", "4.1.0")
				.spanBuilder("http get /rest/meals/{id}")
				.setSpanKind(SpanKind.SERVER)
				.setParent(Context.root().with(remoteParent))
				.setAttribute("uri", "/rest/meals/{id}")
				.setAttribute("http.url", "/rest/meals/5268203c?q=\"a\\b\"\t\n\u0001")
				.setAttribute("status", 200L)
				.setAttribute("negative", -9_000_000_000L)
				.setAttribute("sampled", true)
				.setAttribute("off", false)
				.setAttribute("ratio", 0.25)
				.setAttribute("large", 1.0e21)
				.setAttribute("empty", "")
				.setAttribute("names", "Käse, スープ, 🍜")
				.startSpan();
			server.addEvent("exception", Attributes.of(AttributeKey.stringKey("exception.type"),
					"java.lang.IllegalStateException", AttributeKey.longKey("line"), 42L));
			server.addEvent("retry");
			server.setStatus(StatusCode.ERROR, "broken \"pipe\"");
			Span client = provider.get("jdbc")
				.spanBuilder("query")
				.setSpanKind(SpanKind.CLIENT)
				.setParent(Context.root().with(server))
				.addLink(remoteParent.getSpanContext(), Attributes.of(AttributeKey.stringKey("why"), "batch"))
				.startSpan();
			client.setStatus(StatusCode.OK);
			client.end();
			for (SpanKind kind : SpanKind.values()) {
				provider.get("jdbc").spanBuilder("").setSpanKind(kind).startSpan().end();
			}
			server.end();
		});
		assertThat(spans).hasSize(7);

		assertThat(fast(spans)).isEqualTo(sdk(spans));
	}

	@Test
	void writesWhatWasDroppedAsTheSdkDoes() throws Exception {
		List<SpanData> spans = spans(SpanLimits.builder().setMaxNumberOfAttributes(1).setMaxNumberOfEvents(1).build(),
				provider -> {
					Span span = provider.get("test")
						.spanBuilder("limited")
						.setAttribute("a", "1")
						.setAttribute("b", "2")
						.startSpan();
					span.addEvent("first");
					span.addEvent("second");
					span.end();
				});

		JsonNode written = fast(spans);
		assertThat(written).isEqualTo(sdk(spans));
		JsonNode span = written.at("/resourceSpans/0/scopeSpans/0/spans/0");
		assertThat(span.path("droppedAttributesCount").asInt()).isEqualTo(1);
		assertThat(span.path("droppedEventsCount").asInt()).isEqualTo(1);
	}

	@Test
	void leavesABatchWithASpanItDoesNotCoverToTheSdk() throws Exception {
		List<SpanData> spans = spans(provider -> {
			provider.get("test").spanBuilder("plain").startSpan().end();
			provider.get("test")
				.spanBuilder("with an array")
				.setAttribute(AttributeKey.stringArrayKey("tags"), List.of("a", "b"))
				.startSpan()
				.end();
			provider.get("test").spanBuilder("not finite").setAttribute("ratio", Double.NaN).startSpan().end();
		});
		ByteArrayOutputStream out = new ByteArrayOutputStream();

		assertThat(new OtlpSpanJson().write(spans.subList(0, 1), out)).isTrue();
		int written = out.size();
		assertThat(new OtlpSpanJson().write(spans.subList(0, 2), out)).isFalse();
		assertThat(new OtlpSpanJson().write(List.of(spans.get(0), spans.get(2)), out)).isFalse();
		assertThat(out.size()).isEqualTo(written);
	}

	@Test
	void oneLineABatchAndTheBufferGrowsForALargeOneAndShrinksAfter() throws Exception {
		String long_ = "x".repeat(2_000_000);
		List<SpanData> spans = spans(provider -> {
			for (int i = 0; i < 3; i++) {
				provider.get("test").spanBuilder("span-" + i).setAttribute("text", long_).startSpan().end();
			}
		});
		OtlpSpanJson json = new OtlpSpanJson();
		ByteArrayOutputStream out = new ByteArrayOutputStream();

		json.write(spans, out);
		json.write(spans.subList(0, 1), out);

		String[] lines = out.toString(java.nio.charset.StandardCharsets.UTF_8).split("\n", -1);
		assertThat(lines).hasSize(3);
		assertThat(lines[2]).isEmpty();
		assertThat(normalized(JSON.readTree(lines[0]))).isEqualTo(sdk(spans));
		assertThat(normalized(JSON.readTree(lines[1]))).isEqualTo(sdk(spans.subList(0, 1)));
	}

	private static JsonNode fast(List<SpanData> spans) throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		assertThat(new OtlpSpanJson().write(spans, out)).isTrue();
		String line = out.toString(java.nio.charset.StandardCharsets.UTF_8);
		assertThat(line).endsWith("}\n").containsOnlyOnce("\n");
		return normalized(JSON.readTree(line));
	}

	private static JsonNode sdk(List<SpanData> spans) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		OtlpStdoutSpanExporter exporter = OtlpStdoutSpanExporter.builder().setOutput(out).setWrapperJsonObject(true).build();
		assertThat(exporter.export(spans).join(10, TimeUnit.SECONDS).isSuccess()).isTrue();
		exporter.flush();
		return normalized(JSON.readTree(out.toString(java.nio.charset.StandardCharsets.UTF_8)));
	}

	/** Scopes in name order: the SDK groups them in an identity map, whose order is not fixed. */
	private static JsonNode normalized(JsonNode document) {
		for (JsonNode resourceSpans : document.path("resourceSpans")) {
			ArrayNode scopes = (ArrayNode) resourceSpans.path("scopeSpans");
			List<JsonNode> sorted = new ArrayList<>();
			scopes.forEach(sorted::add);
			sorted.sort(Comparator.comparing((JsonNode scope) -> scope.at("/scope/name").asString()));
			ArrayNode replaced = JSON.createArrayNode();
			sorted.forEach(replaced::add);
			((ObjectNode) resourceSpans).set("scopeSpans", replaced);
		}
		return document;
	}

	private static List<SpanData> spans(java.util.function.Consumer<SdkTracerProvider> making) {
		return spans(SpanLimits.getDefault(), making);
	}

	private static List<SpanData> spans(SpanLimits limits, java.util.function.Consumer<SdkTracerProvider> making) {
		List<SpanData> received = new ArrayList<>();
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.setResource(Resource.getDefault().merge(Resource.create(Attributes.of(
					AttributeKey.stringKey("service.name"), "meals-rest"))))
			.setSpanLimits(limits)
			.addSpanProcessor(SimpleSpanProcessor.create(TestSpans.captureInto(received)))
			.build();
		making.accept(provider);
		provider.shutdown().join(10, TimeUnit.SECONDS);
		return received;
	}

}
