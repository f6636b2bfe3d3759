package io.latencylab.lab.run;

import java.io.IOException;
import java.io.PrintStream;
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

import io.latencylab.lab.deploy.AwakeCores;
import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.InjectorJob;
import io.latencylab.lab.deploy.KubernetesDeployment;
import io.latencylab.lab.deploy.ReferenceServer;
import io.latencylab.lab.net.EmulatedDistance;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.report.Format;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.observability.Bands;
import io.latencylab.plan.JMeterLoad;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;

/**
 * Runs an experiment's plan against a deployment that is up: every step in turn, with resource
 * sampling around them all and the traces of each step collected after it, into runs/&lt;run-id&gt;/.
 */
public final class LabRun {

	private final Path project;

	private final Deployment deployment;

	private final PrintStream out;

	private Duration distance = Duration.ZERO;

	private List<InjectorHost> injectors;

	private Map<String, Link> regions = Map.of();

	private Bands bands = Bands.DEFAULT;

	private List<RunHook> hooks = List.of();

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
	public LabRun injectors(List<InjectorHost> injectors) {
		if (injectors.isEmpty()) {
			throw new IllegalArgumentException("a run needs an injector");
		}
		this.injectors = List.copyOf(injectors);
		return this;
	}

	/** What the studies do around the steps (their systems set, and put back after); none by default. */
	public LabRun hooks(List<RunHook> hooks) {
		this.hooks = List.copyOf(hooks);
		return this;
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
		List<InjectorHost> placed = this.injectors;
		Optional<InjectorHost> job = placed.stream().filter((i) -> i.placement() == InjectorHost.Placement.JOB).findFirst();
		if (job.isEmpty()) {
			return runOn(plan, injections, warmUp, cores);
		}
		if (!(this.deployment instanceof KubernetesDeployment cluster)) {
			throw new IllegalStateException("the injector " + job.get().name() + " is a Job: it runs on the lab's cluster "
					+ "(deployment: kubernetes), not with a " + this.deployment.mode() + " deployment");
		}
		// The Job's pods are this run's injectors; the Job is deleted when the run ends, however it ends.
		try (InjectorJob pods = cluster.startInjectors(job.get())) {
			this.injectors = pods.pods();
			return runOn(plan, injections, warmUp, cores);
		}
		finally {
			this.injectors = placed;
		}
	}

