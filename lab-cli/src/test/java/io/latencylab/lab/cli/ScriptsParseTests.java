package io.latencylab.lab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Every script of the project parses: shell through {@code bash -n} / {@code sh -n}, Python through
 * its own parser. Bash reads a script as it runs it, so a quote left open near the end of
 * {@code .ci/run} would otherwise only show after half an hour of CI.
 */
class ScriptsParseTests {

	private static final Path ROOT = Path.of("..");

	private static final Set<String> NOT_OURS = Set.of(".git", "target", "runs", "node_modules", ".tools", ".mvn");

	@Test
	void everyShellScriptParses() throws Exception {
		List<Path> scripts = scripts("sh");
		assertThat(scripts).as("shell scripts found").extracting(Path::toString).contains(ROOT.resolve(".ci/run").toString());
		List<String> failed = new ArrayList<>();
		for (Path script : scripts) {
			String shell = firstLine(script).contains("bash") ? "bash" : "sh";
			String error = run(shell, "-n", script.toString());
			if (error != null) {
				failed.add(script + ": " + error);
			}
		}
		assertThat(failed).isEmpty();
	}

	@Test
	void everyPythonScriptParses() throws Exception {
		assumeThat(onPath("python3")).as("python3 on the PATH").isTrue();
		List<Path> scripts = scripts("python");
		assertThat(scripts).as("python scripts found").isNotEmpty();
		List<String> failed = new ArrayList<>();
		for (Path script : scripts) {
			String error = run("python3", "-c", "import ast,sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])",
					script.toString());
			if (error != null) {
				failed.add(script + ": " + error);
			}
		}
		assertThat(failed).isEmpty();
	}

	@Test
	void aQuoteLeftOpenIsCaught(@TempDir Path dir) throws Exception {
		// The mistake this guards against: an apostrophe inside a single-quoted argument.
		Path script = dir.resolve("broken");
		Files.writeString(script, "#!/usr/bin/env bash\npython3 -c 'print(\"buy's\")'\necho \"(done)\"\n");
		assertThat(run("bash", "-n", script.toString())).contains("syntax error");
	}

	/** The project's files whose first line starts a script of {@code kind}: sh, bash or python. */
	private static List<Path> scripts(String kind) throws IOException {
		try (Stream<Path> files = Files.walk(ROOT)) {
			return files.filter((file) -> Files.isRegularFile(file) && ours(file))
				.filter((file) -> isScript(file, kind))
				.sorted()
				.toList();
		}
	}

	private static boolean ours(Path file) {
		for (Path part : ROOT.relativize(file)) {
			if (NOT_OURS.contains(part.toString())) {
				return false;
			}
		}
		return true;
	}

	private static boolean isScript(Path file, String kind) {
		String first = firstLine(file);
		if (!first.startsWith("#!")) {
			return false;
		}
		return kind.equals("python") ? first.contains("python") : first.matches("#!\\s*(/usr)?/bin/(env\\s+)?(ba)?sh\\b.*");
	}

	private static String firstLine(Path file) {
		try (var in = Files.newInputStream(file)) {
			String head = new String(in.readNBytes(200), StandardCharsets.ISO_8859_1);
			int end = head.indexOf('\n');
			return (end < 0) ? head : head.substring(0, end);
		}
		catch (IOException ex) {
			return "";
		}
	}

	static boolean onPath(String command) {
		return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
			.anyMatch((dir) -> Files.isExecutable(Path.of(dir, command)));
	}

	/** Null when the command exits 0, else what it printed. */
	private static String run(String... command) throws Exception {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s finished", String.join(" ", command)).isTrue();
		return (process.exitValue() == 0) ? null : out;
	}

}
