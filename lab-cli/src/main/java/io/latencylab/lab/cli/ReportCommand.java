package io.latencylab.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import io.latencylab.lab.report.Comparison;
import io.latencylab.lab.report.Repetitions;
import io.latencylab.lab.report.Report;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.study.Studies;
import io.latencylab.observability.Bands;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true,
		description = { "Rebuild a run's report from its stored data, or compare two runs.",
				"RUN is a run id (a folder in runs/), a path, or 'latest'." })
final class ReportCommand implements Callable<Integer> {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@Parameters(arity = "0..1", paramLabel = "RUN", description = "The run to report on.")
	String run;

	@Option(names = "--compare", arity = "2", paramLabel = "RUN",
			description = "Compare RUN_A with RUN_B per step and component; writes runs/compare-A-vs-B/.")
	List<String> compare;

	@Option(names = "--repetitions", arity = "2..*", paramLabel = "RUN",
			description = "Runs of one plan taken together: every figure as a mean with its 95%% confidence interval.")
	List<String> repetitions;

	@Option(names = "--steps", split = ",", paramLabel = "STEP_A:STEP_B",
			description = "With --compare: the steps to compare, when their names differ (toystore-buy-c1:toystore-buy-c5).")
	List<String> steps = new ArrayList<>();

	@CommandLine.Mixin
	BandsOption bandsOption = new BandsOption();

	@Override
	public Integer call() throws Exception {
		Optional<Bands> bands = this.bandsOption.given(this.spec.commandLine());
		if (this.compare != null) {
			RunData a = RunData.read(resolve(this.compare.get(0)), bands);
			RunData b = RunData.read(resolve(this.compare.get(1)), bands);
			Path dir = Lab.PROJECT.resolve("runs").resolve("compare-" + a.manifest().runId() + "-vs-" + b.manifest().runId());
			Path html = Comparison.write(a, b, this.steps.stream().map(Comparison.Pair::parse).toList(), dir);
			System.out.println("Comparison (Markdown): " + Lab.PROJECT.relativize(dir.resolve("compare.md")));
			System.out.println("Comparison: " + Lab.PROJECT.relativize(html));
			return 0;
		}
		if (this.repetitions != null) {
			List<RunData> runs = new ArrayList<>();
			for (String run : this.repetitions) {
				runs.add(RunData.read(resolve(run), bands));
			}
			Path dir = Lab.PROJECT.resolve("runs").resolve(runs.getFirst().manifest().runId() + "-x" + runs.size());
			Path html = Repetitions.write(runs, dir, Studies.all());
			System.out.println("Repetitions (Markdown): " + Lab.PROJECT.relativize(dir.resolve("repetitions.md")));
			System.out.println("Repetitions: " + Lab.PROJECT.relativize(html));
			return 0;
		}
		if (this.run == null) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), "name a RUN, or --compare RUN_A RUN_B");
		}
		Path dir = resolve(this.run);
		Path html = Report.write(RunData.read(dir, bands), Studies.all());
		System.out.println("Report (Markdown): " + new RunFolder(dir).reportMarkdown());
		System.out.println("Report: " + html);
		return 0;
	}

	static Path resolve(String run) throws IOException {
		if (run.equals("latest")) {
			try (Stream<Path> runs = Files.list(Lab.PROJECT.resolve("runs"))) {
				return runs.filter(RunFolder::holdsRun)
					.max(Comparator.comparing((Path d) -> new RunFolder(d).manifest().toFile().lastModified()))
					.orElseThrow(() -> new IllegalArgumentException("no runs yet in runs/"));
			}
		}
		Path path = Path.of(run);
		return Files.isDirectory(path) ? path : Lab.PROJECT.resolve("runs").resolve(run);
	}

}
