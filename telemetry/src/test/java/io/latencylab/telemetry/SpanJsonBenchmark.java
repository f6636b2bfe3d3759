package io.latencylab.telemetry;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.logging.otlp.internal.traces.OtlpStdoutSpanExporter;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.IdGenerator;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The export thread's work a span, the largest part of what tracing costs a toy query (its CPU time
 * against the request threads', /proc, in the running lab): {@link OtlpSpanJson} writing a batch of
 * the toy query's spans, beside the SDK's own OTLP JSON exporter writing the same batch, in the same
 * run. Run: {@code ./mvnw -pl telemetry -Pbench test-compile exec:exec -Dbench.args=SpanJson}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class SpanJsonBenchmark {

	/** The BatchSpanProcessor's default batch. */
	private static final int BATCH = 512;

	/**
	 * Batches written in turn: at 1 the batch stays in the CPU's caches; at 256 (119 MB of
	 * spans) each is read from memory, as the export thread reads spans other threads ended.
	 */
	@Param({ "1", "256" })
	int batches;

	private List<List<SpanData>> batchList;

	private int next;

	private final OtlpSpanJson lab = new OtlpSpanJson();

	private SpanExporter sdk;

	private final OutputStream sink = OutputStream.nullOutputStream();

	@Setup
	public void makeBatch() {
		List<SpanData> spans = new ArrayList<>();
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.setResource(Resource.getDefault().merge(Resource.create(Attributes.of(
					AttributeKey.stringKey("service.name"), "catalog-service"))))
			.addSpanProcessor(SimpleSpanProcessor.create(TestSpans.captureInto(spans)))
			.build();
		Tracer tracer = provider.get("org.springframework.boot", "4.1.0");
		while (spans.size() < BATCH * this.batches) {
			toyQuery(tracer);
		}
		provider.close();
		this.batchList = new ArrayList<>();
		for (int i = 0; i < this.batches; i++) {
			this.batchList.add(List.copyOf(spans.subList(i * BATCH, (i + 1) * BATCH)));
		}
		this.sdk = OtlpStdoutSpanExporter.builder()
			.setOutput(this.sink)
			.setWrapperJsonObject(true)
			.setMemoryMode(MemoryMode.REUSABLE_DATA)
			.build();
	}

	/** The five spans of a toy query, with the attributes and events the lab's services give them. */
	private static void toyQuery(Tracer tracer) {
		Span server = tracer.spanBuilder("http get /products/{name}")
			.setSpanKind(SpanKind.SERVER)
			.setNoParent()
			.setAttribute("exception", "none")
			.setAttribute("method", "GET")
			.setAttribute("http.url", "/products/Tux")
			.setAttribute("outcome", "SUCCESS")
			.setAttribute("status", "200")
			.setAttribute("uri", "/products/{name}")
			.startSpan();
		Span client = grpc(tracer.spanBuilder("latencylab.toystore.v1.Catalog/Query")
			.setSpanKind(SpanKind.CLIENT)
			.setParent(Context.root().with(server)));
		client.addEvent("sent");
		Span remote = Span.wrap(SpanContext.createFromRemoteParent(client.getSpanContext().getTraceId(),
				IdGenerator.random().generateSpanId(), TraceFlags.getSampled(), TraceState.getDefault()));
		Span catalog = grpc(tracer.spanBuilder("latencylab.toystore.v1.Catalog/Query")
			.setSpanKind(SpanKind.SERVER)
			.setParent(Context.root().with(remote)));
		catalog.addEvent("received");
		Span connection = jdbc(tracer, catalog, "connection");
		connection.addEvent("acquired");
		Span query = jdbc(tracer, catalog, "query");
		query.setAttribute("peer.service", "CATALOG");
		query.setAttribute("jdbc.query[0]", "select p1_0.name,p1_0.price,p1_0.quantity,p1_0.version "
				+ "from product p1_0 where p1_0.name=?");
		query.setStatus(StatusCode.OK);
		query.end();
		connection.setStatus(StatusCode.OK);
		connection.end();
		catalog.addEvent("sent");
		catalog.end();
		client.addEvent("received");
		client.end();
		server.end();
	}

	private static Span grpc(SpanBuilder builder) {
		return builder.setAttribute("net.peer.name", "127.0.0.1")
			.setAttribute("rpc.method", "Query")
			.setAttribute("grpc.status_code", "OK")
			.setAttribute("net.peer.port", "9091")
			.setAttribute("rpc.service", "latencylab.toystore.v1.Catalog")
			.setAttribute("rpc.type", "UNARY")
			.startSpan();
	}

	private static Span jdbc(Tracer tracer, Span parent, String name) {
		return tracer.spanBuilder(name)
			.setSpanKind(SpanKind.CLIENT)
			.setParent(Context.root().with(parent))
			.setAttribute("jdbc.datasource.driver", "org.h2.Driver")
			.setAttribute("jdbc.datasource.name", "CATALOG")
			.setAttribute("jdbc.datasource.pool", "HikariPool-1")
			.startSpan();
	}

	private List<SpanData> batch() {
		this.next = (this.next + 1) % this.batches;
		return this.batchList.get(this.next);
	}

	/** Nanoseconds a span, this project's writer. */
	@Benchmark
	@OperationsPerInvocation(BATCH)
	public boolean lab() throws IOException {
		return this.lab.write(batch(), this.sink);
	}

	/** Nanoseconds a span, the SDK's OTLP JSON exporter (reusable memory), the reference. */
	@Benchmark
	@OperationsPerInvocation(BATCH)
	public boolean sdk() {
		return this.sdk.export(batch()).isSuccess();
	}

}
