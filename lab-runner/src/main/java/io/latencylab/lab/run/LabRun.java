package io.latencylab.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ObjectBackend;
import io.latencylab.lab.deploy.ReferenceServer;
import io.latencylab.lab.deploy.SwiftStore;
import io.latencylab.lab.deploy.Tuning;
import io.latencylab.lab.net.EmulatedDistance;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.topology.Injector;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.traces.Traces;
import io.latencylab.load.StorageAccount;
import io.latencylab.load.StoreWrites;
import io.latencylab.load.SvLoadPopulation;
import io.latencylab.load.WarmUp;
import io.latencylab.load.plan.JMeterLoad;
import io.latencylab.load.plan.OutsideLoad;
import io.latencylab.load.plan.Plan;
import io.latencylab.load.plan.Step;
import io.latencylab.load.plan.Targets;
import io.latencylab.observability.Bands;
import io.latencylab.observability.Convergence;
import io.latencylab.observability.Request;
import io.latencylab.observability.Span;
import io.latencylab.observability.TraceSample;
import tools.jackson.databind.JsonNode;

/**
 * Runs an experiment's plan against a deployment that is up: every step in turn, with resource
 * sampling around them all and the traces of each step collected after it, into runs/&lt;run-id&gt;/.
 */
public final class LabRun {

	static final Duration TRACE_WAIT = Duration.ofSeconds(30);

	private final Path project;

	private final Deployment deployment;

	private final PrintStream out;

	private Duration distance = Duration.ZERO;

	private List<Injector> injectors;

	private Map<String, Link> regions = Map.of();

	private Bands bands = Bands.DEFAULT;

	private String storage = "azurite";

	private ObjectBackend objectBackend = ObjectBackend.LAB;

	public LabRun(Path project, Deployment deployment, PrintStream out) {
		this.project = project;
		this.deployment = deployment;
		this.out = out;
		this.injectors = deployment.topology().injectors();
	}

	/**
	 * A link for each region a step's load comes from (Targets.REGIONS): each region reaches every
	 * target through Toxiproxy proxies of its own with its round trip, jitter and bandwidth; none by
	 * default.
	 */
	public LabRun regions(Map<String, Link> links) {
		this.regions = links;
		return this;
	}

	/**
	 * Where the load generators run; by default where the deployment's topology puts them (one, on
	 * this machine). A step whose load comes from regions is split over them (see {@link Generators#assign}).
	 */
	public LabRun injectors(List<Injector> injectors) {
		if (injectors.isEmpty()) {
			throw new IllegalArgumentException("a run needs an injector");
		}
		this.injectors = List.copyOf(injectors);
		return this;
	}

	/**
	 * Which Azure Storage account seed 002's storage steps drive: "azurite" (the lab's, the default)
	 * or "environment" (the connection string in AZURE_STORAGE_CONNECTION_STRING where Gatling runs).
	 */
	public LabRun storage(String storage) {
		this.storage = storage;
		return this;
	}

	/**
	 * What seed 003's cache tier fronts while its steps run (the lab's store by default); put back
	 * as it was after them.
	 */
	public LabRun objectBackend(ObjectBackend backend) {
		this.objectBackend = backend;
		return this;
	}

	/** A step of seed 003's: its population or one of its cases. */
	public static boolean readsObjects(Step step) {
		return step.get(SvLoadPopulation.ACCOUNTS) != null;
	}

	/** The bands each step's slowest requests are traced for and its report decomposes; Bands.DEFAULT by default. */
	public LabRun bands(Bands bands) {
		this.bands = bands;
		return this;
	}

	/** A round trip between the load generator and every service (see {@link EmulatedDistance}); none by default. */
	public LabRun distance(Duration roundTrip) {
		this.distance = roundTrip;
		return this;
	}

