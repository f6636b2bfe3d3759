package io.latencylab.lab.traces;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.latencylab.observability.OtlpJsonTraces;
import io.latencylab.observability.Span;

/**
 * Spans from the OTLP JSON lines the bare services append to one file each. Only what was
 * written after mark() is read. From mark() to the end of collect() a daemon thread looks at the
 * files every half second, so that a file that rolls during a step, however often, is still read
 * whole ({@link AppendedLines#keepUp()}).
 */
public final class FileTraces implements Traces {

	private static final Duration LOOK_EVERY = Duration.ofMillis(500);

	private final Path dir;

	private final Map<Path, AppendedLines> files = new ConcurrentHashMap<>();

	private ScheduledExecutorService follower;

	public FileTraces(Path dir) {
		this.dir = dir;
	}

	@Override
	public synchronized void mark() throws IOException {
		stopFollowing();
		for (Path file : files()) {
			this.files.put(file, AppendedLines.fromEnd(file));
		}
		this.follower = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("span-files").factory());
		this.follower.scheduleWithFixedDelay(this::keepUp, LOOK_EVERY.toMillis(), LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public synchronized List<Span> collect(Map<String, String> wanted, Duration wait) throws IOException, InterruptedException {
		List<Span> spans = new ArrayList<>();
		long deadline = System.nanoTime() + wait.toNanos();
		long settledAfter = System.nanoTime() + Duration.ofMillis(1500).toNanos();
		while (true) {
			int before = spans.size();
			for (Path file : files()) {
				following(file).forEachLine((line) -> OtlpJsonTraces.readLine(line, wanted::containsKey, spans));
			}
			boolean quiet = spans.size() == before;
			boolean allRooted = Traces.rooted(spans, wanted).size() == wanted.size();
			if ((allRooted && quiet && System.nanoTime() > settledAfter) || System.nanoTime() > deadline) {
				this.files.forEach((file, lines) -> {
					if (lines.lost()) {
						System.err.println("Some spans of " + file.getFileName() + " were lost: the file rolled more than "
								+ "once in half a second (raise the services' LAB_TRACES_FILE_MAX_SIZE for this load)");
					}
				});
				stopFollowing();
				return spans;
			}
			Thread.sleep(LOOK_EVERY.toMillis());
		}
	}

	/** A file that appeared after mark() is read from its start. */
	private AppendedLines following(Path file) {
		return this.files.computeIfAbsent(file, (f) -> new AppendedLines(f, 0));
	}

	private void keepUp() {
		try {
			for (Path file : files()) {
				following(file).keepUp();
			}
		}
		catch (IOException | UncheckedIOException ex) {
			// Looked at again in half a second, and collect() reads what is there anyway.
		}
	}

	private void stopFollowing() throws IOException {
		if (this.follower != null) {
			this.follower.shutdownNow();
			try {
				// A look under way may still open a file: closed below once it is done.
				this.follower.awaitTermination(5, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.follower = null;
		}
		for (AppendedLines lines : this.files.values()) {
			lines.close();
		}
		this.files.clear();
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
