package io.latencylab.objects;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Objects as files: {@code root/account/container/<sha-256 of the name>.obj}, each holding the
 * object's bytes and then a trailer with its name, MD5, type and time. A PUT streams into a
 * temporary file, forces it to disk and renames it over the old one, so a reader sees the old
 * object or the new one, never a mix, and an acknowledged PUT survives a crash; a PUT cut short
 * leaves only a temporary file, removed at the next start.
 */
@Component
class ObjectStore {

	private static final String TEMPORARY = ".tmp-";

	private static final int BUFFER = 64 * 1024;

	/** Swift's listing order: by the names' UTF-8 bytes. */
	private static final Comparator<StoredObject> BY_NAME = Comparator
		.comparing((StoredObject o) -> o.name().getBytes(StandardCharsets.UTF_8), Arrays::compareUnsigned);

	private final Path root;

	private final Clock clock;

	@Autowired
	ObjectStore(ObjectStoreProperties properties) {
		this(properties.root(), Clock.systemUTC());
	}

	ObjectStore(Path root, Clock clock) {
		this.root = root.toAbsolutePath().normalize();
		this.clock = clock;
		try {
			Files.createDirectories(this.root);
			removeTemporaryFiles();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot use " + this.root + " for objects", ex);
		}
	}

	/** Creates the container (and its account on first use); false if it was there already. */
	boolean createContainer(String account, String container) {
		Path accountDir = this.root.resolve(Names.account(account));
		Path dir = accountDir.resolve(Names.container(container));
		if (Files.isDirectory(dir)) {
			return false;
		}
		try {
			if (!Files.isDirectory(accountDir)) {
				Files.createDirectories(accountDir);
				forceDirectory(this.root);
			}
			Files.createDirectory(dir);
			forceDirectory(accountDir);
			return true;
		}
		catch (FileAlreadyExistsException ex) {
			return false;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Deletes an empty container; one that holds objects is a conflict. */
	void deleteContainer(String account, String container) {
		Path dir = containerDir(account, container);
		try {
			Files.delete(dir);
			forceDirectory(dir.getParent());
		}
		catch (DirectoryNotEmptyException ex) {
			throw new ObjectStoreException(HttpStatus.CONFLICT, "Container not empty",
					"container " + container + " still holds objects; delete them first");
		}
		catch (NoSuchFileException ex) {
			throw ObjectStoreException.containerNotFound(account, container);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The account's containers, by name. */
	List<String> containers(String account) {
		Path dir = this.root.resolve(Names.account(account));
		if (!Files.isDirectory(dir)) {
			throw ObjectStoreException.accountNotFound(account);
		}
		try (Stream<Path> entries = Files.list(dir)) {
			return entries.filter(Files::isDirectory).map((p) -> p.getFileName().toString()).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The container's objects by name (in UTF-8 byte order, as Swift lists them): those that
	 * start with {@code prefix}, after {@code marker}, at most {@code limit}.
	 */
	List<StoredObject> list(String account, String container, String prefix, String marker, int limit) {
		Path dir = containerDir(account, container);
		List<StoredObject> objects = new ArrayList<>();
		try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + ObjectFile.SUFFIX)) {
			for (Path file : files) {
				ObjectFile.readMetadata(file).filter((o) -> o.name().startsWith(prefix))
					.filter((o) -> marker.isEmpty() || BY_NAME.compare(o, named(marker)) > 0)
					.ifPresent(objects::add);
			}
		}
		catch (NoSuchFileException ex) {
			throw ObjectStoreException.containerNotFound(account, container);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		objects.sort(BY_NAME);
		return (objects.size() > limit) ? List.copyOf(objects.subList(0, limit)) : objects;
	}

	private static StoredObject named(String name) {
		return new StoredObject(name, 0, "", "", Instant.EPOCH);
	}

	/**
	 * Streams {@code body} into the object, replacing any object of that name once all of it is
	 * on disk. With {@code expectedEtag} (the client's MD5) the bytes must match it or nothing is
	 * stored.
	 */
	StoredObject put(String account, String container, String name, String contentType, InputStream body,
			Optional<String> expectedEtag) {
		Path dir = containerDir(account, container);
		if (!Files.isDirectory(dir)) {
			throw ObjectStoreException.containerNotFound(account, container);
		}
		Path target = dir.resolve(ObjectFile.fileName(Names.object(name)));
		Path temporary = dir.resolve(TEMPORARY + UUID.randomUUID());
		try {
			StoredObject stored;
			try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
					StandardOpenOption.WRITE)) {
				MessageDigest md5 = md5();
				byte[] buffer = new byte[BUFFER];
				long size = 0;
				for (int n; (n = body.read(buffer)) != -1;) {
					md5.update(buffer, 0, n);
					ObjectFile.writeFully(out, ByteBuffer.wrap(buffer, 0, n));
					size += n;
				}
				stored = new StoredObject(name, size, HexFormat.of().formatHex(md5.digest()), contentType,
						this.clock.instant());
				if (expectedEtag.isPresent() && !expectedEtag.get().equalsIgnoreCase(stored.etag())) {
					throw new ObjectStoreException(HttpStatus.UNPROCESSABLE_CONTENT, "ETag mismatch",
							"the body's MD5 is " + stored.etag() + ", not the " + expectedEtag.get() + " sent");
				}
				ObjectFile.writeFully(out, ByteBuffer.wrap(ObjectFile.trailer(stored)));
				out.force(true);
			}
			Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			forceDirectory(dir);
			return stored;
		}
		catch (NoSuchFileException ex) {
			// The container went away while the body came in.
			throw ObjectStoreException.containerNotFound(account, container);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			deleteQuietly(temporary);
		}
	}

	/** The object's metadata, if it is there. */
	Optional<StoredObject> head(String account, String container, String name) {
		try (Opened opened = open(account, container, name)) {
			return Optional.of(opened.object());
		}
		catch (ObjectStoreException ex) {
			if (ex.status() == HttpStatus.NOT_FOUND && ex.title().equals("Object not found")) {
				return Optional.empty();
			}
			throw ex;
		}
	}

	/**
	 * The object, open for reading: its bytes are positions 0 to bytes - 1 of the channel. The
	 * open file stays the same object even if a PUT replaces it meanwhile.
	 */
	Opened open(String account, String container, String name) {
		Path dir = containerDir(account, container);
		Path file = dir.resolve(ObjectFile.fileName(Names.object(name)));
		FileChannel channel;
		try {
			channel = FileChannel.open(file, StandardOpenOption.READ);
		}
		catch (NoSuchFileException ex) {
			if (!Files.isDirectory(dir)) {
				throw ObjectStoreException.containerNotFound(account, container);
			}
			throw ObjectStoreException.objectNotFound(container, name);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try {
			return new Opened(ObjectFile.readMetadata(channel), channel);
		}
		catch (IOException | RuntimeException ex) {
			closeQuietly(channel);
			throw (ex instanceof RuntimeException runtime) ? runtime : new UncheckedIOException((IOException) ex);
		}
	}

	void delete(String account, String container, String name) {
		Path dir = containerDir(account, container);
		try {
			if (!Files.deleteIfExists(dir.resolve(ObjectFile.fileName(Names.object(name))))) {
				throw Files.isDirectory(dir) ? ObjectStoreException.objectNotFound(container, name)
						: ObjectStoreException.containerNotFound(account, container);
			}
			forceDirectory(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** An object open for reading; close it when done. */
	record Opened(StoredObject object, FileChannel channel) implements Closeable {

		@Override
		public void close() {
			closeQuietly(this.channel);
		}

	}

	private Path containerDir(String account, String container) {
		return this.root.resolve(Names.account(account)).resolve(Names.container(container));
	}

	/** A rename or a new entry is durable once its folder is forced too (Linux). */
	private static void forceDirectory(Path dir) throws IOException {
		try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
			channel.force(true);
		}
	}

	private static MessageDigest md5() {
		try {
			return MessageDigest.getInstance("MD5");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void removeTemporaryFiles() throws IOException {
		try (Stream<Path> files = Files.find(this.root, 3,
				(path, attributes) -> attributes.isRegularFile() && path.getFileName().toString().startsWith(TEMPORARY))) {
			for (Path file : (Iterable<Path>) files::iterator) {
				deleteQuietly(file);
			}
		}
	}

	private static void deleteQuietly(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			// A temporary file left behind is removed at the next start.
		}
	}

	private static void closeQuietly(Closeable closeable) {
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// Nothing was written through it.
		}
	}

}
