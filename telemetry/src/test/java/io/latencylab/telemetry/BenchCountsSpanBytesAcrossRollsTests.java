package io.latencylab.telemetry;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The benchmarks (bench/floor, bench/targets) count the bytes of spans a load wrote (benchlib's
 * SpanBytes); a file that rolls in the middle must count neither less nor a negative.
 */
class BenchCountsSpanBytesAcrossRollsTests {

	@Test
	void theBytesWrittenAcrossARollAreCountedOnce(@TempDir Path dir) throws Exception {
		assumeThat(Files.isExecutable(Path.of("/usr/bin/python3"))).as("python3").isTrue();
		Path file = dir.resolve("catalog-service.jsonl");
		OtlpJsonFileSpanExporter exporter = new OtlpJsonFileSpanExporter(file, 3_000);
		SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
		provider.get("test").spanBuilder("before").startSpan().end();
		Process python = new ProcessBuilder("python3", "-c", """
				import sys
				sys.path.insert(0, "bench")
				from benchlib import SpanBytes
				spans = SpanBytes(sys.argv[1], ["catalog-service"])
				for line in sys.stdin:
				    print(spans.written(), flush=True)
				""", dir.toString()).directory(Path.of("..").toFile()).redirectErrorStream(true).start();
		try (PrintWriter ask = new PrintWriter(python.getOutputStream(), true, StandardCharsets.UTF_8);
				BufferedReader answer = new BufferedReader(new InputStreamReader(python.getInputStream(), StandardCharsets.UTF_8))) {
			ask.println("read");
			assertThat(answer.readLine()).as("the baseline").isEqualTo("0");
			long baseline = Files.size(file);
			Path rolled = OtlpJsonFileSpanExporter.rolled(file);
			// Until the file has rolled once and the new one has a line.
			for (int i = 0; i < 100 && !(Files.exists(rolled) && Files.size(file) > 0); i++) {
				provider.get("test").spanBuilder("span-" + i).startSpan().end();
			}
			assertThat(rolled).as("the file rolled").exists();
			ask.println("read");
			assertThat(Long.parseLong(answer.readLine())).isEqualTo(Files.size(rolled) - baseline + Files.size(file));
		}
		finally {
			python.destroyForcibly();
			python.waitFor(10, TimeUnit.SECONDS);
			provider.shutdown().join(10, TimeUnit.SECONDS);
		}
	}

}
