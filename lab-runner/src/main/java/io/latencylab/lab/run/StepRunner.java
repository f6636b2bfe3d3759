package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import io.latencylab.lab.deploy.CpuControl;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.results.Settling;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.traces.Traces;
import io.latencylab.observability.Bands;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Request;
import io.latencylab.observability.Span;
import io.latencylab.observability.TraceSample;
import io.latencylab.plan.JMeterLoad;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;
import tools.jackson.databind.JsonNode;

/**
 * One step of a run, from its limits to its record: the limit a step sets on a service, the load
 * (Gatling, wrk or JMeter; the warm-up target by target), the lab's own CPU, the sampled traces,
 * and the step's line in the manifest.
 */
final class StepRunner {

	static final Duration TRACE_WAIT = Duration.ofSeconds(30);

	private final Path project;

	private final Deployment deployment;

	private final String runId;

	private final Map<String, String> targets;

	private final Generators generators;

	private final List<InjectorHost> injectors;

	private final Progress progress;

	private final Bands bands;

	private final List<RunHook.Active> hooks;

	private final Traces traces;

	StepRunner(Path project, Deployment deployment, String runId, Map<String, String> targets, Generators generators,
			List<InjectorHost> injectors, Progress progress, Bands bands, List<RunHook.Active> hooks) {
		this.project = project;
		this.deployment = deployment;
		this.runId = runId;
		this.targets = targets;
		this.generators = generators;
		this.injectors = injectors;
		this.progress = progress;
		this.bands = bands;
		this.hooks = hooks;
		this.traces = deployment.traces();
	}

	/** What a step's load left: its exit, its requests, how its warm-up settled (null: not a judged warm-up). */
	private record Load(Instant start, Instant end, int exit, List<Request> requests, Settling settled,
			Optional<JsonNode> wrk, Manifest.LabCost cost) {

		/** The requests that failed, as the recorder marked them. */
		long errors() {
			return this.requests.stream().filter((r) -> !r.ok()).count();
		}

	}

	/**
	 * Runs step {@code number} (0: the warm-up) and returns {@code manifest} with its record, written.
	 *
	 * @param index where the step is in the run's list, as progress counts them
	 * @param given the step as the plan has it; each hook may add to it
	 */
	Manifest run(int index, int number, Step given, boolean warmingUp, Path runDir, Manifest manifest)
			throws IOException, InterruptedException {
		Step step = given;
		for (RunHook.Active hook : this.hooks) {
			step = hook.step(step);
		}
		String folder = RunFolder.stepFolder(number, step.name());
		Path stepDir = runDir.resolve(folder);
		for (RunHook.Active hook : this.hooks) {
			hook.beforeStep(step);
		}
		this.progress.startStep(index);
		this.traces.mark();
		Load load = load(step, stepDir, warmingUp);
		if (warmingUp) {
			this.progress.endStep(String.format(Locale.ROOT, "warm-up: %,d requests; %s", load.requests().size(),
					(load.settled() == null) ? "a fixed warm-up, not judged" : load.settled().text()));
			Map<String, String> properties = new LinkedHashMap<>(step.properties());
			if (load.settled() != null) {
				properties.put(RunFolder.SETTLED, load.settled().text());
				properties.put(RunFolder.SETTLING, load.settled().property());
				if (!load.settled().noises().isEmpty()) {
					properties.put(RunFolder.NOISE, load.settled().noiseProperty());
				}
				properties.put(RunFolder.TIME_TO_STEADY, Warmth.of(this.project)
					.describeEstimate(load.settled().targets().stream().map(Settling.Target::name).toList()));
			}
			// Its traces are not needed: it only warms the services up.
			Manifest warmed = manifest.withWarmUp(new Manifest.StepRecord(0, step.name(), step.simulation(), properties,
					folder, load.start().toString(), load.end().toString(), load.exit(), load.requests().size(), load.errors(), 0, 0,
					load.cost()));
			warmed.write(runDir);
			return warmed;
		}
		return record(number, step, folder, load, runDir, manifest);
	}

