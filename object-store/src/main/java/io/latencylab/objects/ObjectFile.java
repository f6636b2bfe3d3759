package io.latencylab.objects;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * One object's file: its bytes, then a trailer with its name, MD5, type, size and time, the
 * trailer's own length in the last 4 bytes; named by the SHA-256 of the object's name.
 */
final class ObjectFile {

	static final String SUFFIX = ".obj";

	private static final int TRAILER_VERSION = 1;

	private ObjectFile() {
	}

	/** A name's file: its SHA-256 in hex, which holds no separator and no dot-dot whatever the name. */
	static String fileName(String name) {
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(hash) + SUFFIX;
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** The trailer: version, name, MD5, type, size, time in ms; then its own length in the last 4 bytes. */
	static byte[] trailer(StoredObject object) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		DataOutputStream out = new DataOutputStream(bytes);
		out.writeInt(TRAILER_VERSION);
		out.writeUTF(object.name());
		out.writeUTF(object.etag());
		out.writeUTF(object.contentType());
		out.writeLong(object.bytes());
		out.writeLong(object.lastModified().toEpochMilli());
		out.writeInt(bytes.size());
		return bytes.toByteArray();
	}

	static Optional<StoredObject> readMetadata(Path file) throws IOException {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			return Optional.of(readMetadata(channel));
		}
		catch (NoSuchFileException ex) {
			// Deleted while the container was listed.
			return Optional.empty();
		}
	}

	static StoredObject readMetadata(FileChannel channel) throws IOException {
		long size = channel.size();
		ByteBuffer length = ByteBuffer.allocate(4);
		readFully(channel, length, size - 4);
		int trailerLength = length.flip().getInt();
		if (trailerLength <= 0 || trailerLength > size - 4) {
			throw new IOException("not an object file (trailer length " + trailerLength + ")");
		}
		ByteBuffer trailer = ByteBuffer.allocate(trailerLength);
		readFully(channel, trailer, size - 4 - trailerLength);
		DataInputStream in = new DataInputStream(new ByteArrayInputStream(trailer.array()));
		int version = in.readInt();
		if (version != TRAILER_VERSION) {
			throw new IOException("unknown object file version " + version);
		}
		String name = in.readUTF();
		String etag = in.readUTF();
		String contentType = in.readUTF();
		long bytes = in.readLong();
		Instant lastModified = Instant.ofEpochMilli(in.readLong());
		if (bytes != size - 4 - trailerLength) {
			throw new IOException("object file of " + size + " bytes claims " + bytes + " bytes of data");
		}
		return new StoredObject(name, bytes, etag, contentType, lastModified);
	}

	private static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
		while (buffer.hasRemaining()) {
			int n = channel.read(buffer, position + buffer.position());
			if (n < 0) {
				throw new IOException("object file ends early");
			}
		}
	}

	static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
		while (buffer.hasRemaining()) {
			channel.write(buffer);
		}
	}

}