	/**
	 * @param cores where the services and the lab run during the run; afterwards both have every core again
	 * @return the run's folder
	 */
	public Path run(Plan plan, List<String> injections, boolean warmUp, Cores cores)
			throws IOException, InterruptedException {
		List<Step> steps = plan.run(warmUp);
		for (Step step : steps) {
			// A limit the services' cores cannot give fails here, before anything runs.
			if (step.get(Plan.LIMITED_SERVICE) != null) {
				cores.firstForServices(step.get(Plan.CPUS));
			}
		}
		this.deployment.cannotRun(steps.stream().anyMatch((s) -> s.get(Plan.LIMITED_SERVICE) != null),
				steps.stream().anyMatch((s) -> s.get(Plan.TUNING) != null)).ifPresent((why) -> {
					throw new IllegalStateException(why);
				});
		// Seed 003's population and cases: the object store asked for, behind the cache.
		boolean objectSteps = steps.stream().anyMatch(LabRun::readsObjects);
		ObjectBackend backendBefore = this.deployment.objectBackend();
		if (objectSteps) {
			this.deployment.useObjectBackend(this.objectBackend);
		}
		String backend = objectSteps ? this.deployment.describeObjectBackend() : null;
		Map<String, String> direct = new LinkedHashMap<>(this.deployment.topology().targets());
		Map<String, String> storeTargets = new LinkedHashMap<>();
		if (objectSteps && this.objectBackend == ObjectBackend.SWIFT) {
			direct.put(Targets.OBJECTS.name(), direct.get(Targets.SWIFT.name()));
			direct.put(Targets.OBJECTS_TLS.name(), direct.get(Targets.SWIFT_TLS.name()));
			storeTargets.put(StoreWrites.AUTH_URL.name(), direct.get(Targets.SWIFT.name()) + "/auth/v1.0");
			storeTargets.put(StoreWrites.USER.name(), SwiftStore.USER);
			storeTargets.put(StoreWrites.KEY.name(), SwiftStore.KEY);
		}
		boolean wrkSteps = steps.stream().anyMatch((s) -> OutsideLoad.CLIENT.equals(s.simulation()));
		boolean jmeterSteps = steps.stream().anyMatch((s) -> JMeterLoad.CLIENT.equals(s.simulation()));
		for (Injector injector : this.injectors) {
			if (injector.placement() == Injector.Placement.SSH && (wrkSteps || jmeterSteps)) {
				// wrk's script, a JMeter plan and their results are files of this machine; shipping them is not built.
				throw new IllegalStateException("this plan has " + (wrkSteps ? "wrk" : "JMeter") + " steps, which run here or "
						+ "in a network namespace, not over ssh: place the injector " + injector.name()
						+ " locally or in a namespace");
			}
			if ((!this.distance.isZero() || !this.regions.isEmpty()) && injector.placement() != Injector.Placement.LOCAL) {
				throw new IllegalStateException("--distance and --regions put their proxies on this machine's 127.0.0.1, which "
						+ "the injector " + injector.describe() + " does not reach");
			}
			// An injector that cannot reach the services fails here, naming the address, before any load.
			injector.check(this.deployment.topology().services().values().stream().map(Topology.Endpoint::http).toList());
		}
		Instant start = Instant.now();
		String runId = plan.name() + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
		Path runDir = this.project.resolve("runs").resolve(runId);
		Files.createDirectories(runDir);
		Manifest manifest = new Manifest(runId, plan.name(), plan.seed(), plan.full(), this.deployment.mode(),
				injections, cores.describe(), String.join("; ", this.injectors.stream().map(Injector::describe).toList()),
				this.deployment.jvmStart().orElse(null), Manifest.commitOf(this.project), Manifest.thisMachine(), start.toString(), null, null, List.of());
		manifest.write(runDir);
		this.out.printf(Locale.ROOT, "Run %s: %d steps, about %s%n", runId, steps.size(),
				Progress.clock(Plan.estimate(steps)));
		Progress progress = new Progress(steps, this.out);
		Traces traces = this.deployment.traces();
		boolean retuned = false;
		List<EmulatedDistance> regionProxies = new ArrayList<>();
		Generators generators = new Generators(this.project, this.injectors, progress);
		try (EmulatedDistance distance = EmulatedDistance.around(direct, this.distance, runDir);
				generators;
				ReferenceServer reference = ReferenceServer.wanted(steps)
						? ReferenceServer.start(direct.get(Targets.MEALS_REST.name()), runDir.resolve("reference")) : null) {
			GatlingStep gatling = generators.first();
			Map<String, String> targets = new LinkedHashMap<>(distance.targets());
			if (reference != null) {
				targets.put(Targets.REFERENCE.name(), reference.url());
			}
			targets.put(StorageAccount.STORAGE.name(), this.storage);
			targets.putAll(storeTargets);
			for (Map.Entry<String, Link> region : this.regions.entrySet()) {
				// A proxy server a region: its own round trip on its own copy of every target.
				EmulatedDistance far = EmulatedDistance.around(direct, region.getValue(),
						Files.createDirectories(runDir.resolve("regions").resolve(region.getKey())));
				regionProxies.add(far);
				far.targets().forEach((target, url) -> targets.put("lab.region." + region.getKey() + "." + target, url));
			}
			try (ResourceSampler sampler = new ResourceSampler(this.deployment, runDir.resolve("resources.csv"))) {
				for (int i = 0; i < steps.size(); i++) {
					Step step = withBackend(withRoundTrips(steps.get(i)), backend);
					int number = warmUp ? i : i + 1;
					String folder = String.format(Locale.ROOT, "steps/%02d-%s", number, step.name());
					Path stepDir = runDir.resolve(folder);
					if (cores.separate() && i == (warmUp ? 1 : 0)) {
						// After the warm-up and its settling: the services compile on every core, and
						// are measured on theirs (on one core the warm-up took a fifth of the requests
						// and the first rounds still ran on cold code).
						place(cores, generators, reference);
					}
					String tuning = step.get(Plan.TUNING);
					if (tuning != null && Tuning.named(tuning) != this.deployment.tuning()) {
						// Seed 003's before and after: the store and its cache restarted with other settings.
						this.deployment.tune(Tuning.named(tuning));
						retuned = true;
					}
					progress.startStep(i);
					traces.mark();
					String limited = step.get(Plan.LIMITED_SERVICE);
					if (limited != null) {
						this.deployment.limitCpus(limited, step.get(Plan.CPUS));
					}
					Instant stepStart = Instant.now();
					boolean outside = OutsideLoad.CLIENT.equals(step.simulation());
					boolean jmeter = JMeterLoad.CLIENT.equals(step.simulation());
					JMeterStep.Result jmeterRun = null;
					double generatorBefore = generators.cpuSeconds();
					double runnerBefore = cpuSeconds(Optional.of(ProcessHandle.current()));
					Map<String, Double> servicesBefore = this.deployment.cpuSeconds();
					boolean warmingUp = warmUp && i == 0;
					Settling settled = null;
					int exit;
					try {
						if (warmingUp && step.get(WarmUp.TARGETS) != null) {
							// Target by target until each has settled: its windows' requests are the warm-up's.
							settled = new Warming(Convergence.DEFAULT, this.deployment.topology(), progress).warm(step, stepDir,
									Warming.Windows.through(gatling, runId, targets, progress));
							exit = settled.targets().stream().anyMatch((t) -> t.end() == Settling.End.FAILED) ? 1 : 0;
						}
						else if (jmeter) {
							jmeterRun = JMeterStep.run(this.project, step, stepDir, runId, targets, this.injectors.getFirst(),
									progress);
							exit = jmeterRun.exit();
						}
						else {
							exit = outside ? OutsideClient.run(step, stepDir, runId, targets, this.injectors.getFirst())
									: generators.run(step, stepDir, runId, targets);
						}
					}
					finally {
						if (limited != null) {
							this.deployment.limitCpus(limited, 0);
						}
					}
					List<Request> requests = readQuietly((settled != null) ? windowsCsvs(stepDir) : GatlingStep.requestsCsvs(stepDir));
					long errors = requests.stream().filter((r) -> !r.ok()).count();
					if (warmingUp) {
						progress.endStep(String.format(Locale.ROOT, "warm-up: %,d requests; %s", requests.size(),
								(settled == null) ? "a fixed warm-up, not judged" : settled.text()));
					}
					Instant stepEnd = Instant.now();
					Map<String, Double> servicesAfter = this.deployment.cpuSeconds();
					Optional<JsonNode> wrk = outside ? OutsideClient.result(stepDir) : Optional.empty();
					Manifest.LabCost cost = new Manifest.LabCost(
							outside ? wrk.map((r) -> r.path("cpuSeconds").asDouble()).orElse(0.0)
									: jmeter ? jmeterRun.cpuSeconds() : generators.cpuSeconds() - generatorBefore,
							cpuSeconds(Optional.of(ProcessHandle.current())) - runnerBefore,
							servicesAfter.isEmpty() ? null : servicesCpu(servicesBefore, servicesAfter),
							(outside || warmingUp) ? null : whileAnswering(stepDir));
					if (warmingUp) {
						Map<String, String> properties = new LinkedHashMap<>(step.properties());
						if (settled != null) {
							properties.put(SETTLED_PROPERTY, settled.text());
							properties.put(SETTLING_PROPERTY, settled.property());
						}
						// Its traces are not needed: it only warms the services up.
						manifest = manifest.withWarmUp(new Manifest.StepRecord(0, step.name(), step.simulation(), properties,
								folder, stepStart.toString(), stepEnd.toString(), exit, requests.size(), errors, 0, 0, cost));
						manifest.write(runDir);
						continue;
					}
					// wrk keeps no per-request lines; its own counts stand for the step.
					long sent = wrk.map((r) -> r.path("requests").asLong()).orElse((long) requests.size());
					long failed = wrk.map((r) -> r.path("non2xx").asLong() + r.path("socketErrors").asLong()).orElse(errors);
					// A step whose requests no traced service answers (a cache's hits) has no spans to wait for.
					// Swift sends no spans either.
					boolean untraced = Boolean.TRUE.equals(step.get(Plan.UNTRACED))
							|| (readsObjects(step) && this.objectBackend == ObjectBackend.SWIFT);
					Map<String, String> wanted = untraced ? Map.of()
							: outside ? wrk.map((r) -> OutsideClient.sample(r, TraceSample.PER_GROUP)).orElse(Map.of())
									: TraceSample.of(requests, this.bands);
					List<Span> spans = traces.collect(wanted, TRACE_WAIT);
					Traces.write(spans, stepDir.resolve("spans.jsonl"));
					int found = Traces.rooted(spans, wanted).size();
					Map<String, String> recorded = new LinkedHashMap<>(step.properties());
					if (!wanted.isEmpty() && !outside) {
						recorded.put(BANDS_PROPERTY, this.bands.spec());
					}
					manifest = manifest.withStep(new Manifest.StepRecord(number, step.name(), step.simulation(), recorded,
							folder, stepStart.toString(), stepEnd.toString(), exit, sent, failed, wanted.size(), found, cost));
					manifest.write(runDir);
					progress.endStep(String.format(Locale.ROOT, "%s: %,d requests, %,d %s%s",
							exit == 0 ? "done" : "FAILED (exit " + exit + ", see " + folder
									+ (outside ? "/wrk.log)" : jmeter ? "/jmeter.log)" : "/gatling.log)"),
							sent, failed, outside ? "not 2xx" : "errors",
							untraced ? ", no traces (no traced service answers these requests)"
									: String.format(Locale.ROOT, ", %d of %d sampled traces collected%s", found, wanted.size(),
											found < wanted.size() ? " (some spans did not arrive)" : "")));
				}
			}
			finally {
				if (cores.separate()) {
					place(new Cores(cores.count(), false), generators, reference);
				}
				if (retuned && this.deployment.tuning() != Tuning.BEFORE) {
					// The lab as it was: a later run (or a user's request) meets the defaults.
					this.deployment.tune(Tuning.BEFORE);
				}
				if (objectSteps && backendBefore != this.objectBackend) {
					this.deployment.useObjectBackend(backendBefore);
				}
			}
			generators.writeReports();
		}
		finally {
			for (EmulatedDistance far : regionProxies) {
				far.close();
			}
		}
		manifest = manifest.ended(Instant.now().toString());
		manifest.write(runDir);
		this.out.println("\nRun took " + Progress.clock(progress.elapsed()) + "; writing the report");
		return runDir;
	}