	private Path runOn(Plan plan, List<String> injections, boolean warmUp, Cores cores)
			throws IOException, InterruptedException {
		List<Step> steps = plan.run(warmUp);
		check(steps, cores);
		Map<String, String> direct = new LinkedHashMap<>(this.deployment.topology().targets());
		List<RunHook.Active> active = open(steps, direct);
		Instant start = Instant.now();
		RunFolder folder = RunFolder.create(this.project, plan.name(), start);
		String runId = folder.runId();
		Path runDir = folder.dir();
		Manifest manifest = begin(folder, plan, injections, cores, start);
		this.out.printf(Locale.ROOT, "Run %s: %d steps, about %s%n", runId, steps.size(),
				Format.clock(Plan.estimate(steps)));
		Progress progress = new Progress(steps, this.out);
		List<EmulatedDistance> regionProxies = new ArrayList<>();
		Generators generators = new Generators(this.project, this.injectors, progress, this::fromPods);
		try (EmulatedDistance distance = EmulatedDistance.around(direct, this.distance, runDir);
				generators;
				ReferenceServer reference = (ReferenceServer.wanted(steps) || noiseReference(steps, warmUp, direct))
						? ReferenceServer.start(direct.get(Targets.MEALS_REST.name()), runDir.resolve("reference")) : null) {
			Map<String, String> targets = targets(distance, reference, active);
			regions(direct, runDir, targets, regionProxies);
			StepRunner runner = new StepRunner(this.project, this.deployment, runId, targets, generators, this.injectors,
					progress, this.bands, active);
			AwakeCores awake = null;
			try (ResourceSampler sampler = new ResourceSampler(this.deployment, folder.resources())) {
				for (int i = 0; i < steps.size(); i++) {
					if (cores.separate() && i == (warmUp ? 1 : 0)) {
						// After the warm-up and its settling: the services compile on every core, and
						// are measured on theirs (on one core the warm-up took a fifth of the requests
						// and the first rounds still ran on cold code).
						place(cores, generators, reference);
						awake = AwakeCores.hold();
						if (!awake.held()) {
							this.out.println("Cores not held awake: " + awake.reason());
						}
						// What happened, not what was asked: the report's cores row says whether they were held.
						manifest = manifest.withCores(cores.describe() + "; " + AwakeCores.describe(awake.held()));
					}
					manifest = runner.run(i, warmUp ? i : i + 1, withRoundTrips(steps.get(i)), warmUp && i == 0, runDir,
							manifest);
				}
			}
			finally {
				if (awake != null) {
					awake.close();
				}
				if (cores.separate()) {
					place(new Cores(cores.count(), false), generators, reference);
				}
				for (RunHook.Active hook : active.reversed()) {
					hook.close();
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
		this.out.println("\nRun took " + Format.clock(progress.elapsed()) + "; writing the report");
		return runDir;
	}

	/** Whether the warm-up measures this machine's noise on the reference first (see Warming#measuringNoise). */
	private boolean noiseReference(List<Step> steps, boolean warmUp, Map<String, String> direct) {
		return warmUp && steps.getFirst().get(WarmUp.TARGETS) != null && ReferenceServer.forNoise(direct,
				this.deployment.topology(), !this.injectors.getFirst().remote(), this.out::println);
	}

	/** {@code targets} as a pod of the cluster the services run on reaches them. */
	private Map<String, String> fromPods(Map<String, String> targets) {
		return (this.deployment instanceof KubernetesDeployment cluster) ? cluster.fromPods(targets) : targets;
	}

	/** Each hook opened for the steps, each given the direct targets to point elsewhere. */
	private List<RunHook.Active> open(List<Step> steps, Map<String, String> direct) throws IOException, InterruptedException {
		List<RunHook.Active> active = new ArrayList<>();
		for (RunHook hook : this.hooks) {
			RunHook.Active opened = hook.open(this.deployment, steps);
			opened.route(direct);
			active.add(opened);
		}
		return active;
	}

	/** The run's manifest as it starts, written. */
	private Manifest begin(RunFolder folder, Plan plan, List<String> injections, Cores cores, Instant start) {
		Manifest manifest = new Manifest(folder.runId(), plan.name(), plan.seed(), plan.full(), this.deployment.describe(),
				injections, cores.describe(), String.join("; ", this.injectors.stream().map(InjectorHost::describe).toList()),
				this.deployment.jvmStart().orElse(null), Manifest.commitOf(this.project), Manifest.thisMachine(), start.toString(), null, null, List.of());
		manifest.write(folder.dir());
		return manifest;
	}

	/** What every step's load generator reaches: the services (through any distance), the reference server, the hooks' own. */
	private static Map<String, String> targets(EmulatedDistance distance, ReferenceServer reference,
			List<RunHook.Active> active) {
		Map<String, String> targets = new LinkedHashMap<>(distance.targets());
		if (reference != null) {
			targets.put(Targets.REFERENCE.name(), reference.url());
		}
		active.forEach((hook) -> targets.putAll(hook.targets()));
		return targets;
	}

	/** What fails before anything runs: a limit the cores cannot give, a deployment or an injector that cannot run the steps. */
	private void check(List<Step> steps, Cores cores) throws IOException, InterruptedException {
		for (Step step : steps) {
			if (step.get(Plan.LIMITED_SERVICE) != null) {
				cores.firstForServices(step.get(Plan.CPUS));
			}
		}
		this.deployment.cannotRun(steps.stream().anyMatch((s) -> s.get(Plan.LIMITED_SERVICE) != null)).ifPresent((why) -> {
			throw new IllegalStateException(why);
		});
		if (cores.separate() && this.deployment.cpuControl().isEmpty()) {
			throw new IllegalStateException("--separate-cores places the services on cores of their own, which the lab cannot "
					+ "do where " + this.deployment.describe() + " runs");
		}
		for (RunHook hook : this.hooks) {
			hook.cannotRun(this.deployment, steps).ifPresent((why) -> {
				throw new IllegalStateException(why);
			});
		}
		boolean wrkSteps = steps.stream().anyMatch((s) -> OutsideLoad.CLIENT.equals(s.simulation()));
		boolean jmeterSteps = steps.stream().anyMatch((s) -> JMeterLoad.CLIENT.equals(s.simulation()));
		for (InjectorHost injector : this.injectors) {
			if (injector.remote() && (wrkSteps || jmeterSteps)) {
				// wrk's script, a JMeter plan and their results are files of this machine; shipping them is not built.
				throw new IllegalStateException("this plan has " + (wrkSteps ? "wrk" : "JMeter") + " steps, which run here or "
						+ "in a network namespace, not over ssh or in a pod: place the injector " + injector.name()
						+ " locally or in a namespace");
			}
			if ((!this.distance.isZero() || !this.regions.isEmpty()) && injector.placement() != InjectorHost.Placement.LOCAL) {
				throw new IllegalStateException("--distance and --regions put their proxies on this machine's 127.0.0.1, which "
						+ "the injector " + injector.describe() + " does not reach");
			}
			// An injector that cannot reach the services fails here, naming the address, before any load.
			Map<String, String> urls = new LinkedHashMap<>();
			this.deployment.topology().services().forEach((name, endpoint) -> urls.put(name, endpoint.http()));
			injector.check(List.copyOf(((injector.placement() == InjectorHost.Placement.POD) ? fromPods(urls) : urls).values()));
		}
	}

	/**
	 * A proxy server a region: its own round trip on its own copy of every target, added to
	 * {@code targets}; each kept in {@code proxies} as soon as it runs, for the caller to close.
	 */
	private void regions(Map<String, String> direct, Path runDir, Map<String, String> targets, List<EmulatedDistance> proxies)
			throws IOException, InterruptedException {
		for (Map.Entry<String, Link> region : this.regions.entrySet()) {
			EmulatedDistance far = EmulatedDistance.around(direct, region.getValue(),
					Files.createDirectories(runDir.resolve("regions").resolve(region.getKey())));
			proxies.add(far);
			far.targets().forEach((target, url) -> targets.put("lab.region." + region.getKey() + "." + target, url));
		}
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
		this.deployment.cpuControl()
			.orElseThrow(() -> new IllegalStateException("no CPU control where " + this.deployment.describe() + " runs"))
			.placeServices(cores);
		if (reference != null) {
			// A server like the services: on their cores, so that both clients meet it as they meet them.
			reference.pin(cores.services());
		}
		Cores.pin(ProcessHandle.current().pid(), cores.lab());
		// Started before: it does not inherit the runner's new cores.
		generators.pin(cores.lab());
	}

}
