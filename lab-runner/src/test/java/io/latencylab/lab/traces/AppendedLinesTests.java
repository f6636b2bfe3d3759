package io.latencylab.lab.traces;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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

	private static void append(Path file, String text) throws Exception {
		Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
	}

}
