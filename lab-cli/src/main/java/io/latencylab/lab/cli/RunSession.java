package io.latencylab.lab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ExternalDeployment;
import io.latencylab.lab.report.Repetitions;
import io.latencylab.lab.report.Report;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.topology.InjectorHost;

/**
 * `./lab run` on one deployment: the lab started when it is down (and stopped afterwards unless
 * kept up), the plan run {@code repeat} times, each run's report written, and their repetitions'
 * when there are several.
 */
final class RunSession {

	private final RunSettings settings;

	private final Deployment deployment;

	private final List<InjectorHost> injectors;

	private final int repeat;

	private final boolean keepUp;

	RunSession(RunSettings settings, Deployment deployment, List<InjectorHost> injectors, int repeat, boolean keepUp) {
		this.settings = settings;
		this.deployment = deployment;
		this.injectors = injectors;
		this.repeat = repeat;
		this.keepUp = keepUp;
	}

	/** Whether the lab would start these services here, and so whether it can inject or choose their JVMs' start. */
	boolean external() {
		return this.deployment instanceof ExternalDeployment;
	}

	/** @return the command's exit code: 0, or 1 when a step failed */
	int run() throws IOException, InterruptedException {
		boolean started = false;
		if (external()) {
			// Started elsewhere: checked, never started or stopped here.
			System.out.println("Checking that every service of " + this.deployment.topology().name() + " answers");
			this.deployment.up(this.settings.injections());
		}
		else if (!this.deployment.isUp()) {
			System.out.println("Starting the lab (" + this.deployment.mode() + ")");
			started = true;
		}
		List<Path> runDirs = new ArrayList<>();
		try {
			if (started) {
				this.deployment.up(this.settings.injections());
			}
			for (int i = 1; i <= this.repeat; i++) {
				if (this.repeat > 1) {
					System.out.printf(Locale.ROOT, "%nRun %d of %d%n", i, this.repeat);
				}
				runDirs.add(this.settings.on(this.deployment)
					.injectors(this.injectors)
					.run(this.settings.plan().repetition(i), this.settings.described(), this.settings.warmUp(),
							this.settings.cores()));
			}
		}
		finally {
			if (started && !this.keepUp) {
				System.out.println("Stopping the lab");
				this.deployment.down();
			}
		}
		return writeReports(runDirs);
	}

	private static int writeReports(List<Path> runDirs) throws IOException {
		long failed = 0;
		List<RunData> runs = new ArrayList<>();
		for (Path runDir : runDirs) {
			RunData data = RunData.read(runDir);
			runs.add(data);
			Path html = Report.write(data, Studies.all());
			failed += data.manifest().steps().stream().filter((s) -> s.exitCode() != 0).count();
			System.out.println("Report (Markdown): " + Lab.PROJECT.relativize(new RunFolder(runDir).reportMarkdown()));
			System.out.println("Report: " + Lab.PROJECT.relativize(html));
		}
		if (runs.size() > 1) {
			Path dir = Lab.PROJECT.resolve("runs").resolve(runs.getFirst().manifest().runId() + "-x" + runs.size());
			System.out.println("Repetitions: " + Lab.PROJECT.relativize(Repetitions.write(runs, dir, Studies.all())));
		}
		if (failed > 0) {
			System.err.println(failed + " step(s) failed; see their gatling.log");
			return 1;
		}
		return 0;
	}

}
