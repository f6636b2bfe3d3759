package io.latencylab.lab.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The lab's rooms: the load generator below the runner, the runner's engine packages, the studies
 * and the command line on top, with no cycle between any of them.
 */
class LayoutTests {

	private final JavaClasses lab = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.latencylab.lab", "io.latencylab.load");

	@Test
	void thePackagesOfTheLoadGeneratorAndTheRunnerHaveNoCycles() {
		slices().matching("io.latencylab.(**)").should().beFreeOfCycles().check(this.lab);
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

	@Test
	void onlyTheStudiesAndTheCommandLineKnowTheStudies() {
		noClasses().that()
			.resideOutsideOfPackages("io.latencylab.lab.study..", "io.latencylab.lab.cli..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.latencylab.lab.study.(*)..")
			.check(this.lab);
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
