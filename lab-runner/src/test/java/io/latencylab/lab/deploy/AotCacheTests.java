package io.latencylab.lab.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class AotCacheTests {

	@TempDir
	Path dir;

	private Path jar() throws Exception {
		Path jar = this.dir.resolve("sort-service-0.1.0-exec.jar");
		if (!Files.exists(jar)) {
			Files.writeString(jar, "a jar");
		}
		return jar;
	}

	@Test
	void jdk25RecordsAnAotCacheInOneRunAndStartsFromItsClasses() throws Exception {
		AotCache cache = new AotCache("sort-service", jar(), 25, "/jdk 25.0.3");
		assertThat(cache.kind()).isEqualTo("AOT cache");
		assertThat(cache.recordOptions()).containsExactly("-XX:AOTCacheOutput=" + this.dir.resolve("aot/app.aot"));
		// Its classes, not its training run's method profiles (measured slower for minutes).
		assertThat(cache.useOptions()).containsExactly("-XX:AOTCache=" + this.dir.resolve("aot/app.aot"),
				"-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTReplayTraining");
		assertThat(cache.extractedJar()).isEqualTo(this.dir.resolve("aot/app/sort-service-0.1.0-exec.jar"));
	}

	@Test
	void jdk21To24RecordACdsArchiveOfTheLoadedClasses() throws Exception {
		for (int jdk : new int[] { 21, 24 }) {
			AotCache cache = new AotCache("sort-service", jar(), jdk, "/jdk " + jdk);
			assertThat(cache.kind()).isEqualTo("CDS archive");
			assertThat(cache.recordOptions()).containsExactly("-XX:ArchiveClassesAtExit=" + this.dir.resolve("aot/app.jsa"));
			assertThat(cache.useOptions()).containsExactly("-XX:SharedArchiveFile=" + this.dir.resolve("aot/app.jsa"));
		}
	}

	@Test
	void aCacheIsUsedOnlyOnceStampedForThisJarAndThisJdk() throws Exception {
		AotCache cache = new AotCache("sort-service", jar(), 25, "/jdk 25.0.3");
		assertThat(cache.unusable()).contains("none recorded");
		Files.createDirectories(cache.cacheFile().getParent());
		Files.write(cache.cacheFile(), new byte[] { 1, 2, 3 });
		// Written but not stamped: a training run that did not finish.
		assertThat(cache.unusable()).contains("none recorded");
		assertThat(cache.stamp("a test's load")).isEqualTo(3);
		assertThat(cache.unusable()).isEmpty();

		assertThat(new AotCache("sort-service", jar(), 25, "/other-jdk 25.0.1").unusable())
			.hasValueSatisfying((why) -> assertThat(why).startsWith("recorded with another JDK (/jdk 25.0.3)"));
		// Built again from the same sources (the build is reproducible): the same bytes, a newer file.
		Files.setLastModifiedTime(jar(), FileTime.fromMillis(Files.getLastModifiedTime(jar()).toMillis() + 1000));
		assertThat(new AotCache("sort-service", jar(), 25, "/jdk 25.0.3").unusable()).isEmpty();
		// Built from changed sources: the classes the cache holds may be gone.
		Files.writeString(jar(), "another jar");
		AotCache rebuilt = new AotCache("sort-service", jar(), 25, "/jdk 25.0.3");
		assertThat(rebuilt.unusable()).contains("recorded for an older build of sort-service");
	}

	@Test
	void aTrainingRunWhoseJvmWroteNoCacheFailsNamingTheService() throws Exception {
		AotCache cache = new AotCache("sort-service", jar(), 25, "/jdk 25.0.3");
		assertThatIllegalStateException().isThrownBy(() -> cache.stamp("load"))
			.withMessageContaining("sort-service wrote no AOT cache");
		cache.deleteCache();
		assertThat(cache.unusable()).contains("none recorded");
	}

}
