package io.latencylab.lab.cli;

import java.util.List;
import java.util.regex.Pattern;

import picocli.CommandLine;

/**
 * The form of --inject, checked before the lab starts: the services parse it only once they run
 * (telemetry's LatencyInjector), too late for a command that has started them.
 */
final class Injections {

	/** POINT=SPEC: a delay (50ms, 1s, 40ms-60ms) or fail, optionally on a share of the passes (@10%). */
	private static final Pattern FORM = Pattern
		.compile("[a-z][a-z0-9-]*=(fail|\\d+(ms|s)(-\\d+(ms|s))?)(@\\d+(\\.\\d+)?%)?");

	private Injections() {
	}

	static void check(List<String> injections, CommandLine command) {
		for (String injection : injections) {
			if (!FORM.matcher(injection).matches()) {
				throw new CommandLine.ParameterException(command, "--inject takes POINT=DELAY such as catalog-before-commit=50ms, "
						+ "order-before-catalog=20ms-40ms, catalog-before-commit=200ms@10% or order-before-catalog=fail@25%; not '"
						+ injection + "'");
			}
		}
	}

}
