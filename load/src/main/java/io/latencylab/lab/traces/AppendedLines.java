package io.latencylab.lab.traces;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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

	/** Follows the file from its current end: only what is appended afterwards is read. */
	public static AppendedLines fromEnd(Path file) throws IOException {
		return new AppendedLines(file, Files.size(file));
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
