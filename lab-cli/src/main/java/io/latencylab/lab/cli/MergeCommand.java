package io.latencylab.lab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.latencylab.lab.report.MergedLogs;
import io.latencylab.observability.IntervalLogs;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "merge", mixinStandardHelpOptions = true,
		description = { "Merge several injectors' latency logs exactly: per request group, each injector's count, "
				+ "p50, p90, p99 and max, then all of them together (histograms added, never percentiles averaged).",
				"LOG is a latency.hlog (HdrHistogram's interval log, which every Gatling step of the lab writes "
						+ "beside its requests.csv) or a folder holding one." })
final class MergeCommand implements Callable<Integer> {

	@Parameters(arity = "1..*", paramLabel = "LOG", description = "The injectors' logs, or folders holding one each.")
	List<Path> logs;

	@Option(names = "--out", paramLabel = "FILE",
			description = "Also write the merged histograms as an interval log (one interval a group).")
	Path out;

	@Override
	public Integer call() throws Exception {
		List<Path> files = new ArrayList<>();
		for (Path log : this.logs) {
			files.add(MergedLogs.find(log));
		}
		Map<String, Map<String, Histogram>> byInjector = IntervalLogs.readAll(files);
		System.out.print(MergedLogs.table(IntervalLogs.rows(byInjector)));
		if (this.out != null) {
			MergedLogs.write(IntervalLogs.merge(new ArrayList<>(byInjector.values())), this.out);
			System.out.println("Merged log: " + this.out);
		}
		return 0;
	}

}