	/** Seed 003's steps carry what stood behind the cache, for the report. */
	private static Step withBackend(Step step, String backend) {
		if (backend == null || !readsObjects(step)) {
			return step;
		}
		return step.with(StoreWrites.BACKEND, backend);
	}

	/** A step whose load comes from regions, with each emulated region's link recorded beside it. */
	private Step withRoundTrips(Step step) {
		List<String> stepRegions = step.get(Targets.REGIONS);
		if (stepRegions == null || this.regions.isEmpty()) {
			return step;
		}
		Step.Builder builder = step.toBuilder();
		for (String region : stepRegions) {
			Link link = this.regions.get(region);
			if (link != null) {
				builder.set(Targets.roundTrip(region), link.roundTrip().toMillis() + "ms");
				builder.set(Targets.link(region), link.describe());
			}
		}
		return builder.lasting(step.estimate());
	}

	/**
	 * The services on their cores, and this runner with every thread it has (wrk, started later
	 * from here, inherits its cores), and the load generator.
	 */
	private void place(Cores cores, Generators generators, ReferenceServer reference)
			throws IOException, InterruptedException {
		this.deployment.placeServices(cores);
		if (reference != null) {
			// A server like the services: on their cores, so that both clients meet it as they meet them.
			reference.pin(cores.services());
		}
		Cores.pin(ProcessHandle.current().pid(), cores.lab());
		// Started before: it does not inherit the runner's new cores.
		generators.pin(cores.lab());
	}

	/** Where the warm-up's record in the manifest says how it settled ({@link Settling#text()}). */
	public static final String SETTLED_PROPERTY = "lab.warmup.settled";

	/** A step property: the bands its traces were sampled for and its report cuts it into (Bands.spec). */
	public static final String BANDS_PROPERTY = "lab.bands";

	/** Where it keeps each target's windows ({@link Settling#property()}). */
	public static final String SETTLING_PROPERTY = "lab.warmup.windows";

	/** The generator's CPU from a step's first answer to its last, in percent of one core, as its summary.json gives it. */
	private static Double whileAnswering(Path stepDir) throws IOException {
		Optional<Path> summary = GatlingStep.requestsCsvs(stepDir).stream().findFirst().map((csv) -> csv.resolveSibling("summary.json"))
			.filter(Files::exists);
		if (summary.isEmpty()) {
			return null;
		}
		JsonNode cpu = Manifest.JSON.readTree(summary.get().toFile()).path("injectorCpu");
		double seconds = cpu.path("whileAnsweringSeconds").asDouble(0);
		return (seconds > 0) ? 100 * cpu.path("whileAnsweringCpuSeconds").asDouble() / seconds : null;
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
				csvs.addAll(GatlingStep.requestsCsvs(window));
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

}
