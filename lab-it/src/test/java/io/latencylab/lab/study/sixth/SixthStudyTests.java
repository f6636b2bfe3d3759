package io.latencylab.lab.study.sixth;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.cli.Lab;
import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.traces.Traces;
import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A study plugs in through Study alone: the sixth study (this package, nothing else changed) is
 * listed, its option is offered and reaches its hooks through `./lab run`, another study's run
 * refuses it, the deployments run its system, and the report of its run has its section.
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

	@Test
	void theReportOfARunWithItsStepHasItsSection(@TempDir Path runs) throws Exception {
		// A finished run of the sixth study's step, as the runner leaves it: one REST get, its span.
		Path dir = runs.resolve("sixth-20261203-000000");
		String folder = "steps/01-sixth-rest-get";
		Path step = Files.createDirectories(dir.resolve(folder).resolve("lab/sixth-rest-get"));
		Files.write(step.resolve("requests.csv"),
				List.of("group,trace_id,start_epoch_ms,duration_ms,status,parent_span_id,ok", "get,t1,1000,2.500,200,s1,true"));
		Traces.write(List.of(new Span("meals-rest", "t1", "r1", "s1", "get /meals/{id}", Span.SERVER, 0, 2_000_000, false, Map.of())),
				dir.resolve(folder).resolve("spans.jsonl"));
		Manifest.StepRecord record = new Manifest.StepRecord(1, "sixth-rest-get", "RestSimulation", Map.of(), folder,
				"2026-12-03T00:00:00Z", "2026-12-03T00:00:05Z", 0, 1, 0, 1, 1, new Manifest.LabCost(0.1, 0.1, 0.1, 1.0, null));
		new Manifest("sixth-20261203-000000", "sixth", "sixth", false, "bare", List.of(), "shared", null, null, Map.of(),
				Manifest.thisMachine(), "2026-12-03T00:00:00Z", "2026-12-03T00:01:00Z", null, List.of(record)).write(dir);

		stdout("report", dir.toString());
		assertThat(Files.readString(dir.resolve("report.md"))).contains("## The sixth study");
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
