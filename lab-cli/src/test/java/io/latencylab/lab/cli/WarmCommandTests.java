package io.latencylab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** What ./lab warm and ./lab up --warm are asked to warm is checked before anything starts or is sent. */
class WarmCommandTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "warm --targets toy-fly@2|--targets: unknown operation 'toy-fly'",
			"warm --targets toy-query@0|--targets: a warm-up target needs 1 or more clients, got 0",
			"warm --targets toy-query@many|--targets: For input string",
			"warm --study seed-999|--study: unknown study 'seed-999'",
			"warm --study seed-003|--study: seed-003 warms up with a step of its own",
			"warm --warm-cap 0s|--warm-cap must be longer than nothing",
			"warm --window soon|--window: lab.warmup.window must be a duration",
			"up --warm --targets rest-get@-1|--targets: a warm-up target needs 1 or more clients, got -1",
			"warm --max-windows 2|--max-windows takes 3 or more (the floor), not 2",
			"up --warm-cap 5m|--study, --targets, --warm-cap, --window and --max-windows go with --warm" })
	void aRefusedOptionStartsNothing(String options, String message) {
		Path services = Lab.PROJECT.resolve("runs/services");
		assertThat(services).doesNotExist();
		StringWriter err = new StringWriter();
		CommandLine lab = new CommandLine(new Lab()).setErr(new PrintWriter(err));
		String[] args = options.split(" ");
		assertThat(lab.execute(args)).as(err.toString()).isEqualTo(2);
		assertThat(err.toString()).contains(message).contains("Usage: lab " + args[0]);
		assertThat(services).as("nothing was started").doesNotExist();
		assertThat(Files.exists(Lab.PROJECT.resolve("runs"))).isFalse();
	}

	/** Checked against the services the lab runs before anything starts (UpCommand, WarmCommand: deployment::starts). */
	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"frontend-service,catalog-service,order-service|toy-query@1,soap-get@1||--targets: soap-get@1 needs meals-soap, which this lab does not run (--services)",
			"frontend-service|toy-query@1,rest-get@2||--targets: toy-query@1 needs catalog-service and order-service; rest-get@2 needs meals-rest, which",
			"meals-rest,catalog-service||seed-001|--study seed-001: toy-query@5 needs frontend-service and order-service; toy-buy@5 needs",
			"object-store|||none of the tour's targets reaches only the services this lab runs (--services)" })
	void aTargetOfAServiceNotRunIsRefused(String started, String targets, String study, String message) {
		WarmOptions options = new WarmOptions();
		options.targets = (targets == null) ? null : List.of(targets.split(","));
		options.study = study;
		Set<String> services = Set.of(started.split(","));
		assertThatExceptionOfType(CommandLine.ParameterException.class)
			.isThrownBy(() -> options.warmUp(new CommandLine(new Lab()), services::contains))
			.withMessageContaining(message);
	}

	@Test
	void theToursTargetsAreThoseOfTheServicesUp() {
		CommandLine cli = new CommandLine(new Lab());
		Set<String> toyStore = Set.of("frontend-service", "catalog-service", "order-service");
		List<WarmUp.Target> targets = new WarmOptions().warmUp(cli, toyStore::contains).get(WarmUp.TARGETS);
		List<WarmUp.Target> tour = new WarmOptions().warmUp(cli, (service) -> true).get(WarmUp.TARGETS);
		assertThat(targets).isNotEmpty()
			.allSatisfy((target) -> assertThat(toyStore).containsAll(target.operation().services()))
			.isEqualTo(tour.stream().filter((target) -> toyStore.containsAll(target.operation().services())).toList());
		assertThat(tour).hasSizeGreaterThan(targets.size());
	}

}