	/** The step's load, with the service it limits limited meanwhile, and what the lab spent on it. */
	private Load load(Step step, Path stepDir, boolean warmingUp) throws IOException, InterruptedException {
		String limited = step.get(Plan.LIMITED_SERVICE);
		if (limited != null) {
			cpus().limitCpus(limited, step.get(Plan.CPUS));
		}
		Instant start = Instant.now();
		boolean outside = OutsideLoad.CLIENT.equals(step.simulation());
		boolean jmeter = JMeterLoad.CLIENT.equals(step.simulation());
		double generatorBefore = this.generators.cpuSeconds();
		double runnerBefore = cpuSeconds(Optional.of(ProcessHandle.current()));
		Map<String, Double> servicesBefore = this.deployment.metering().cpuSeconds();
		JMeterStep.Result jmeterRun = null;
		Settling settled = null;
		int exit;
		try {
			if (warmingUp && step.get(WarmUp.TARGETS) != null) {
				// Target by target until each has settled: its windows' requests are the warm-up's.
				settled = new Warming(Convergence.DEFAULT, this.deployment.topology(), this.progress).remembering(Warmth.of(this.project))
					.measuringNoise(this.targets.containsKey(Targets.REFERENCE.name()))
					.warm(step, stepDir,
						Warming.Windows.through(this.generators.first(), this.runId, this.generators.firstTargets(this.targets),
								this.progress));
				exit = settled.targets().stream().anyMatch((t) -> t.end() == Settling.End.FAILED) ? 1 : 0;
			}
			else if (jmeter) {
				jmeterRun = JMeterStep.run(this.project, step, stepDir, this.runId, this.targets, this.injectors.getFirst(),
						this.progress);
				exit = jmeterRun.exit();
			}
			else {
				exit = outside ? OutsideClient.run(step, stepDir, this.runId, this.targets, this.injectors.getFirst())
						: this.generators.run(step, stepDir, this.runId, this.targets);
			}
		}
		finally {
			if (limited != null) {
				cpus().limitCpus(limited, 0);
			}
		}
		List<Request> requests = readQuietly((settled != null) ? windowsCsvs(stepDir) : RunFolder.requestsCsvs(stepDir));
		Instant end = Instant.now();
		Map<String, Double> servicesAfter = this.deployment.metering().cpuSeconds();
		Optional<JsonNode> wrk = outside ? RunFolder.outsideResult(stepDir) : Optional.empty();
		Map<String, Double> answering = (outside || warmingUp) ? Map.of() : whileAnswering(stepDir);
		Manifest.LabCost cost = new Manifest.LabCost(
				outside ? wrk.map((r) -> r.path("cpuSeconds").asDouble()).orElse(0.0)
						: jmeter ? jmeterRun.cpuSeconds() : this.generators.cpuSeconds() - generatorBefore,
				cpuSeconds(Optional.of(ProcessHandle.current())) - runnerBefore,
				servicesAfter.isEmpty() ? null : servicesCpu(servicesBefore, servicesAfter),
				answering.get("whileAnsweringCpuSeconds"), answering.get("whileAnsweringJitSeconds"));
		return new Load(start, end, exit, requests, settled, wrk, cost);
	}

