package io.latencylab.lab.cli;

import java.util.Optional;

import io.latencylab.observability.Bands;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The bands a run's requests are ranked into, for the tail's decomposition: `./lab run` and `./lab report`. */
final class BandsOption {

	@Option(names = "--bands", paramLabel = "NAME=FROM-TO,…",
			description = "Bands of each group's requests ranked by client latency, percentiles from 0 to 100, the first the "
					+ "reference the others are set against (default: " + Bands.DEFAULT_SPEC + "; a report: those its run "
					+ "was traced for).")
	String bands;

	/** The bands asked for, if any; a usage error for a text that is no bands. */
	Optional<Bands> given(CommandLine commandLine) {
		if (this.bands == null) {
			return Optional.empty();
		}
		try {
			return Optional.of(Bands.parse(this.bands));
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(commandLine, "--bands: " + ex.getMessage());
		}
	}

}
