package io.latencylab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.latencylab.lab.deploy.ComposeSetup;
import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.net.EmulatedDistance;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.net.Toxiproxy;
import io.latencylab.lab.run.JMeterStep;
import io.latencylab.lab.run.RunHook;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.study.azure.StorageHook;
import io.latencylab.lab.study.svload.ObjectBackend;
import io.latencylab.lab.study.svload.ObjectStoreHook;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.topology.Topology;
import io.latencylab.observability.Bands;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Plan;
import io.latencylab.plan.WarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true,
		description = { "Run an experiment, then write its report to runs/<run-id>/report.html and report.md.",
				"Starts the lab first if it is not up, and stops it afterwards if it started it.",
				"See 'lab list' for the experiments." })
final class RunCommand implements Callable<Integer> {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@Parameters(paramLabel = "STUDY", description = "quick, or a study: seed-000, seed-001, … (see 'lab list'), or jmeter "
			+ "with --jmeter-plan")
	String experiment;

	@Option(names = "--full", description = "The study's own scale instead of laptop scale (hours; see 'lab list').")
	boolean full;

	@Option(names = "--keep-up", description = "Leave the lab running when the run started it.")
	boolean keepUp;

	@Option(names = "--warm-up", negatable = true, defaultValue = "true", fallbackValue = "true",
			description = "Warm the services' JIT up before the plan (default), or not.")
	boolean warmUp = true;

	@Option(names = "--warm-cap", paramLabel = "DURATION",
			description = "The warm-up's cap (default 20m): targets the lab remembers warm are re-judged at their floor, "
					+ "cold ones warm until they settle, within it. A shorter one (150s) is a quick tour whose report may "
					+ "say it had not settled, and how each target moved; ./lab up --warm pays the warm-up once instead.")
	String warmCap;

	@Option(names = "--inject", paramLabel = "POINT=DELAY",
			description = "Start the lab with latency injected at a point (the lab must be down).")
	List<String> injections = new ArrayList<>();

	@Option(names = "--distance", paramLabel = "ROUND_TRIP",
			description = "Put this round trip (50ms, 1s) between the load generator and every service, through "
					+ "Toxiproxy (toxiproxy-server on the PATH); the report names it. Default: none.")
	String distance;

	@Option(names = "--regions",
			description = "Emulate the distance of each region the study's load came from (seed 000: North Europe, "
					+ "Canada, Japan to Australia East; seed 004: Ljubljana to Frankfurt and to San Francisco): each "
					+ "region's requests through Toxiproxy proxies of their own with its round trip, and the jitter and "
					+ "bandwidth a --topology file's 'regions' set; the study's section of the report names each link and "
					+ "its source.")
	boolean regions;

	@Option(names = "--repeat", paramLabel = "N",
			description = "Run the plan N times on the same services (each a run and a report of its own), then "
					+ "report every figure as a mean with its 95%% confidence interval over the runs. With --compare: "
					+ "N runs on each side (default 3, at least 2).")
	Integer repeat;

	@Option(names = "--steps", split = ",", paramLabel = "STEP",
			description = "Only these steps of the plan, as a run's manifest names them (its warm-up still runs "
					+ "first); a name that is no step of the plan is refused with the list of its steps.")
	List<String> steps;

	@Option(names = "--compare", split = ",", paramLabel = "SIDE",
			description = "Run the plan on two deployments taking turns, each started afresh for each of its runs, and "
					+ "write a comparison beside the runs' reports: every factor of both sides with the ones that differ "
					+ "flagged, each hop's difference with its confidence interval, and the study's own comparison "
					+ "(seed 001's Table 3). SIDEs: bare; compose (containers and nothing else different: H2 files, "
					+ "spans to files, no limits, the bare JVMs' JRE version and options); compose-host (the same on "
					+ "the host's network instead of compose's bridge and published ports); compose-as-shipped. The lab must be down.")
	List<String> compare;

	@Option(names = "--separate-cores",
			description = "The services on every core but the last (under compose: every container, by its cpuset), "
					+ "the lab itself (runner, load generator, wrk) on the last, so that the client's work never runs "
					+ "where a service answers. "
					+ "Default: all share every core, as on a laptop.")
	boolean separateCores;

	@Option(names = "--generator", split = ",", paramLabel = "GENERATOR",
			description = "Who sends the study's own load plans: gatling (the default); for seed 000 also jmeter (its "
					+ "JMeter plans, load-jmeter/plans/*.jmx, run by Apache JMeter) and wrk (a connection a user); "
					+ "several (gatling,jmeter,wrk): one after the other on the same services, side by side in the "
					+ "report. The study's other steps stay with Gatling.")
	List<String> generators = List.of(Study.GATLING);

