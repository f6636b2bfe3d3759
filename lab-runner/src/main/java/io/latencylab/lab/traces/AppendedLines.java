package io.latencylab.lab.traces;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * The whole lines appended to a file since the last read. A line still being written is left for
 * the next read, so a file that another process is writing is safe to follow.
 * <p>
 * It follows a roll too: a service's span file that reached its roll size is renamed to
 * {@code NAME.1} and begins again (the telemetry module's {@code OtlpJsonFileSpanExporter}). Each
 * file that has had the name since the first read is held open, in order ({@link #keepUp()} opens
 * a new one as it appears), so every one is read to its end wherever it went, even once deleted, and
 * none's inode can pass to a newer one. A file that came and went between two looks is lost:
 * {@link #lost()} says so.
 */
public final class AppendedLines implements Closeable {

	/** Read a megabyte at a time. */
	private static final int BLOCK = 1 << 20;

	private final Path file;

	/** Where the oldest file held is read from next. */
	private long position;

	/** The files that have had the name, oldest first, each open; the last is the one written now. */
	private final Deque<Followed> followed = new ArrayDeque<>();

	private boolean lost;

	/** Follows {@code file} from {@code position}, the file that has the name when first read. */
	public AppendedLines(Path file, long position) {
		this.file = file;
		this.position = position;
	}

	/** Where a span file that reached its roll size went, as the services name it. */
	public static Path rolled(Path file) {
		return file.resolveSibling(file.getFileName() + ".1");
	}

	/**
	 * Follows the file from the start of its last line: a line still being written when the file is
	 * marked is read whole once it ends (the file's size alone would start inside it, and its tail
	 * would not parse).
	 */
	public static AppendedLines fromEnd(Path file) throws IOException {
		AppendedLines lines = new AppendedLines(file, 0);
		lines.keepUp();
		if (lines.followed.isEmpty()) {
			throw new NoSuchFileException(file.toString());
		}
		lines.position = lastLineStart(lines.followed.getFirst().channel());
		return lines;
	}

	/** Whether lines were lost: a file had the name and lost it between two looks (roll size too small for the load). */
	public synchronized boolean lost() {
		return this.lost;
	}

	/**
	 * Opens the file that has the name now, if it is not the one held last: called often enough (the
	 * lab's traces every half second) that no file that has the name can roll away unseen.
	 */
	public synchronized void keepUp() throws IOException {
		for (int attempt = 0; attempt < 3; attempt++) {
			Object before = identity(this.file);
			if (before == null || (!this.followed.isEmpty() && before.equals(this.followed.getLast().identity()))) {
				return;
			}
			FileChannel opened;
			try {
				opened = FileChannel.open(this.file, StandardOpenOption.READ);
			}
			catch (NoSuchFileException ex) {
				continue;
			}
			if (!before.equals(identity(this.file))) {
				opened.close(); // it rolled while being opened: look again
				continue;
			}
			if (!this.followed.isEmpty()) {
				Object rolled = identity(rolled(this.file));
				// The one held last should have rolled to NAME.1; another file there came and went unseen.
				this.lost |= rolled != null && !rolled.equals(this.followed.getLast().identity());
			}
			this.followed.addLast(new Followed(opened, before));
			return;
		}
	}

	/** The new whole lines, with their line ends; empty when there are none. */
	public String read() throws IOException {
		StringBuilder lines = new StringBuilder();
		forEachLine((line) -> lines.append(line).append('\n'));
		return lines.toString();
	}

	/**
	 * Hands each new whole line to {@code action}, in order, without its line end, reading the file
	 * in blocks: a step of minutes at thousands of requests a second appends gigabytes of spans,
	 * which one string cannot hold (the memory it takes is the longest line's, not the file's).
	 */
	public synchronized void forEachLine(Consumer<String> action) throws IOException {
		keepUp();
		while (!this.followed.isEmpty()) {
			Followed oldest = this.followed.getFirst();
			readFrom(oldest.channel(), action);
			if (this.followed.size() == 1) {
				return;
			}
			// A newer file had the name before this one was read, so this one was whole: the next from its start.
			oldest.channel().close();
			this.followed.removeFirst();
			this.position = 0;
		}
	}

	@Override
	public synchronized void close() throws IOException {
		for (Followed file : this.followed) {
			file.channel().close();
		}
		this.followed.clear();
	}

	private static Object identity(Path file) {
		try {
			return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
		}
		catch (IOException ex) {
			return null;
		}
	}

	/** A file that had the name: open, and its inode. */
	private record Followed(FileChannel channel, Object identity) {
	}

	private static long lastLineStart(FileChannel channel) throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
		long end = channel.size();
		while (end > 0) {
			int length = (int) Math.min(buffer.capacity(), end);
			buffer.clear().limit(length);
			while (buffer.hasRemaining() && channel.read(buffer, end - length + buffer.position()) > 0) {
				// read the block whole
			}
			for (int i = buffer.position() - 1; i >= 0; i--) {
				if (buffer.get(i) == '\n') {
					return end - length + i + 1;
				}
			}
			end -= length;
		}
		return 0;
	}

	private void readFrom(FileChannel channel, Consumer<String> action) throws IOException {
		long size = channel.size();
		ByteBuffer buffer = ByteBuffer.allocate(BLOCK);
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		long at = this.position;
		while (at < size) {
			buffer.clear().limit((int) Math.min(BLOCK, size - at));
			int read = channel.read(buffer, at);
			if (read <= 0) {
				break;
			}
			byte[] bytes = buffer.array();
			int start = 0;
			for (int i = 0; i < read; i++) {
				if (bytes[i] == '\n') {
					line.write(bytes, start, i - start);
					action.accept(line.toString(StandardCharsets.UTF_8));
					line.reset();
					start = i + 1;
					// Only a whole line moves the position: a line still being written is read next time.
					this.position = at + start;
				}
			}
			line.write(bytes, start, read - start);
			at += read;
		}
	}

}
