package io.latencylab.lab.traces;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class AppendedLinesTests {

	@TempDir
	Path dir;

	@Test
	void aLineBeingWrittenWhenTheFileIsMarkedIsReadWholeOnceItEnds() throws Exception {
		Path file = this.dir.resolve("spans.jsonl");
		Files.writeString(file, "{\"old\":1}\n{\"half\":");
		AppendedLines lines = AppendedLines.fromEnd(file);
		assertThat(lines.read()).as("nothing whole yet").isEmpty();
		append(file, "2}\n{\"new\":3}\n");
		assertThat(lines.read()).isEqualTo("{\"half\":2}\n{\"new\":3}\n");
	}

	@Test
	void aFileThatEndsALineIsFollowedFromItsEnd() throws Exception {
		Path file = this.dir.resolve("spans.jsonl");
		Files.writeString(file, "{\"old\":1}\n".repeat(20_000));
		AppendedLines lines = AppendedLines.fromEnd(file);
		append(file, "{\"new\":2}\n");
		assertThat(lines.read()).isEqualTo("{\"new\":2}\n");
	}

	@Test
	void aFileOfOneUnfinishedLineIsReadFromItsStart() throws Exception {
		Path file = this.dir.resolve("spans.jsonl");
		Files.writeString(file, "x".repeat(100_000));
		AppendedLines lines = AppendedLines.fromEnd(file);
		append(file, "\n");
		assertThat(lines.read()).hasSize(100_001);
	}

	@Test
	void linesAcrossBlocksAndLongerThanABlockAreHandedWholeAndAnUnfinishedOneWaits() throws Exception {
		Path file = this.dir.resolve("spans.jsonl");
		String longLine = "y".repeat(3 * 1024 * 1024 + 7);
		Files.writeString(file, "a".repeat(1024 * 1024 - 1) + "\n" + longLine + "\n" + "b\n" + "{\"half\":");
		AppendedLines lines = new AppendedLines(file, 0);
		List<String> seen = new ArrayList<>();
		lines.forEachLine(seen::add);
		assertThat(seen).hasSize(3);
		assertThat(seen.get(0)).hasSize(1024 * 1024 - 1).doesNotContain("\n");
		assertThat(seen.get(1)).isEqualTo(longLine);
		assertThat(seen.get(2)).isEqualTo("b");
		append(file, "2}\n");
		seen.clear();
		lines.forEachLine(seen::add);
		assertThat(seen).containsExactly("{\"half\":2}");
		lines.forEachLine(seen::add);
		assertThat(seen).as("nothing new").hasSize(1);
	}

	@Test
	void aRolledFileIsReadToItsEndThenTheNewOneFromItsStart() throws Exception {
		Path file = this.dir.resolve("spans.jsonl");
		Files.writeString(file, "{\"old\":1}\n");
		AppendedLines lines = AppendedLines.fromEnd(file);
		append(file, "{\"before\":2}\n");
		Files.move(file, AppendedLines.rolled(file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		Files.writeString(file, "{\"after\":3}\n");
		assertThat(lines.read()).isEqualTo("{\"before\":2}\n{\"after\":3}\n");
		append(file, "{\"next\":4}\n");
		assertThat(lines.read()).isEqualTo("{\"next\":4}\n");
		assertThat(lines.lost()).isFalse();
	}

	@Test
	void aFileThatRolledTwiceBetweenReadsSaysItLostLines() throws Exception {
		Path file = this.dir.resolve("spans.jsonl");
		Files.writeString(file, "{\"old\":1}\n");
		AppendedLines lines = AppendedLines.fromEnd(file);
		for (int roll = 0; roll < 2; roll++) {
			append(file, "{\"roll\":" + roll + "}\n");
			Files.move(file, AppendedLines.rolled(file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			Files.writeString(file, "");
		}
		append(file, "{\"after\":3}\n");
		assertThat(lines.read()).as("the file followed, to its end, then the latest; the one between is lost")
			.isEqualTo("{\"roll\":0}\n{\"after\":3}\n");
		assertThat(lines.lost()).isTrue();
	}

	@Test
	void aFileThatAppearsAfterItIsFollowedIsReadFromItsStart() throws Exception {
		Path file = this.dir.resolve("spans.jsonl");
		AppendedLines lines = new AppendedLines(file, 0);
		assertThat(lines.read()).isEmpty();
		Files.writeString(file, "{\"first\":1}\n");
		assertThat(lines.read()).isEqualTo("{\"first\":1}\n");
		assertThat(lines.lost()).isFalse();
	}

	private static void append(Path file, String text) throws Exception {
		Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
	}

}
