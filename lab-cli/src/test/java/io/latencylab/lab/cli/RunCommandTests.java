package io.latencylab.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.latencylab.lab.study.Studies;
import io.latencylab.plan.Plan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** A refused option is a usage error (exit 2) before anything starts: no service, no run folder. */
class RunCommandTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "--repeat 0|--repeat takes 1 or more, not 0",
			"--steps toystore-buy-c9|quick has no step toystore-buy-c9",
			"--inject catalog-before-commit|--inject takes POINT=DELAY",
			"--distance 40x|--distance takes a round trip such as 40ms",
			"--compare bare|--compare takes two different sides",
			"--compare bare,compose --repeat 1|at least 2 runs a side",
			"--generator jmeter|--generator: quick runs its plans with gatling, not jmeter",
			"--jmeter-plan ../load-jmeter/plans/seed-000-rest.jmx|--jmeter-plan and -J go with 'lab run jmeter', not quick",
			"--topology ../ops/topology/kubernetes.yml --no-aot-cache|--no-aot-cache is for services the lab starts itself",
			"--bands tail=99-90|--bands: bands are NAME=FROM-TO percentiles",
			"--bands median=45-55,median=90-99|band median is named twice",
			"--storage s3|--storage is azurite or environment, not 's3'",
			"--store lab|--store is an option of seed-003, not of quick",
			"--context kind-lab|--context, --namespace and --overlay go with --kubernetes",
			"--services catalog,order-service|no service named catalog; the lab's services: meals-soap,",
			"--kubernetes --compose|--kubernetes is a deployment of its own",
			"--kubernetes --namespace Lab_CI|is no namespace name",
			"--kubernetes --overlay nowhere|--overlay nowhere holds no kustomization.yaml" })
	void aRefusedOptionStartsNothing(String options, String message) {
		refused(options, message);
	}

	/** Checked against the services the run starts (--services), as each step of the plan reaches them. */
	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"meals-rest||sort-service (warm-up, sort-quick-n10000-c2, sort-exchange-n10000-c1):",
			"meals-rest|toystore-query-c1|would not start frontend-service (warm-up, toystore-query-c1), catalog-service (warm-up, toystore-query-c1), order-service",
			"frontend-service,catalog-service|toystore-buy-c5,sweep-rest-get|order-service (warm-up, toystore-buy-c5), meals-rest (warm-up, sweep-rest-get):" })
	void aStepThatNeedsAServiceNotStartedIsRefused(String started, String steps, String message) {
		Plan quick = Studies.tour().plan(false);
		Plan plan = (steps == null) ? quick : quick.only(List.of(steps.split(",")));
		Set<String> services = Set.of(started.split(","));
		assertThatExceptionOfType(CommandLine.ParameterException.class)
			.isThrownBy(() -> DeploymentOptions.refuseUnstarted(new CommandLine(new Lab()), plan.servicesReached(true),
					services::contains))
			.withMessageContaining(message);
	}

	@Test
	void stepsThatNeedOnlyTheServicesStartedPass() {
		Plan plan = Studies.tour().plan(false).only(List.of("toystore-query-c1", "sweep-rest-get"));
		Set<String> started = Set.of("frontend-service", "catalog-service", "order-service", "meals-rest");
		assertThatCode(() -> DeploymentOptions.refuseUnstarted(new CommandLine(new Lab()), plan.servicesReached(true),
				started::contains))
			.doesNotThrowAnyException();
	}

	/** Bare, without --services, a run starts what its steps send to (and what those call), not the rest. */
	@Test
	void aBareRunStartsOnlyTheServicesItsStepsSendTo(@TempDir Path project) throws IOException {
		Plan quick = Studies.tour().plan(false);
		Optional<Set<String>> sorts = quick.only(List.of("sort-quick-n10000-c2")).servicesNeeded(true);
		assertThat(sorts).contains(Set.of("sort-service"));
		// Only where the project's docker-compose.yml says what each service calls.
		assertThat(new DeploymentOptions().startsOnly(sorts, project)).isFalse();
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		assertThat(new DeploymentOptions().startsOnly(sorts, project)).isTrue();
		assertThat(quick.only(List.of("toystore-buy-c1", "sweep-rest-get")).servicesNeeded(true))
			.contains(Set.of("frontend-service", "catalog-service", "order-service", "meals-rest"));
	}

	/** Every service when --services names some, under compose, or when a step does not say where it sends. */
	@Test
	void namedServicesComposeOrAStepThatSaysNothingStartAsBefore(@TempDir Path project) throws IOException {
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		Optional<Set<String>> sorts = Optional.of(Set.of("sort-service"));
		DeploymentOptions named = new DeploymentOptions();
		named.services.add("meals-rest");
		assertThat(named.startsOnly(sorts, project)).isFalse();
		DeploymentOptions compose = new DeploymentOptions();
		compose.compose = true;
		assertThat(compose.startsOnly(sorts, project)).isFalse();
		assertThat(new DeploymentOptions().startsOnly(Optional.empty(), project)).isFalse();
		assertThat(new DeploymentOptions().startsOnly(Optional.of(Set.of()), project)).isFalse();
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "jmeter|lab run jmeter needs --jmeter-plan PLAN.jmx",
			"jmeter --jmeter-plan nowhere.jmx|--jmeter-plan: no file",
			"jmeter --jmeter-plan ../load-jmeter/plans/seed-000-rest.jmx --jmeter-target nothing|--jmeter-plan: no service nothing",
			"jmeter --jmeter-plan ../load-jmeter/plans/seed-000-rest.jmx -Jusers=many|--jmeter-plan: For input string",
			"jmeter --jmeter-plan ../load-jmeter/plans/seed-000-rest.jmx -JdurationSeconds=2 -JrampSeconds=5|durationSeconds at least rampSeconds",
			"jmeter --jmeter-plan ../load-jmeter/plans/seed-000-rest.jmx --steps a|lab run jmeter has one step" })
	void aUsersJMeterPlanIsCheckedBeforeAnythingStarts(String options, String message) {
		refused(options, message);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "run seed-003 --store s3|--store: the object store behind the cache is swift or lab, not 's3'",
			"run seed-002 --storage s3|--storage is azurite or environment, not 's3'",
			"run seed-001 --storage azurite|--storage is an option of quick, seed-002, not of seed-001",
			"run jmeter --store lab|--store is an option of seed-003, not of jmeter" })
	void aStudysOwnOptionIsCheckedByTheStudyBeforeAnythingStarts(String options, String message) {
		refused(options, message);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "report latest --bands median|is not NAME=FROM-TO",
			"report latest --bands a=1-101|is no percentile from 0 to 100" })
	void aReportsBandsAreCheckedBeforeItReadsAnything(String options, String message) {
		refused(options, message);
	}

	private void refused(String options, String message) {
		// The tests run in lab-cli: a bare deployment there would keep its pids in lab-cli/runs/services.
		Path services = Lab.PROJECT.resolve("runs/services");
		assertThat(services).doesNotExist();
		StringWriter err = new StringWriter();
		CommandLine lab = new CommandLine(new Lab()).setErr(new PrintWriter(err));
		String[] args = (options.startsWith("jmeter") || options.startsWith("report") || options.startsWith("run ") ? options
				: "run quick " + options).split(" ");
		if (args[0].equals("jmeter")) {
			args = ("run " + options).split(" ");
		}
		assertThat(lab.execute(args)).as(err.toString()).isEqualTo(2);
		assertThat(err.toString()).contains(message).contains("Usage: lab " + args[0]);
		assertThat(services).as("nothing was started").doesNotExist();
		assertThat(Files.exists(Lab.PROJECT.resolve("runs"))).isFalse();
	}

}
