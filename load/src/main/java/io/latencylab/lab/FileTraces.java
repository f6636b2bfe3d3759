package io.latencylab.lab;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 * written after mark() is read, whole lines only, so a file that is being written is safe to read.
 */
public final class FileTraces implements Traces {

	private final Path dir;

	private final Map<Path, Long> positions = new HashMap<>();

	public FileTraces(Path dir) {
		this.dir = dir;
	}

	@Override
	public void mark() throws IOException {
		this.positions.clear();
		for (Path file : files()) {
			this.positions.put(file, Files.size(file));
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
				readNewLines(file, wanted, spans);
			}
			boolean quiet = spans.size() == before;
			boolean allRooted = Traces.rooted(spans, wanted).size() == wanted.size();
			if ((allRooted && quiet && System.nanoTime() > settledAfter) || System.nanoTime() > deadline) {
				return spans;
			}
			Thread.sleep(500);
		}
	}

	private void readNewLines(Path file, Map<String, String> wanted, List<Span> into) throws IOException {
		long position = this.positions.getOrDefault(file, 0L);
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			long size = channel.size();
			if (size <= position) {
				return;
			}
			ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(size - position, Integer.MAX_VALUE - 16));
			channel.read(buffer, position);
			byte[] bytes = buffer.array();
			int end = buffer.position();
			while (end > 0 && bytes[end - 1] != '\n') {
				end--;
			}
			if (end == 0) {
				return;
			}
			for (Span span : OtlpJsonTraces.readLines(new StringReader(new String(bytes, 0, end, StandardCharsets.UTF_8)))) {
				if (wanted.containsKey(span.traceId())) {
					into.add(span);
				}
			}
			this.positions.put(file, position + end);
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
