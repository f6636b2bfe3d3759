package io.latencylab.lab.traces;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The whole lines appended to a file since the last read. A line still being written is left for
 * the next read, so a file that another process is writing is safe to follow.
 */
public final class AppendedLines {

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
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
			long size = channel.size();
			if (size <= this.position) {
				return "";
			}
			ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(size - this.position, Integer.MAX_VALUE - 16));
			channel.read(buffer, this.position);
			byte[] bytes = buffer.array();
			int end = buffer.position();
			while (end > 0 && bytes[end - 1] != '\n') {
				end--;
			}
			this.position += end;
			return new String(bytes, 0, end, StandardCharsets.UTF_8);
		}
	}

}
