package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ops/image/record-start-cache, the images' training run, with a stand-in {@code java} on the PATH
 * that answers the version question and then, run by run, dies by a signal as HotSpot's dynamic
 * dump has, fails as a service that cannot start does, or writes the cache.
 */
@EnabledOnOs(OS.LINUX)
class StartCacheRecordingTests {

	private static final Path SCRIPT = root().resolve("ops/image/record-start-cache");

	@TempDir
	Path dir;

	@Test
	void aJvmKilledByASignalIsRunAgainAndItsCrashReportRemoved() throws Exception {
		Result result = record(21, "crash", "record");
		assertThat(result.status()).isZero();
		assertThat(result.runs()).isEqualTo(2);
		assertThat(result.stderr()).contains("died by signal 6 (attempt 1 of 3): running it again");
		assertThat(this.dir.resolve("start.cache")).isNotEmptyFile();
		assertThat(this.dir.resolve("start-cache.args")).hasContent("-XX:SharedArchiveFile=start.cache");
		try (var files = Files.list(this.dir)) {
			assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.startsWith("hs_err_pid"));
		}
		assertThat(Files.readString(this.dir.resolve("arguments"))).contains("-XX:ArchiveClassesAtExit=start.cache",
				"-Dspring.context.exit=onRefresh", "-jar application.jar");
	}

	@Test
	void onJdk25ItRecordsAnAotCache() throws Exception {
		Result result = record(25, "record");
		assertThat(result.status()).isZero();
		assertThat(result.runs()).isEqualTo(1);
		assertThat(this.dir.resolve("start-cache.args")).hasContent("-XX:AOTCache=start.cache");
		assertThat(Files.readString(this.dir.resolve("arguments"))).contains("-XX:AOTCacheOutput=start.cache");
	}

	@Test
	void aServiceThatCannotStartFailsTheBuildAtOnce() throws Exception {
		Result result = record(21, "fail", "record");
		assertThat(result.status()).isEqualTo(1);
		assertThat(result.runs()).isEqualTo(1);
		assertThat(result.stderr()).contains("failed with exit status 1 (attempt 1 of 3)");
		assertThat(this.dir.resolve("start-cache.args")).doesNotExist();
	}

	@Test
	void threeCrashesFailTheBuild() throws Exception {
		Result result = record(21, "crash", "crash", "crash", "record");
		assertThat(result.status()).isEqualTo(134);
		assertThat(result.runs()).isEqualTo(3);
		assertThat(result.stderr()).contains("failed with exit status 134 (attempt 3 of 3)");
		assertThat(this.dir.resolve("start-cache.args")).doesNotExist();
	}

	@Test
	void aCleanExitWithoutACacheFailsTheBuild() throws Exception {
		Result result = record(21, "exit");
		assertThat(result.status()).isEqualTo(1);
		assertThat(result.stderr()).contains("recorded no start.cache");
	}

	/** Runs the script with a {@code java} that plays the given runs, one per training run. */
	private Result record(int javaVersion, String... runs) throws IOException, InterruptedException {
		Path bin = Files.createDirectories(this.dir.resolve("bin"));
		Files.write(this.dir.resolve("plan"), String.join("\n", runs).concat("\n").getBytes(StandardCharsets.UTF_8));
		Path java = bin.resolve("java");
		Files.writeString(java, """
				#!/bin/sh
				case "$*" in *-XshowSettings:properties*) echo "    java.specification.version = %d" >&2; exit 0 ;; esac
				n=$(( $(cat runs 2>/dev/null || echo 0) + 1 )); echo "$n" > runs
				echo "$*" > arguments
				case "$(sed -n "${n}p" plan)" in
				  crash) echo "# A fatal error" > hs_err_pid$$.log; kill -ABRT $$ ;;
				  fail) exit 1 ;;
				  exit) exit 0 ;;
				  record) echo archive > start.cache; exit 0 ;;
				esac
				""".formatted(javaVersion));
		Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
		ProcessBuilder builder = new ProcessBuilder("/bin/sh", SCRIPT.toString()).directory(this.dir.toFile())
			.redirectError(this.dir.resolve("stderr").toFile())
			.redirectOutput(this.dir.resolve("stdout").toFile());
		builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
		builder.environment().put("TMPDIR", this.dir.toString());
		Process process = builder.start();
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the script ends").isTrue();
		Path runsFile = this.dir.resolve("runs");
		int ran = Files.exists(runsFile) ? Integer.parseInt(Files.readString(runsFile).strip()) : 0;
		return new Result(process.exitValue(), ran, Files.readString(this.dir.resolve("stderr")));
	}

	private record Result(int status, int runs, String stderr) {
	}

	private static Path root() {
		for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
			if (Files.isRegularFile(d.resolve("Dockerfile")) && Files.isDirectory(d.resolve("ops/image"))) {
				return d;
			}
		}
		throw new IllegalStateException("no project root above " + Path.of("").toAbsolutePath());
	}

}
