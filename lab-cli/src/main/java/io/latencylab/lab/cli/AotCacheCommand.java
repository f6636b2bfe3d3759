package io.latencylab.lab.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import io.latencylab.lab.deploy.AotCache;
import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.JvmStart;
import io.latencylab.lab.report.Report;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.run.LabRun;
import io.latencylab.lab.study.Studies;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "aot-cache", mixinStandardHelpOptions = true,
		description = { "Record each bare service's start-up cache in a training run: the services started bare, "
				+ "recording; the lab's warm-up load on every study's operations for --seconds; the services stopped, "
				+ "each JVM writing its cache as it exits. From then on ./lab up starts each service from it, until the "
				+ "service's jar or the JDK changes.",
				"On JDK 25 and later an AOT cache: the services start from its classes, loaded and linked; the training's "
						+ "method profiles it holds too are not replayed (measured slower; JAVA_OPTS=\"-XX:+UnlockDiagnosticVMOptions "
						+ "-XX:+AOTReplayTraining\" replays them). On JDK 21 to 24 a CDS archive of the loaded classes." })
final class AotCacheCommand implements Callable<Integer> {

	/** Every service's operations: the training run's profiles are of these. */
	static final List<Operation> TRAINING = List.of(Operation.REST_GET, Operation.SOAP_GET, Operation.TOY_QUERY,
			Operation.TOY_BUY, Operation.SORT, Operation.ENTITY_INSERT, Operation.ENTITY_QUERY, Operation.SOAP_STUDY,
			Operation.REST_STUDY);

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@Option(names = "--seconds", defaultValue = "30",
			description = "How long the training load runs (default: ${DEFAULT-VALUE}; 10 to 600).")
	int seconds;

	@Override
	public Integer call() throws Exception {
		if (this.seconds < 10 || this.seconds > 600) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), "--seconds takes 10 to 600, not " + this.seconds);
		}
		BareDeployment lab = Lab.bare();
		if (lab.anyRunning()) {
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"the lab is up: ./lab down first (a training run starts the services itself, recording)");
		}
		Map<String, AotCache> caches = new LinkedHashMap<>();
		for (String service : lab.services().names()) {
			caches.put(service, lab.cache(service));
		}
		Step training = WarmUp.load(TRAINING, 2, Duration.ofSeconds(this.seconds));
		String workload = String.format(Locale.ROOT, "the lab's warm-up load, %d s of %s", this.seconds,
				String.join(", ", TRAINING.stream().map(Operation::label).toList()));
		System.out.println("Recording every service's " + caches.values().iterator().next().kind() + ": " + workload);
		lab.jvmStart(JvmStart.RECORDING);
		long started = System.nanoTime();
		Path runDir;
		try {
			lab.up(List.of());
			// One measured step, so that the training's own figures are kept in runs/ like any run's.
			runDir = new LabRun(Lab.PROJECT, lab, System.out)
				.run(new Plan("aot-training", "all", false, training, List.of(training)), List.of(), false, Cores.here(false));
		}
		finally {
			System.out.println("Stopping the services: each JVM writes its cache as it exits");
			lab.down();
		}
		Report.write(RunData.read(runDir), Studies.all());
		System.out.println("The training run's report: " + Lab.PROJECT.relativize(new RunFolder(runDir).reportMarkdown()));
		int missing = 0;
		for (Map.Entry<String, AotCache> cache : caches.entrySet()) {
			try {
				System.out.printf(Locale.ROOT, "  %-17s %s, %,.1f MB%n", cache.getKey(),
						Lab.PROJECT.relativize(cache.getValue().cacheFile()), cache.getValue().stamp(workload) / 1e6);
			}
			catch (IllegalStateException ex) {
				System.err.println("  " + ex.getMessage());
				missing++;
			}
		}
		System.out.printf(Locale.ROOT, "Training run took %.0f s. ./lab up now starts the services from their caches "
				+ "(--no-aot-cache: cold).%n", (System.nanoTime() - started) / 1e9);
		return (missing == 0) ? 0 : 1;
	}

}
