package io.latencylab.lab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
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
 * kept up; completed and left up when some of it ran before), the plan run {@code repeat} times,
 * each run's report written, and their repetitions' when there are several.
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

	/** How long a run waits for a lab that is up but not ready again. */
	static final Duration READY_WAIT = Duration.ofMinutes(2);

	/** What a run starts, and so what it stops when it ends. */
	enum Start {

		/** The lab is up: nothing started, nothing stopped. */
		NONE,

		/** The lab is down: started, and stopped at the end unless kept up. */
		ALL,

		/**
		 * Some of its services answer already (a user's ./lab up --services, warmed): the rest started,
		 * and the lab left up at the end, so that the run takes down no service it did not start.
		 */
		REST

	}

	/**
	 * What the run must start: nothing when the lab is up, nor when it is partly up (a service
	 * restarting), which it waits for at most {@code wait}: starting it again would drop what it was
	 * started with, its injections.
	 *
	 * @throws IllegalStateException when a lab partly up is not ready within {@code wait}
	 */
	static Start mustStart(Deployment deployment, Duration wait) throws IOException, InterruptedException {
		if (deployment.isUp()) {
			return Start.NONE;
		}
		if (deployment.partlyUp()) {
			System.out.println("The lab is up, but a service runs without answering yet: waiting up to " + wait.toSeconds() + " s");
			long deadline = System.nanoTime() + wait.toNanos();
			while (deployment.partlyUp()) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("the lab is up, but a service did not answer in " + wait.toSeconds()
							+ " s (see ./lab status): ./lab down, then run again");
				}
				Thread.sleep(Math.min(1000, Math.max(1, wait.toMillis() / 10)));
			}
			if (deployment.isUp()) {
				return Start.NONE;
			}
		}
		if (deployment.someAnswer()) {
			System.out.println("Starting the rest of the lab (" + deployment.mode() + "); the services already up stay up after the run");
			return Start.REST;
		}
		System.out.println("Starting the lab (" + deployment.mode() + ")");
		return Start.ALL;
	}

	/** @return the command's exit code: 0, or 1 when a step failed */
	int run() throws IOException, InterruptedException {
		Start start = Start.NONE;
		if (external()) {
			// Started elsewhere: checked, never started or stopped here.
			System.out.println("Checking that every service of " + this.deployment.topology().name() + " answers");
			this.deployment.up(this.settings.injections());
		}
		else {
			start = mustStart(this.deployment, READY_WAIT);
		}
		List<Path> runDirs = new ArrayList<>();
		try {
			if (start != Start.NONE) {
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
			if (start == Start.ALL && !this.keepUp) {
				System.out.println("Stopping the lab");
				this.deployment.down();
			}
			else if (start == Start.REST) {
				System.out.println("Leaving the lab up: some of its services ran before this run (./lab down stops them all)");
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
