package io.latencylab.lab.cli;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.ComposeSetup;
import io.latencylab.lab.deploy.Deployment;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** `./lab run --compare A,B`: the plan on two deployments taking turns. */
final class CompareOption {

	@Option(names = "--compare", split = ",", paramLabel = "SIDE",
			description = "Run the plan on two deployments taking turns, each started afresh for each of its runs, and "
					+ "write a comparison beside the runs' reports: every factor of both sides with the ones that differ "
					+ "flagged, each hop's difference with its confidence interval, and the study's own comparison where "
					+ "it has one. SIDEs: bare; compose (containers and nothing else different: H2 files, "
					+ "spans to files, no limits, the bare JVMs' JRE version and options); compose-host (the same on "
					+ "the host's network instead of compose's bridge and published ports); compose-as-shipped. The lab must be down.")
	List<String> compare;

	boolean asked() {
		return this.compare != null;
	}

	/** The two sides, checked: two different ones, with neither --compose nor --topology beside them. */
	Map<String, Deployment> sides(CommandLine cli, DeploymentOptions options) {
		if (this.compare.size() != 2 || this.compare.get(0).equals(this.compare.get(1))) {
			throw new CommandLine.ParameterException(cli,
					"--compare takes two different sides, as bare,compose; not " + String.join(",", this.compare));
		}
		if (options.compose || options.topology != null) {
			throw new CommandLine.ParameterException(cli, "--compare names the deployments: leave --compose and --topology out");
		}
		Map<String, Deployment> sides = new LinkedHashMap<>();
		for (String side : this.compare) {
			sides.put(side, side(cli, side, options));
		}
		return sides;
	}

	/** --repeat for a comparison: 3 runs a side unless given, at least 2 for a confidence interval. */
	static int runsASide(CommandLine cli, Integer repeat) {
		int runs = (repeat == null) ? 3 : repeat;
		if (runs < 2) {
			throw new CommandLine.ParameterException(cli, "--compare needs at least 2 runs a side for a confidence interval, not " + runs);
		}
		return runs;
	}

	private static Deployment side(CommandLine cli, String side, DeploymentOptions options) {
		if (side.equals("bare")) {
			return Lab.bare();
		}
		for (ComposeSetup setup : ComposeSetup.values()) {
			if (setup.side().equals(side)) {
				return Lab.compose(options.services, setup);
			}
		}
		throw new CommandLine.ParameterException(cli, "unknown side '" + side + "'; one of bare, "
				+ String.join(", ", Arrays.stream(ComposeSetup.values()).map(ComposeSetup::side).toList()));
	}

}