	@Option(names = "--jmeter-plan", paramLabel = "PLAN.jmx",
			description = "With 'jmeter' for the study: your own JMeter test plan, run as a step against --jmeter-target, "
					+ "every sample with a traceparent of its own, recorded and decomposed like the lab's requests; header "
					+ "rows with an empty name are dropped and the report says so. The plan gets the JMeter properties "
					+ "host, port and protocol of the target and users=20, rampSeconds=5, durationSeconds=25 (read with "
					+ "${__P(name)}), -J overrides them.")
	Path jmeterPlan;

	@Option(names = "--jmeter-target", paramLabel = "SERVICE", defaultValue = "meals-rest",
			description = "The service --jmeter-plan is pointed at (default: ${DEFAULT-VALUE}): meals-soap, meals-rest, "
					+ "frontend-service, sort-service, table-service, object-store.")
	String jmeterTarget;

	@Option(names = "-J", paramLabel = "NAME=VALUE", description = "A JMeter property for --jmeter-plan, as JMeter's own -J.")
	Map<String, String> jmeterProperties = new LinkedHashMap<>();

	@Option(names = "--storage", paramLabel = "ACCOUNT", defaultValue = "azurite",
			description = "The Azure Storage account seed 002's queue steps drive: azurite (the default: the one "
					+ "'lab up' starts, its development account) or environment (any account, by the connection string in "
					+ "AZURE_STORAGE_CONNECTION_STRING where the load generator runs; its key is never written). The "
					+ "report names the account.")
	String storage = "azurite";

	@Option(names = "--store", paramLabel = "BACKEND",
			description = "What seed 003's cache tier fronts: swift (OpenStack Swift from Debian's packages, as the study "
					+ "ran it; the default with bare services, which start it) or lab (the lab's own object store, traced, "
					+ "its own time in Server-Timing; the default under compose, Kubernetes, a topology and --compare; "
					+ "compose runs Swift too, from the image ops/swift builds). "
					+ "The report names it.")
	String store;

	@CommandLine.Mixin
	DeploymentOptions options = new DeploymentOptions();

	@CommandLine.Mixin
	JvmStartOption jvmStart = new JvmStartOption();

	@CommandLine.Mixin
	BandsOption bandsOption = new BandsOption();

