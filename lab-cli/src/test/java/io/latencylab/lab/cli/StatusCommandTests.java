package io.latencylab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/** ./lab status names one deployment: two at once is a usage error, before anything is asked of them. */
class StatusCommandTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "status --compose --kubernetes|--kubernetes is a deployment of its own",
			"status --compose --namespace lab|--context, --namespace and --overlay go with --kubernetes" })
	void twoDeploymentsAreAUsageError(String options, String message) {
		StringWriter err = new StringWriter();
		CommandLine lab = new CommandLine(new Lab()).setErr(new PrintWriter(err));
		assertThat(lab.execute(options.split(" "))).as(err.toString()).isEqualTo(2);
		assertThat(err.toString()).contains(message).contains("Usage: lab status");
	}

}
