package io.latencylab.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.latencylab.lab.study.azure.StorageHook;
import io.latencylab.lab.study.svload.ObjectStoreHook;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab's rooms: the load generator below the runner, the runner's engine packages, the studies
 * and the command line on top, with no cycle between any of them.
 */
class LayoutTests {

	private final JavaClasses lab = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.latencylab.lab", "io.latencylab.load", "io.latencylab.plan");

	@Test
	void thePackagesOfTheLoadGeneratorAndTheRunnerHaveNoCycles() {
		slices().matching("io.latencylab.(**)").should().beFreeOfCycles().check(this.lab);
	}

	@Test
	void neitherTheEngineNorTheCommandLineNamesAStudyNorTheSystemsStudiesBring() throws IOException {
		// A study brings its options, its systems (BackingSystem) and its part of a run (RunHook); the engine
		// and the command line run any. (The tour's name stays: it is the command line's first word to a
		// newcomer, and a sort algorithm's.)
		Pattern named = Pattern.compile("(?i)swift|varnish|hitch|azurite|svload|soapvsrest|seed[ -]?0\\d\\d");
		List<String> found = new ArrayList<>();
		List<Path> files;
		try (Stream<Path> runner = Files.walk(Path.of("..", "lab-runner", "src", "main"));
				Stream<Path> cli = Files.walk(Path.of("src", "main"))) {
			files = Stream.concat(runner, cli).filter(Files::isRegularFile).sorted().toList();
		}
		for (Path file : files) {
			List<String> lines = Files.readAllLines(file);
			for (int i = 0; i < lines.size(); i++) {
				if (named.matcher(lines.get(i)).find()) {
					found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
				}
			}
		}
		assertThat(found).isEmpty();
	}

	/** The longest a main class may grow before it is split by role. */
	static final int MOST_LINES = 450;

	/** The longest the run loop and a command's call() may grow: what they do in more is another class's job. */
	static final int MOST_METHOD_LINES = 60;

	@Test
	void noMainClassOfTheProjectIsLongerThanItsLimit() throws IOException {
		List<String> long_ = new ArrayList<>();
		List<Path> sources;
		try (Stream<Path> modules = Files.list(Path.of(".."))) {
			sources = modules.map((module) -> module.resolve("src/main/java")).filter(Files::isDirectory).sorted().toList();
		}
		for (Path source : sources) {
			try (Stream<Path> files = Files.walk(source)) {
				for (Path file : files.filter((f) -> f.toString().endsWith(".java")).sorted().toList()) {
					int lines = Files.readAllLines(file).size();
					if (lines > MOST_LINES) {
						long_.add(file + ": " + lines + " lines");
					}
				}
			}
		}
		assertThat(long_).isEmpty();
	}

	@Test
	void theRunLoopAndEveryCommandsCallAreShort() throws IOException {
		List<String> long_ = new ArrayList<>();
		List<Path> files = new ArrayList<>(List.of(Path.of("..", "lab-runner", "src", "main", "java", "io", "latencylab",
				"lab", "run", "LabRun.java")));
		try (Stream<Path> commands = Files.list(Path.of("src", "main", "java", "io", "latencylab", "lab", "cli"))) {
			files.addAll(commands.sorted().toList());
		}
		Pattern method = Pattern.compile("^\\t(public|private|protected)? ?(Integer call\\(\\)|Path run\\(Plan ).*");
		for (Path file : files) {
			List<String> lines = Files.readAllLines(file);
			for (int i = 0; i < lines.size(); i++) {
				if (method.matcher(lines.get(i)).matches()) {
					int end = i;
					while (!lines.get(end).equals("\t}")) {
						end++;
					}
					if (end - i + 1 > MOST_METHOD_LINES) {
						long_.add(file.getFileName() + ":" + (i + 1) + ": " + (end - i + 1) + " lines");
					}
				}
			}
		}
		assertThat(long_).isEmpty();
	}

	/** The load generator's packages of the studies' workloads. */
	private static final List<String> STUDY_LOADS = List.of("meals", "toystore", "sort", "azure", "svload");

	@Test
	void theLoadGeneratorsCoreKnowsNoWorkload() {
		// What every simulation uses (recording, tracing, the injector); the workloads build on it.
		noClasses().that()
			.resideInAPackage("io.latencylab.load")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(Stream.concat(STUDY_LOADS.stream(), Stream.of("operation", "tour", "jmeter"))
				.map((p) -> "io.latencylab.load." + p + "..")
				.toArray(String[]::new))
			.check(this.lab);
	}

	@Test
	void oneStudysLoadDoesNotReachIntoAnother() {
		// Only the tour and the single operations (warm-up, sweep, open model) borrow several.
		for (String study : STUDY_LOADS) {
			noClasses().that()
				.resideInAPackage("io.latencylab.load." + study + "..")
				.should()
				.dependOnClassesThat()
				.resideInAnyPackage(Stream.concat(STUDY_LOADS.stream().filter((s) -> !s.equals(study)), Stream.of("operation", "tour"))
					.map((p) -> "io.latencylab.load." + p + "..")
					.toArray(String[]::new))
				.check(this.lab);
		}
	}

