package io.latencylab.telemetry;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;

import io.opentelemetry.exporter.logging.otlp.internal.traces.OtlpStdoutSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * Spans as OTLP JSON lines, the OpenTelemetry file format: one {"resourceSpans":[…]} object a
 * line, appended to a file. {@link OtlpSpanJson} writes the JSON of the usual batch, and the SDK's
 * own OTLP stdout exporter, pointed at the file, every other; this class owns the file, flushes
 * after every batch, and closes it on shutdown, so nothing is lost when a run ends cleanly.
 */
public final class OtlpJsonFileSpanExporter implements SpanExporter {

	private final Path file;

	private final OutputStream out;

	private final OtlpSpanJson spanJson = new OtlpSpanJson();

	private final SpanExporter sdkJson;

	public OtlpJsonFileSpanExporter(Path file) {
		this.file = file;
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			this.out = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.CREATE,
					StandardOpenOption.APPEND, StandardOpenOption.WRITE));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write spans to " + file, ex);
		}
		// Reusable marshalers: the JSON of a batch is written without building an object per span and
		// attribute first. Safe here, where exports never overlap (synchronized, and one processor thread).
		this.sdkJson = OtlpStdoutSpanExporter.builder()
			.setOutput(this.out)
			.setWrapperJsonObject(true)
			.setMemoryMode(MemoryMode.REUSABLE_DATA)
			.build();
	}

	public Path file() {
		return this.file;
	}

	@Override
	public synchronized CompletableResultCode export(Collection<SpanData> spans) {
		try {
			if (this.spanJson.write(spans, this.out)) {
				return flush();
			}
		}
		catch (IOException ex) {
			return CompletableResultCode.ofFailure();
		}
		CompletableResultCode result = this.sdkJson.export(spans);
		return result.isSuccess() ? flush() : result;
	}

	@Override
	public synchronized CompletableResultCode flush() {
		try {
			this.sdkJson.flush();
			this.out.flush();
			return CompletableResultCode.ofSuccess();
		}
		catch (IOException ex) {
			return CompletableResultCode.ofFailure();
		}
	}

	@Override
	public synchronized CompletableResultCode shutdown() {
		flush();
		this.sdkJson.shutdown();
		try {
			this.out.close();
		}
		catch (IOException ex) {
			return CompletableResultCode.ofFailure();
		}
		return CompletableResultCode.ofSuccess();
	}

	@Override
	public String toString() {
		return "OtlpJsonFileSpanExporter{" + this.file + "}";
	}

}
