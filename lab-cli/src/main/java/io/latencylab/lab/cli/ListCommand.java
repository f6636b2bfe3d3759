package io.latencylab.lab.cli;

import java.util.Locale;
import java.util.concurrent.Callable;

import io.latencylab.lab.run.Progress;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import picocli.CommandLine.Command;

@Command(name = "list", mixinStandardHelpOptions = true,
		description = "List the studies, each with its paper, its steps and its expected length, and jmeter.")
final class ListCommand implements Callable<Integer> {

	@Override
	public Integer call() {
		for (Study s : Studies.all()) {
			System.out.printf(Locale.ROOT, "%-9s %2d steps  ~%-6s (--full: ~%-8s) %s%n          %s%n", s.name(),
					s.plan(false).steps().size(), Progress.clock(s.plan(false).estimate()),
					s.seed().equals("all") ? "same" : Progress.clock(s.plan(true).estimate()), s.summary(), s.paper());
		}
		System.out.printf(Locale.ROOT, "%-9s  1 step   your own JMeter test plan against one service: lab run jmeter "
				+ "--jmeter-plan PLAN.jmx --jmeter-target SERVICE%n", RunCommand.JMETER);
		return 0;
	}

}