	@Test
	void everySimulationHasASimpleNameOfItsOwn() {
		// Runs recorded before the load generator's packages name their simulation by it (Step.runs).
		List<String> names = this.lab.stream()
			.filter((c) -> c.isAssignableTo("io.gatling.javaapi.core.Simulation"))
			.map((c) -> c.getSimpleName())
			.toList();
		assertThat(names).hasSizeGreaterThan(5).doesNotHaveDuplicates();
	}

	@Test
	void thePlanKnowsNeitherTheLoadGeneratorNorTheRunner() {
		// The contract between them: both depend on it, it on neither.
		noClasses().that()
			.resideInAPackage("io.latencylab.plan..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.latencylab.load..", "io.latencylab.lab..")
			.check(this.lab);
	}

	@Test
	void theEngineKnowsThePlanNotTheLoadGenerator() {
		// It starts the load generator in JVMs of its own; only the studies name its simulations.
		noClasses().that()
			.resideInAnyPackage("io.latencylab.lab.deploy..", "io.latencylab.lab.run..", "io.latencylab.lab.report..",
					"io.latencylab.lab.traces..", "io.latencylab.lab.net..", "io.latencylab.lab.tls..",
					"io.latencylab.lab.topology..", "io.latencylab.lab.study")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.latencylab.load..")
			.check(this.lab);
	}

	@Test
	void theLoadGeneratorKnowsNothingOfTheRunner() {
		// What an injector on another host runs: its jar and its dependencies, no engine.
		noClasses().that()
			.resideInAPackage("io.latencylab.load..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.latencylab.lab..")
			.check(this.lab);
	}

	/** Only lab-studies knows a study: the rest reaches them through Study and the registry, Studies. */
	static final ArchRule ONLY_THE_STUDIES_KNOW_THE_STUDIES = noClasses().that()
		.resideOutsideOfPackages("io.latencylab.lab.study.(*)..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("io.latencylab.lab.study.(*)..");

	@Test
	void onlyTheStudiesKnowTheStudies() {
		ONLY_THE_STUDIES_KNOW_THE_STUDIES.check(this.lab);
	}

	@Test
	void theRuleFailsOnACommandOrAnEngineClassThatImportsAStudy() {
		JavaClasses mutants = new ClassFileImporter().importClasses(MutantCommand.class, MutantEngineClass.class,
				StorageHook.class, ObjectStoreHook.class);
		EvaluationResult result = ONLY_THE_STUDIES_KNOW_THE_STUDIES.evaluate(mutants);
		assertThat(result.getFailureReport().getDetails()).anyMatch((d) -> d.contains(MutantCommand.class.getName()))
			.anyMatch((d) -> d.contains(MutantEngineClass.class.getName()));
	}

	/** What RunCommand was: the command line handing every run seed 002's hook. */
	static final class MutantCommand {

		Object hook() {
			return StorageHook.of("azurite");
		}

	}

	/** What the engine must not do: name seed 003's store. */
	static final class MutantEngineClass {

		Object hook() {
			return ObjectStoreHook.forRun(null);
		}

	}

	@Test
	void theReportTheResultsAndTheStudiesReadARunWithoutTheRunLoop() {
		noClasses().that()
			.resideInAnyPackage("io.latencylab.lab.report..", "io.latencylab.lab.results..", "io.latencylab.lab.study..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.latencylab.lab.run..")
			.check(this.lab);
	}

	@Test
	void runCommandIsShort() throws IOException {
		assertThat(Files.readAllLines(Path.of("src/main/java/io/latencylab/lab/cli/RunCommand.java"))).hasSizeLessThan(200);
	}

	@Test
	void theEngineDoesNotKnowTheCommandLine() {
		noClasses().that()
			.resideOutsideOfPackage("io.latencylab.lab.cli..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.latencylab.lab.cli..")
			.check(this.lab);
	}

	@Test
	void oneStudyDoesNotReachIntoAnother() {
		// The tour and the agreement check borrow the studies' loads; no study depends on them or on
		// another study.
		for (String study : new String[] { "soapvsrest", "toystore", "azure", "sort", "svload" }) {
			noClasses().that()
				.resideInAPackage("io.latencylab.lab.study." + study + "..")
				.should()
				.dependOnClassesThat()
				.resideInAnyPackage(others(study))
				.check(this.lab);
		}
	}

	private static String[] others(String study) {
		return java.util.stream.Stream.of("tour", "agreement", "soapvsrest", "toystore", "azure", "sort", "svload")
			.filter((s) -> !s.equals(study))
			.map((s) -> "io.latencylab.lab.study." + s + "..")
			.toArray(String[]::new);
	}

}