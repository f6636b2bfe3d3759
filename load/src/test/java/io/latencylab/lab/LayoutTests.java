package io.latencylab.lab;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The runner's rooms: plan, deployment, run, traces, report and the studies, with no cycle between them. */
class LayoutTests {

	private final JavaClasses runner = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.latencylab.lab");

	@Test
	void thePackagesOfTheRunnerHaveNoCycles() {
		slices().matching("io.latencylab.lab.(**)").should().beFreeOfCycles().check(this.runner);
	}

	@Test
	void onlyTheStudiesKnowTheStudies() {
		noClasses().that()
			.resideOutsideOfPackages("io.latencylab.lab.study..")
			.and()
			.resideOutsideOfPackage("io.latencylab.lab")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.latencylab.lab.study..")
			.check(this.runner);
	}

	@Test
	void oneStudyDoesNotReachIntoAnother() {
		// The tour and the agreement check borrow the studies' loads; no study depends on them or on
		// another study.
		for (String study : new String[] { "soapvsrest", "toystore", "azure", "sort" }) {
			noClasses().that()
				.resideInAPackage("io.latencylab.lab.study." + study + "..")
				.should()
				.dependOnClassesThat()
				.resideInAnyPackage(others(study))
				.check(this.runner);
		}
	}

	private static String[] others(String study) {
		return java.util.stream.Stream.of("tour", "agreement", "soapvsrest", "toystore", "azure", "sort")
			.filter((s) -> !s.equals(study))
			.map((s) -> "io.latencylab.lab.study." + s + "..")
			.toArray(String[]::new);
	}

}
