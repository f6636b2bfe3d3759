package io.latencylab.lab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/** What ./lab whatif is asked to change is checked before any run is read. */
class WhatIfCommandTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			value = { "--scale -1|--scale: a factor of 0 or more, not -1.0",
					"--shift soon|--shift: a duration such as -50ms, +20ms or 1s, not soon",
					"--shift -50ms --share 0%|--share: a share of the requests above 0 and at most 100 %, such as 3%, not 0%",
					"--shift -50ms --share 120|--share: a share of the requests above 0 and at most 100 %, such as 3%, not 120",
					"--shift -50ms --share many|--share: a share of the requests above 0 and at most 100 %, such as 3%, not many",
					"--shift -50ms --share 3% --injected|--share=PERCENT, --injected are mutually exclusive",
					"--shift +200ms --share 3%|RUN: no-such-run holds no run" })
	void aRefusedChangeIsSaidBeforeTheRunIsRead(String options, String message) {
		StringWriter err = new StringWriter();
		CommandLine lab = new CommandLine(new Lab()).setErr(new PrintWriter(err));
		String[] args = ("whatif no-such-run --step buy --part front_door " + options).split(" ");
		assertThat(lab.execute(args)).as(err.toString()).isEqualTo(2);
		assertThat(err.toString()).contains(message).contains("Usage: lab whatif");
	}

}