	/** The step's sampled traces collected, its record written to the manifest, its line printed. */
	private Manifest record(int number, Step step, String folder, Load load, Path runDir, Manifest manifest) throws IOException, InterruptedException {
		boolean outside = OutsideLoad.CLIENT.equals(step.simulation());
		Optional<JsonNode> wrk = load.wrk();
		// wrk keeps no per-request lines; its own counts stand for the step.
		long sent = wrk.map((r) -> r.path("requests").asLong()).orElse((long) load.requests().size());
		long failed = wrk.map((r) -> r.path("non2xx").asLong() + r.path("socketErrors").asLong())
			.orElse(load.errors());
		// A step whose requests no traced service answers (a cache's hits) has no spans to wait for.
		boolean untraced = Boolean.TRUE.equals(step.get(Plan.UNTRACED))
				|| this.hooks.stream().anyMatch((hook) -> hook.untraced(step));
		Map<String, String> wanted = untraced ? Map.of()
				: outside ? wrk.map((r) -> OutsideClient.sample(r, TraceSample.PER_GROUP)).orElse(Map.of())
						: TraceSample.of(load.requests(), this.bands);
		List<Span> spans = this.traces.collect(wanted, TRACE_WAIT);
		Path stepDir = runDir.resolve(folder);
		Traces.write(spans, RunFolder.spans(stepDir));
		int found = Traces.rooted(spans, wanted).size();
		Map<String, String> recorded = new LinkedHashMap<>(step.properties());
		if (!wanted.isEmpty() && !outside) {
			recorded.put(RunFolder.BANDS, this.bands.spec());
		}
		Manifest written = manifest.withStep(new Manifest.StepRecord(number, step.name(), step.simulation(), recorded,
				folder, load.start().toString(), load.end().toString(), load.exit(), sent, failed, wanted.size(), found,
				load.cost()));
		written.write(runDir);
		boolean jmeter = JMeterLoad.CLIENT.equals(step.simulation());
		this.progress.endStep(String.format(Locale.ROOT, "%s: %,d requests, %,d %s%s",
				load.exit() == 0 ? "done" : "FAILED (exit " + load.exit() + ", see " + folder
						+ (outside ? "/wrk.log)" : jmeter ? "/jmeter.log)" : "/gatling.log)"),
				sent, failed, outside ? "not 2xx" : "errors",
				untraced ? ", no traces (no traced service answers these requests)"
						: String.format(Locale.ROOT, ", %d of %d sampled traces collected%s", found, wanted.size(),
								found < wanted.size() ? " (some spans did not arrive)" : "")));
		return written;
	}

	/**
	 * The generator's figures from a step's first answer to its last, by their name in its
	 * summary.json (its CPU, its JIT's compilation time), each in percent of one core; those it does
	 * not give are absent.
	 */
	private static Map<String, Double> whileAnswering(Path stepDir) throws IOException {
		Optional<Path> summary = RunFolder.requestsCsvs(stepDir).stream().findFirst().map(RunFolder::summary)
			.filter(Files::exists);
		if (summary.isEmpty()) {
			return Map.of();
		}
		JsonNode cpu = Manifest.JSON.readTree(summary.get().toFile()).path("injectorCpu");
		double answering = cpu.path("whileAnsweringSeconds").asDouble(0);
		Map<String, Double> percents = new LinkedHashMap<>();
		for (String seconds : List.of("whileAnsweringCpuSeconds", "whileAnsweringJitSeconds")) {
			if (answering > 0 && cpu.has(seconds)) {
				percents.put(seconds, 100 * cpu.path(seconds).asDouble() / answering);
			}
		}
		return percents;
	}

	/** The services' CPU seconds between two readings, summed over those read both times. */
	static double servicesCpu(Map<String, Double> before, Map<String, Double> after) {
		return after.entrySet()
			.stream()
			.filter((e) -> before.containsKey(e.getKey()) && e.getValue() >= before.get(e.getKey()))
			.mapToDouble((e) -> e.getValue() - before.get(e.getKey()))
			.sum();
	}

	/** A process's CPU time so far (user and system), in seconds; 0 when unknown. */
	private static double cpuSeconds(Optional<ProcessHandle> process) {
		return process.flatMap((p) -> p.info().totalCpuDuration()).map((d) -> d.toNanos() / 1e9).orElse(0.0);
	}

	/** Every requests.csv of the warm-up's windows, each a folder of the warm-up's. */
	private static List<Path> windowsCsvs(Path warmUpDir) throws IOException {
		List<Path> csvs = new ArrayList<>();
		try (Stream<Path> windows = Files.isDirectory(warmUpDir) ? Files.list(warmUpDir) : Stream.empty()) {
			for (Path window : windows.sorted().toList()) {
				csvs.addAll(RunFolder.requestsCsvs(window));
			}
		}
		return csvs;
	}

	/** Every injector's requests of a step, one list. */
	static List<Request> readQuietly(List<Path> csvs) {
		List<Request> requests = new ArrayList<>();
		for (Path csv : csvs) {
			try {
				requests.addAll(Request.read(csv));
			}
			catch (IOException ex) {
				// A file cut short: the step's count shows it.
			}
		}
		return requests;
	}

	/** The services' cores: the plan was checked against the deployment before it ran ({@link Deployment#cannotRun}). */
	private CpuControl cpus() {
		return this.deployment.cpuControl()
			.orElseThrow(() -> new IllegalStateException(this.deployment.cannotRun(true).orElse("no CPU control")));
	}

}
