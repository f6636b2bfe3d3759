package io.latencylab.lab.study.sixth;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.latencylab.lab.cli.Lab;
import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.study.Studies;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A study plugs in through Study alone: the sixth study (this package, nothing else changed) is
 * listed, its option is offered and reaches its hooks through `./lab run`, another study's run
 * refuses it, and the deployments run its system.
 */
class SixthStudyTests {

	@Test
	void theRegistryFindsItAndListShowsItWithItsOption() {
		assertThat(Studies.named("sixth")).get().isInstanceOf(SixthStudy.class);
		String out = stdout("list");
		assertThat(out).contains("sixth").contains("one REST get step at one client").contains("--colour COLOUR (default blue)");
	}

	@Test
	void runOffersItsOptionAndGivesTheValueToItsHooks() {
		assertThat(stdout("run", "--help")).contains("--colour=COLOUR").contains("For sixth only.");
		SixthStudy.lastValues = java.util.Map.of();
		// Refused by the study's own hook before anything starts: the value went through the command line to it.
		String err = refused("run", "sixth", "--colour", "red");
		assertThat(err).contains("the sixth study paints no step red");
		assertThat(SixthStudy.lastValues).containsEntry("colour", "red");
		refused("run", "sixth", "--steps", "no-such-step");
		assertThat(SixthStudy.lastValues).as("its default when not given").containsEntry("colour", "blue");
	}

	@Test
	void anotherStudysRunRefusesItsOption() {
		assertThat(refused("run", "quick", "--colour", "green")).contains("--colour is an option of sixth, not of quick");
	}

	@Test
	void theLabRunsItsSystem() {
		assertThat(Studies.systems()).contains(SixthStudy.SYSTEM);
		assertThat(new BareDeployment(Path.of("").toAbsolutePath(), Studies.systems()).backing(SixthStudy.SixthSystem.class))
			.isPresent();
		assertThat(stdout("status")).contains("sixth-system");
	}

	private static String refused(String... args) {
		StringWriter err = new StringWriter();
		int exit = new CommandLine(new Lab()).setErr(new PrintWriter(err)).execute(args);
		assertThat(exit).as(err.toString()).isEqualTo(2);
		assertThat(Files.exists(Path.of("runs", "services"))).as("nothing was started").isFalse();
		return err.toString();
	}

	private static String stdout(String... args) {
		PrintStream before = System.out;
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
		try {
			assertThat(new CommandLine(new Lab()).execute(args)).isZero();
		}
		finally {
			System.setOut(before);
		}
		return out.toString(StandardCharsets.UTF_8);
	}

}
