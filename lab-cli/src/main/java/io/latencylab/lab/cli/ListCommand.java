package io.latencylab.lab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.latencylab.lab.report.Format;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.study.StudyOption;
import picocli.CommandLine.Command;

@Command(name = "list", mixinStandardHelpOptions = true,
		description = "List the studies, each with its paper, its steps, its expected length and its own options, and jmeter.")
final class ListCommand implements Callable<Integer> {

	@Override
	public Integer call() {
		for (Study s : Studies.all()) {
			System.out.printf(Locale.ROOT, "%-9s %2d steps  ~%-6s (--full: ~%-8s) %s%n          %s%n", s.name(),
					s.plan(false).steps().size(), Format.clock(s.plan(false).estimate()),
					s.seed().equals("all") ? "same" : Format.clock(s.plan(true).estimate()), s.summary(), s.paper());
			// What the study adds to ./lab run: its own options and, for --regions, its regions' round trips.
			for (StudyOption option : s.options()) {
				System.out.printf(Locale.ROOT, "          %s %s%s%n", option.flag(), option.label(),
						(option.defaultValue() == null) ? "" : " (default " + option.defaultValue() + ")");
			}
			if (!s.regionRoundTrips().isEmpty()) {
				List<String> regions = new ArrayList<>();
				s.regionRoundTrips().forEach((region, roundTrip) -> regions.add(region + " " + roundTrip.toMillis() + " ms"));
				System.out.printf(Locale.ROOT, "          --regions: %s%n", String.join(", ", regions));
			}
		}
		System.out.printf(Locale.ROOT, "%-9s  1 step   your own JMeter test plan against one service: lab run jmeter "
				+ "--jmeter-plan PLAN.jmx --jmeter-target SERVICE%n", RunCommand.JMETER);
		return 0;
	}

}
