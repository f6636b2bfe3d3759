package io.latencylab.lab.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** A split step's start, kept beside its injectors' folders and read back; its skew among those that said when. */
class InjectorStartsTests {

	@TempDir
	Path dir;

	@Test
	void theSkewIsTheLatestStartLessTheEarliestAmongTheInjectorsThatSaidWhen() throws IOException {
		Map<String, Long> started = new LinkedHashMap<>(Map.of("injectors-0", 1_000_003L, "injectors-1", 1_000_041L));
		started.put("old", 0L);
		InjectorStarts starts = new InjectorStarts(1_000_000L, started, Map.of("injectors-0", 3.5, "injectors-1", 2.25));
		assertThat(starts.skewMs()).isEqualTo(38);
		starts.write(this.dir);
		assertThat(InjectorStarts.read(this.dir)).hasValue(starts);
		assertThat(InjectorStarts.read(this.dir.resolve("none"))).isEmpty();
		assertThat(new InjectorStarts(1, Map.of("only", 5L), Map.of()).skewMs()).isZero();
	}

}