	@Override
	public Integer call() throws Exception {
		// Every option is checked before anything starts: a refused option leaves nothing running.
		Injections.check(this.injections, this.spec.commandLine());
		Bands bands = this.bandsOption.given(this.spec.commandLine()).orElse(Bands.DEFAULT);
		StorageHook storage = storageHook();
		if (this.store != null) {
			try {
				ObjectBackend.named(this.store);
			}
			catch (IllegalArgumentException ex) {
				throw new CommandLine.ParameterException(this.spec.commandLine(), "--store: " + ex.getMessage());
			}
		}
		if (this.compare != null) {
			return comparison(bands, storage).run();
		}
		int repeat = (this.repeat == null) ? 1 : this.repeat;
		if (repeat < 1) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), "--repeat takes 1 or more, not " + repeat);
		}
		Plan plan = plan();
		Deployment deployment = this.jvmStart.apply(this.options.deployment(), this.spec.commandLine());
		List<InjectorHost> injectors = this.options.injectors(deployment);
		ObjectStoreHook objects = ObjectStoreHook.forRun(this.store);
		checkStore(objects, deployment, plan);
		if (storage.fromEnvironment() && injectors.stream().anyMatch((i) -> i.sshHost().isPresent())) {
			// ssh passes no environment: the account's key would have to be written where the injector runs.
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"--storage environment: the connection string stays on this machine; an injector over ssh cannot use it");
		}
		RunSession session = new RunSession(settings(plan, bands, List.of(storage, objects)), deployment, injectors, repeat,
				this.keepUp);
		if (session.external() && !this.injections.isEmpty()) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), "--inject: the lab starts none of the services of "
					+ deployment.topology().name() + "; start them with LAB_INJECTIONS set instead");
		}
		boolean up = !session.external() && deployment.isUp();
		if (up && !this.injections.isEmpty()) {
			throw new IllegalStateException("the lab is already up, so --inject cannot take effect: ./lab down first");
		}
		if (up && this.jvmStart.noAotCache) {
			throw new IllegalStateException("the lab is already up, so --no-aot-cache cannot take effect: ./lab down first");
		}
		return session.run();
	}

	/** The run's settings from the options, each checked: the distance, the regions, the cores. */
	private RunSettings settings(Plan plan, Bands bands, List<RunHook> hooks) {
		Duration roundTrip = roundTrip();
		Map<String, Link> regions = regionLinks();
		return new RunSettings(plan, this.injections, this.warmUp, Cores.here(this.separateCores), roundTrip, regions,
				described(roundTrip, regions), bands, hooks);
	}

	/** Seed 002's account, checked: a refused --storage starts nothing. */
	private StorageHook storageHook() {
		try {
			return StorageHook.of(this.storage);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), ex.getMessage());
		}
	}

	/** --compare A,B, checked: two sides, each started afresh, at least 2 runs a side. */
	private ComparisonSession comparison(Bands bands, StorageHook storage) {
		if (this.compare.size() != 2 || this.compare.get(0).equals(this.compare.get(1))) {
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"--compare takes two different sides, as bare,compose; not " + String.join(",", this.compare));
		}
		if (this.options.compose || this.options.topology != null) {
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"--compare names the deployments: leave --compose and --topology out");
		}
		int repeat = (this.repeat == null) ? 3 : this.repeat;
		if (repeat < 2) {
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"--compare needs at least 2 runs a side for a confidence interval, not " + repeat);
		}
		Map<String, Deployment> sides = new LinkedHashMap<>();
		for (String side : this.compare) {
			sides.put(side, side(side));
		}
		Plan plan = plan();
		// Both sides front the same store: the lab's unless --store says otherwise.
		ObjectStoreHook objects = ObjectStoreHook.forComparison(this.store);
		for (Deployment deployment : sides.values()) {
			checkStore(objects, deployment, plan);
		}
		return new ComparisonSession(settings(plan, bands, List.of(storage, objects)), sides, repeat);
	}

	/** Seed 003's store, refused before anything starts when Swift is asked for and cannot run. */
	private void checkStore(ObjectStoreHook objects, Deployment deployment, Plan plan) {
		try {
			objects.backend(deployment, plan.run(this.warmUp));
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), ex.getMessage());
		}
	}

	/** The experiment that runs a user's own JMeter plan. */
	static final String JMETER = "jmeter";

	/** The study's plan, at the scale asked for, with only the steps asked for. */
	private Plan plan() {
		if (JMETER.equals(this.experiment) || this.jmeterPlan != null || !this.jmeterProperties.isEmpty()) {
			return userJMeterPlan();
		}
		Study study = Studies.named(this.experiment)
			.orElseThrow(() -> new CommandLine.ParameterException(this.spec.commandLine(),
					"unknown study '" + this.experiment + "'; one of " + Studies.all().stream().map(Study::name).toList()));
		Plan plan;
		try {
			plan = study.plan(this.full, this.generators);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), "--generator: " + ex.getMessage());
		}
		try {
			return capped((this.steps == null) ? plan : plan.only(this.steps));
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), "--steps: " + ex.getMessage());
		}
	}

	/** The plan with --warm-cap as its warm-up's cap, checked. */
	private Plan capped(Plan plan) {
		if (this.warmCap == null) {
			return plan;
		}
		if (!this.warmUp || plan.warmUp().get(WarmUp.TARGETS) == null) {
			throw new CommandLine.ParameterException(this.spec.commandLine(), "--warm-cap: "
					+ (this.warmUp ? plan.name() + " warms up with a fixed step of its own, not by targets" : "there is no warm-up (--no-warm-up)"));
		}
		Duration cap = WarmOptions.duration(this.spec.commandLine(), "--warm-cap", this.warmCap, WarmUp.BUDGET);
		return new Plan(plan.name(), plan.seed(), plan.full(), plan.warmUp().toBuilder().set(WarmUp.BUDGET, cap).lasting(cap),
				plan.steps());
	}

	/** A user's JMeter plan as the one step of a plan, after the warm-up of the gets. */
	private Plan userJMeterPlan() {
		CommandLine cli = this.spec.commandLine();
		if (!JMETER.equals(this.experiment)) {
			throw new CommandLine.ParameterException(cli, "--jmeter-plan and -J go with 'lab run jmeter', not " + this.experiment);
		}
		if (this.jmeterPlan == null) {
			throw new CommandLine.ParameterException(cli, "lab run jmeter needs --jmeter-plan PLAN.jmx");
		}
		if (!Files.isRegularFile(this.jmeterPlan)) {
			throw new CommandLine.ParameterException(cli, "--jmeter-plan: no file " + this.jmeterPlan.toAbsolutePath());
		}
		if (this.steps != null || this.generators.size() != 1 || !this.generators.getFirst().equals(Study.GATLING)) {
			throw new CommandLine.ParameterException(cli, "lab run jmeter has one step: no --steps or --generator");
		}
		try {
			return new Plan(JMETER, "", false, WarmUp.step(WarmUp.atOneClient(List.of(Operation.REST_GET, Operation.SOAP_GET)), false),
					List.of(JMeterStep.userPlan(this.jmeterPlan, this.jmeterTarget, this.jmeterProperties)));
		}
		catch (IllegalArgumentException ex) {
			// NumberFormatException included: -Jusers=many.
			throw new CommandLine.ParameterException(cli, "--jmeter-plan: " + ex.getMessage());
		}
	}

	private Duration roundTrip() {
		Duration roundTrip;
		try {
			roundTrip = (this.distance == null) ? Duration.ZERO : Parameter.parseDuration(this.distance);
		}
		catch (RuntimeException ex) {
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"--distance takes a round trip such as 40ms or 1s, not '" + this.distance + "'");
		}
		if (!roundTrip.isZero() && Toxiproxy.binary().isEmpty()) {
			throw new IllegalStateException("--distance needs toxiproxy-server on the PATH; " + Toxiproxy.INSTALL);
		}
		return roundTrip;
	}

	/** What the run's header names as injected: the --inject points, the distance, the regions' round trips. */
	private List<String> described(Duration roundTrip, Map<String, Link> regions) {
		List<String> described = new ArrayList<>(this.injections);
		if (!roundTrip.isZero()) {
			described.add(EmulatedDistance.describe(roundTrip));
		}
		if (!regions.isEmpty()) {
			List<String> each = new ArrayList<>();
			regions.forEach((region, link) -> each.add(region + " " + link.describe()));
			described.add("regions: " + String.join("; ", each) + " to the services (Toxiproxy latency "
					+ "toxics, half the round trip each way, and bandwidth toxics where set; a proxy server a region)");
		}
		return described;
	}

	/**
	 * With --regions: the study's regions, each with its round trip, and whatever the topology
	 * file changes of their links (round trip, jitter, bandwidth); else none.
	 */
	private Map<String, Link> regionLinks() {
		Topology topology = this.options.topology();
		Map<String, Link.Change> changes = (topology == null) ? Map.of() : topology.regions();
		if (!this.regions) {
			if (!changes.isEmpty()) {
				throw new CommandLine.ParameterException(this.spec.commandLine(), "the topology " + topology.name()
						+ " sets links for regions " + topology.regions().keySet() + ": run with --regions to emulate them");
			}
			return Map.of();
		}
		Study study = Studies.named(this.experiment)
			.orElseThrow(() -> new CommandLine.ParameterException(this.spec.commandLine(),
					"--regions: " + this.experiment + " has no regions (seed-000 and seed-004 have)"));
		if (study.regionRoundTrips().isEmpty()) {
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"--regions: " + study.name() + " has no regions (seed-000 and seed-004 have)");
		}
		if (Toxiproxy.binary().isEmpty()) {
			throw new IllegalStateException("--regions needs toxiproxy-server on the PATH; " + Toxiproxy.INSTALL);
		}
		Map<String, Link> links = new LinkedHashMap<>();
		study.regionRoundTrips().forEach((region, roundTrip) -> links.put(region, Link.of(roundTrip)));
		changes.forEach((region, change) -> {
			Link link = links.get(region);
			if (link == null) {
				throw new IllegalStateException(topology.name() + ": region '" + region + "' is none of " + study.name()
						+ "'s " + links.keySet());
			}
			try {
				links.put(region, change.applyTo(link));
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalStateException(topology.name() + ", region '" + region + "': " + ex.getMessage(), ex);
			}
		});
		return links;
	}

	private Deployment side(String side) {
		if (side.equals("bare")) {
			return Lab.bare();
		}
		for (ComposeSetup setup : ComposeSetup.values()) {
			if (setup.side().equals(side)) {
				return Lab.compose(this.options.services, setup);
			}
		}
		throw new CommandLine.ParameterException(this.spec.commandLine(), "unknown side '" + side + "'; one of bare, "
				+ String.join(", ", Arrays.stream(ComposeSetup.values()).map(ComposeSetup::side).toList()));
	}

}
