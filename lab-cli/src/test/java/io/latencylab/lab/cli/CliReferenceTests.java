package io.latencylab.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CliReferenceTests {

	/** The tests run in lab-cli, one folder below the project's docs. */
	private final Path docs = Path.of("..", "docs", "cli");

	@Test
	void docsCliIsWhatTheCommandsAnnotationsSay() throws IOException {
		Map<String, String> pages = CliReference.pages();
		assertThat(pages).containsKeys("lab.adoc", "lab-run.adoc", "lab-up.adoc", "lab-report.adoc");
		for (Map.Entry<String, String> page : pages.entrySet()) {
			Path file = this.docs.resolve(page.getKey());
			assertThat(file).as("docs/cli/" + page.getKey() + " is missing: regenerate it (see CliReference)").exists();
			assertThat(Files.readString(file)).as("docs/cli/" + page.getKey() + " has drifted from --help: regenerate it "
					+ "(see CliReference)").isEqualTo(page.getValue());
		}
		try (Stream<Path> files = Files.list(this.docs)) {
			assertThat(files.map((f) -> f.getFileName().toString())).as("pages of no command").allMatch(pages::containsKey);
		}
	}

}
