package io.latencylab.objects;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The store on a real folder: what it writes, what a reader sees, what a failed PUT leaves. */
class ObjectStoreTests {

	@TempDir
	Path root;

	private ObjectStore store;

	@BeforeEach
	void createContainer() {
		this.store = new ObjectStore(this.root, Clock.fixed(Instant.parse("2026-11-24T10:00:00Z"), ZoneOffset.UTC));
		assertThat(this.store.createContainer("acct", "photos")).isTrue();
		assertThat(this.store.createContainer("acct", "photos")).isFalse();
	}

	@Test
	void anObjectComesBackWithItsMd5AndType() throws IOException {
		StoredObject stored = put("a/b.jpg", "hello");
		assertThat(stored.etag()).isEqualTo("5d41402abc4b2a76b9719d911017c592");
		assertThat(stored.bytes()).isEqualTo(5);
		try (ObjectStore.Opened opened = this.store.open("acct", "photos", "a/b.jpg")) {
			assertThat(opened.object()).isEqualTo(stored);
			assertThat(read(opened)).isEqualTo("hello");
		}
	}

	@Test
	void aReplacedObjectStaysTheOldOneForAReaderThatOpenedIt() throws IOException {
		put("x", "old bytes");
		try (ObjectStore.Opened old = this.store.open("acct", "photos", "x")) {
			put("x", "new");
			assertThat(read(old)).isEqualTo("old bytes");
		}
		try (ObjectStore.Opened current = this.store.open("acct", "photos", "x")) {
			assertThat(read(current)).isEqualTo("new");
		}
	}

	@Test
	void aBodyThatFailsHalfwayLeavesTheOldObjectAndNoFile() throws IOException {
		put("x", "kept");
		InputStream failing = new InputStream() {

			private int sent;

			@Override
			public int read() throws IOException {
				if (this.sent++ < 100_000) {
					return 'z';
				}
				throw new IOException("client went away");
			}

		};
		assertThatThrownBy(() -> this.store.put("acct", "photos", "x", "text/plain", failing, Optional.empty()))
			.hasRootCauseMessage("client went away");
		try (ObjectStore.Opened opened = this.store.open("acct", "photos", "x")) {
			assertThat(read(opened)).isEqualTo("kept");
		}
		assertThat(files()).hasSize(1);
	}

	@Test
	void aWrongMd5StoresNothing() {
		assertThatThrownBy(() -> this.store.put("acct", "photos", "x", "text/plain", body("hello"),
				Optional.of("00000000000000000000000000000000")))
			.isInstanceOfSatisfying(ObjectStoreException.class, (ex) -> assertThat(ex.status().value()).isEqualTo(422));
		assertThat(this.store.head("acct", "photos", "x")).isEmpty();
		assertThat(files()).isEmpty();
	}

	@Test
	void temporaryFilesOfAnInterruptedPutAreRemovedAtStart() throws IOException {
		Path leftover = this.root.resolve("acct/photos/.tmp-interrupted");
		Files.writeString(leftover, "half a body");
		new ObjectStore(this.root, Clock.systemUTC());
		assertThat(leftover).doesNotExist();
	}

	@Test
	void namesThatLookLikePathsStayInsideTheirContainer() throws IOException {
		for (String name : List.of("../../escape", "/etc/passwd", "..", "a/../../b", "%2e%2e/x", "\\..\\x")) {
			put(name, name);
			try (ObjectStore.Opened opened = this.store.open("acct", "photos", name)) {
				assertThat(read(opened)).isEqualTo(name);
			}
		}
		assertThat(files()).hasSize(6).allSatisfy((file) -> assertThat(file.getParent()).isEqualTo(this.root.resolve("acct/photos")));
		assertThat(this.store.list("acct", "photos", "", "", 100)).extracting(StoredObject::name)
			.containsExactly("%2e%2e/x", "..", "../../escape", "/etc/passwd", "\\..\\x", "a/../../b");
	}

	@Test
	void foldersNamedLikePathsOrWithControlCharactersAreRefused() {
		for (String container : List.of("..", ".", "a/b", "a\\b", "", "x\u0000")) {
			assertThatThrownBy(() -> this.store.createContainer("acct", container))
				.isInstanceOfSatisfying(ObjectStoreException.class, (ex) -> assertThat(ex.status().value()).isEqualTo(400));
		}
		assertThatThrownBy(() -> put("nul\u0000byte", "x")).isInstanceOf(ObjectStoreException.class);
		assertThatThrownBy(() -> put("x".repeat(1025), "x")).isInstanceOf(ObjectStoreException.class);
	}

	@Test
	void listsByPrefixAfterAMarkerUpToALimit() throws IOException {
		for (String name : List.of("b", "a2", "a1", "c", "a3")) {
			put(name, name);
		}
		assertThat(this.store.list("acct", "photos", "a", "", 10)).extracting(StoredObject::name)
			.containsExactly("a1", "a2", "a3");
		assertThat(this.store.list("acct", "photos", "", "a2", 2)).extracting(StoredObject::name)
			.containsExactly("a3", "b");
		assertThat(this.store.containers("acct")).containsExactly("photos");
	}

	@Test
	void aContainerWithObjectsIsNotDeleted() throws IOException {
		put("x", "x");
		assertThatThrownBy(() -> this.store.deleteContainer("acct", "photos"))
			.isInstanceOfSatisfying(ObjectStoreException.class, (ex) -> assertThat(ex.status().value()).isEqualTo(409));
		this.store.delete("acct", "photos", "x");
		this.store.deleteContainer("acct", "photos");
		assertThat(this.store.containers("acct")).isEmpty();
	}

	private StoredObject put(String name, String content) {
		return this.store.put("acct", "photos", name, "text/plain", body(content), Optional.empty());
	}

	private static InputStream body(String content) {
		return new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8));
	}

	private static String read(ObjectStore.Opened opened) throws IOException {
		ByteBuffer bytes = ByteBuffer.allocate((int) opened.object().bytes());
		opened.channel().read(bytes, 0);
		return new String(bytes.array(), StandardCharsets.UTF_8);
	}

	private List<Path> files() {
		try (Stream<Path> files = Files.walk(this.root)) {
			return files.filter(Files::isRegularFile).toList();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
