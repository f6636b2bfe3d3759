package io.latencylab.lab.traces;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.latencylab.observability.OtlpJsonTraces;
import io.latencylab.observability.Span;

/**
 * Spans from the OTLP JSON lines the bare services append to one file each. Only what was
 * written after mark() is read.
 */
public final class FileTraces implements Traces {

	private final Path dir;

	private final Map<Path, AppendedLines> files = new HashMap<>();

	public FileTraces(Path dir) {
		this.dir = dir;
	}

	@Override
	public void mark() throws IOException {
		this.files.clear();
		for (Path file : files()) {
			this.files.put(file, AppendedLines.fromEnd(file));
		}
	}

	@Override
	public List<Span> collect(Map<String, String> wanted, Duration wait) throws IOException, InterruptedException {
		List<Span> spans = new ArrayList<>();
		long deadline = System.nanoTime() + wait.toNanos();
		long settledAfter = System.nanoTime() + Duration.ofMillis(1500).toNanos();
		while (true) {
			int before = spans.size();
			for (Path file : files()) {
				// A file that appeared after mark() is read from its start.
				this.files.computeIfAbsent(file, (f) -> new AppendedLines(f, 0))
					.forEachLine((line) -> OtlpJsonTraces.readLine(line, wanted::containsKey, spans));
			}
			boolean quiet = spans.size() == before;
			boolean allRooted = Traces.rooted(spans, wanted).size() == wanted.size();
			if ((allRooted && quiet && System.nanoTime() > settledAfter) || System.nanoTime() > deadline) {
				return spans;
			}
			Thread.sleep(500);
		}
	}

	private List<Path> files() throws IOException {
		if (!Files.isDirectory(this.dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(this.dir)) {
			return files.filter((f) -> f.toString().endsWith(".jsonl")).sorted().toList();
		}
	}

}
