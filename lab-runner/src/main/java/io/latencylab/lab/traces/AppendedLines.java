package io.latencylab.lab.traces;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * The whole lines appended to a file since the last read. A line still being written is left for
 * the next read, so a file that another process is writing is safe to follow.
 */
public final class AppendedLines {

	/** Read a megabyte at a time. */
	private static final int BLOCK = 1 << 20;

	private final Path file;

	private long position;

	public AppendedLines(Path file, long position) {
		this.file = file;
		this.position = position;
	}

	/**
	 * Follows the file from the start of its last line: a line still being written when the file is
	 * marked is read whole once it ends (the file's size alone would start inside it, and its tail
	 * would not parse).
	 */
	public static AppendedLines fromEnd(Path file) throws IOException {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
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
						return new AppendedLines(file, end - length + i + 1);
					}
				}
				end -= length;
			}
			return new AppendedLines(file, 0);
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
	public void forEachLine(Consumer<String> action) throws IOException {
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
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

}
