package io.latencylab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/** A training run's length is checked before any service starts recording. */
class AotCacheCommandTests {

	@ParameterizedTest
	@ValueSource(strings = { "5", "601" })
	void aTrainingRunOutsideItsBoundsStartsNothing(String seconds) {
		StringWriter err = new StringWriter();
		CommandLine lab = new CommandLine(new Lab()).setErr(new PrintWriter(err));
		assertThat(lab.execute("aot-cache", "--seconds", seconds)).as(err.toString()).isEqualTo(2);
		assertThat(err.toString()).contains("--seconds takes 10 to 600, not " + seconds).contains("Usage: lab aot-cache");
		assertThat(Lab.PROJECT.resolve("runs")).as("nothing was started").doesNotExist();
	}

}
