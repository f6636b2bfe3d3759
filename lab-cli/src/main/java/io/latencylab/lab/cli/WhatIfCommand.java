package io.latencylab.lab.cli;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import io.latencylab.lab.report.WhatIfSection;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.observability.Bands;
import io.latencylab.observability.Decomposition;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.Projection;
import io.latencylab.observability.Request;
import io.latencylab.observability.WhatIf;
import io.latencylab.plan.Parameter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "whatif", mixinStandardHelpOptions = true,
		description = { "Project a step of a run as if one part of its requests took another time: the client's mean, p50, "
				+ "p90 and p99 and the tail's bands, measured beside projected, from the step's traced requests re-timed "
				+ "along their critical paths.",
				"RUN is a run id (a folder in runs/), a path, or 'latest'; PART a part of the step's decomposition as its "
						+ "report names it: \"front door\", \"catalog-service: catalog.commit\", \"network + queueing: "
						+ "frontend-service → …\"." })
final class WhatIfCommand implements Callable<Integer> {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@Parameters(paramLabel = "RUN", description = "The run.")
	String run;

	@Option(names = "--step", required = true, paramLabel = "STEP", description = "The step, by its name in the run.")
	String step;

	@Option(names = "--part", required = true, paramLabel = "PART", description = "The part changed.")
	String part;

	@CommandLine.ArgGroup(exclusive = true, multiplicity = "1")
	How how;

	/** By a factor, or by an amount each time the part occurs. */
	static final class How {

		@Option(names = "--scale", paramLabel = "FACTOR", description = "Its time times FACTOR (0: it took none; 2: twice as long).")
		Double scale;

		@Option(names = "--shift", paramLabel = "±DURATION", description = "Its time plus DURATION (-50ms, +20ms), never below 0.")
		String shift;

	}

	@CommandLine.ArgGroup(exclusive = true)
	Which which;

	/** Every request by default; a share of them, or those an injection acted in. */
	static final class Which {

		@Option(names = "--share", paramLabel = "PERCENT",
				description = "Only in PERCENT of the requests (3%%, 0.5%%), as many as that share, chosen at random by trace id "
						+ "(the same each time): a cause that strikes some requests, as a tail's does.")
		String share;

		@Option(names = "--injected",
				description = "Only in the requests the lab's injection acted in (their traces say so): a known delay taken out again.")
		boolean injected;

	}

	@CommandLine.Mixin
	BandsOption bandsOption = new BandsOption();

	@Override
	public Integer call() throws Exception {
		CommandLine commandLine = this.spec.commandLine();
		Optional<Bands> bands = this.bandsOption.given(commandLine);
		Projection.Change change = change(commandLine);
		Path dir = ReportCommand.resolve(this.run);
		if (!RunFolder.holdsRun(dir)) {
			throw new CommandLine.ParameterException(commandLine, "RUN: " + this.run + " holds no run (no manifest.json in " + dir + ")");
		}
		RunData data = RunData.read(dir, bands);
		RunData.StepData step = data.steps()
			.stream()
			.filter((s) -> s.record().name().equals(this.step))
			.findFirst()
			.orElseThrow(() -> new CommandLine.ParameterException(commandLine, "--step: no step " + this.step + " in "
					+ data.manifest().runId() + "; its steps: "
					+ data.steps().stream().map((s) -> s.record().name()).collect(Collectors.joining(", "))));
		Set<String> parts = new LinkedHashSet<>(List.of(Decomposition.FRONT_DOOR));
		step.decomposition()
			.forEach((group) -> group.components().stream().map(GroupDecomposition.ComponentStats::component).forEach(parts::add));
		if (!parts.contains(this.part)) {
			throw new CommandLine.ParameterException(commandLine, "--part: no part \"" + this.part + "\" in step " + this.step
					+ "; its parts: " + parts.stream().map((p) -> "\"" + p + "\"").collect(Collectors.joining(", ")));
		}
		List<WhatIf> whatIfs = WhatIf.of(step.requests(), data.spans(step), step.bands(), change);
		Map<String, Long> answered = step.requests()
			.stream()
			.filter((r) -> r.status() != 0)
			.collect(Collectors.groupingBy(Request::group, Collectors.counting()));
		System.out.print(WhatIfSection.markdown(this.step, whatIfs, answered));
		return 0;
	}

	private Projection.Change change(CommandLine commandLine) {
		return howMuch(commandLine).in(which(commandLine));
	}

	private Projection.Which which(CommandLine commandLine) {
		if (this.which == null) {
			return Projection.Which.ALL;
		}
		if (this.which.injected) {
			return Projection.Which.INJECTED;
		}
		String percent = this.which.share.strip();
		try {
			double share = Double.parseDouble(percent.endsWith("%") ? percent.substring(0, percent.length() - 1) : percent);
			return Projection.Which.share(share / 100);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(commandLine,
					"--share: a share of the requests above 0 and at most 100 %, such as 3%, not " + this.which.share);
		}
	}

	private Projection.Change howMuch(CommandLine commandLine) {
		if (this.how.scale != null) {
			if (!(this.how.scale >= 0) || this.how.scale.isInfinite()) {
				throw new CommandLine.ParameterException(commandLine, "--scale: a factor of 0 or more, not " + this.how.scale);
			}
			return Projection.Change.scaled(this.part, this.how.scale);
		}
		try {
			return Projection.Change.shifted(this.part, Parameter.parseDuration(this.how.shift.strip()).toNanos());
		}
		catch (RuntimeException ex) {
			throw new CommandLine.ParameterException(commandLine,
					"--shift: a duration such as -50ms, +20ms or 1s, not " + this.how.shift);
		}
	}

}
