package io.latencylab.telemetry;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * <p>
 * A service kept up for hours of load (warm once, measure many) would fill the disk: a file that
 * reaches {@code maxBytes} after a batch is renamed to {@code NAME.1}, replacing the one before, and
 * a new file begins. At most twice {@code maxBytes} a service; the lab's reader follows a roll.
 */
public final class OtlpJsonFileSpanExporter implements SpanExporter {

	/** The default roll size: about 47 s of the busiest load measured (seed 000's SOAP plan at four clients, 22 MB/s). */
	public static final long DEFAULT_MAX_BYTES = 1L << 30;

	private final Path file;

	private final long maxBytes;

	private final OtlpSpanJson spanJson = new OtlpSpanJson();

	private FileChannel channel;

	private OutputStream out;

	private SpanExporter sdkJson;

	public OtlpJsonFileSpanExporter(Path file) {
		this(file, DEFAULT_MAX_BYTES);
	}

	public OtlpJsonFileSpanExporter(Path file, long maxBytes) {
		if (maxBytes <= 0) {
			throw new IllegalArgumentException("a span file's roll size must be positive, not " + maxBytes);
		}
		this.file = file;
		this.maxBytes = maxBytes;
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			open();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write spans to " + file, ex);
		}
	}

	private void open() throws IOException {
		this.channel = FileChannel.open(this.file, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
				StandardOpenOption.WRITE);
		this.out = new BufferedOutputStream(Channels.newOutputStream(this.channel));
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

	/** Where a file that reached its roll size went. */
	public static Path rolled(Path file) {
		return file.resolveSibling(file.getFileName() + ".1");
	}

	@Override
	public synchronized CompletableResultCode export(Collection<SpanData> spans) {
		CompletableResultCode result;
		try {
			if (!this.spanJson.write(spans, this.out)) {
				result = this.sdkJson.export(spans);
				if (!result.isSuccess()) {
					return result;
				}
			}
			result = flush();
			if (result.isSuccess() && this.channel.size() >= this.maxBytes) {
				roll();
			}
		}
		catch (IOException ex) {
			return CompletableResultCode.ofFailure();
		}
		return result;
	}

	/**
	 * Whole lines only: called after a flush, so the renamed file ends with its last batch's line end.
	 * A rename that fails leaves the file as it was, appended to again and rolled at the next batch.
	 */
	private void roll() throws IOException {
		this.out.close();
		try {
			Files.move(this.file, rolled(this.file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		finally {
			open();
		}
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
