package io.latencylab.lab.traces;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class FileTracesTests {

	@TempDir
	Path dir;

	static String line(String traceId, String spanId, String parent) {
		return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"svc\"}}]},"
				+ "\"scopeSpans\":[{\"spans\":[{\"traceId\":\"" + traceId + "\",\"spanId\":\"" + spanId + "\",\"parentSpanId\":\""
				+ parent + "\",\"name\":\"n\",\"kind\":2,\"startTimeUnixNano\":\"1\",\"endTimeUnixNano\":\"2\"}]}]}]}\n";
	}

	@Test
	void readsOnlyWhatCameAfterTheMarkAndOnlyTheWantedTraces() throws Exception {
		Path file = this.dir.resolve("svc.jsonl");
		Files.writeString(file, line("old", "o1", "x"));
		FileTraces traces = new FileTraces(this.dir);
		traces.mark();
		Files.writeString(file, line("t1", "a", "sent1") + line("other", "b", "y"), StandardOpenOption.APPEND);
		List<Span> spans = traces.collect(Map.of("t1", "sent1", "old", "x"), Duration.ofSeconds(2));
		assertThat(spans).extracting(Span::traceId).containsExactly("t1");
	}

	@Test
	void aLineBeingWrittenIsReadOnceWhole() throws Exception {
		Path file = this.dir.resolve("svc.jsonl");
		Files.writeString(file, "");
		FileTraces traces = new FileTraces(this.dir);
		traces.mark();
		String whole = line("t1", "a", "sent1");
		Files.writeString(file, whole.substring(0, 40), StandardOpenOption.APPEND);
		Thread writer = Thread.ofPlatform().start(() -> {
			try {
				Thread.sleep(700);
				Files.writeString(file, whole.substring(40), StandardOpenOption.APPEND);
			}
			catch (IOException | InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		List<Span> spans = traces.collect(Map.of("t1", "sent1"), Duration.ofSeconds(5));
		writer.join();
		assertThat(spans).hasSize(1);
		assertThat(Traces.rooted(spans, Map.of("t1", "sent1"))).containsExactly("t1");
	}

	@Test
	void aFileThatRollsSeveralTimesDuringAStepIsReadWhole() throws Exception {
		Path file = this.dir.resolve("svc.jsonl");
		Files.writeString(file, line("old", "o1", "x"));
		FileTraces traces = new FileTraces(this.dir);
		traces.mark();
		for (int roll = 0; roll < 3; roll++) {
			Files.writeString(file, line("t" + roll, "a" + roll, "sent" + roll), StandardOpenOption.APPEND);
			// As the services' exporter rolls: the file renamed, replacing the last roll, and a new one begun.
			Files.move(file, AppendedLines.rolled(file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			Files.writeString(file, "");
			Thread.sleep(1200); // the lab looks every half second
		}
		Files.writeString(file, line("t3", "a3", "sent3"), StandardOpenOption.APPEND);
		List<Span> spans = traces.collect(Map.of("t0", "sent0", "t1", "sent1", "t2", "sent2", "t3", "sent3"),
				Duration.ofSeconds(5));
		assertThat(spans).extracting(Span::traceId).containsExactly("t0", "t1", "t2", "t3");
		assertThat(this.dir.resolve("svc.jsonl.1")).as("two files on disk, the rolled one the last").content().contains("\"t2\"");
	}

}
