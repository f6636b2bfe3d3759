package io.latencylab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.ComposeDeployment;
import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.ComposeSetup;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ExternalDeployment;
import io.latencylab.lab.deploy.Factors;
import io.latencylab.lab.deploy.StartUp;
import io.latencylab.lab.net.EmulatedDistance;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.net.NetworkProbe;
import io.latencylab.lab.net.Toxiproxy;
import io.latencylab.lab.plan.Parameter;
import io.latencylab.lab.plan.Plan;
import io.latencylab.lab.report.Comparison;
import io.latencylab.lab.report.DeploymentComparison;
import io.latencylab.lab.report.MergedLogs;
import io.latencylab.lab.report.Repetitions;
import io.latencylab.lab.report.Report;
import io.latencylab.lab.run.LabRun;
import io.latencylab.lab.run.Progress;
import io.latencylab.lab.run.RunData;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.topology.Injector;
import io.latencylab.lab.topology.Services;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.topology.TopologyFile;
import io.latencylab.observability.IntervalLogs;
import org.HdrHistogram.Histogram;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The lab's command line, started by ./lab at the project's root. */
@Command(name = "lab", mixinStandardHelpOptions = true, version = "latency-lab 0.1.0",
		description = { "Runs the services, reproduces the studies' experiments with Gatling, and explains their latency.",
				"Start with: ./lab run quick" },
		subcommands = { Lab.Up.class, Lab.Down.class, Lab.Status.class, Lab.Run.class, Lab.ReportCommand.class,
				Lab.MergeCommand.class, Lab.ListCommand.class, Lab.TopologyCommand.class, CommandLine.HelpCommand.class })
public final class Lab implements Runnable {

	/** The project's root: ./lab starts the runner there. */
	static final Path PROJECT = Path.of("").toAbsolutePath();

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	public static void main(String[] args) {
		System.exit(new CommandLine(new Lab()).setExecutionExceptionHandler((ex, cmd, parsed) -> {
			cmd.getErr().println(cmd.getColorScheme().errorText("error: " + ex.getMessage()));
			if (System.getenv("LAB_DEBUG") != null || ex.getMessage() == null) {
				ex.printStackTrace(cmd.getErr());
			}
			return 1;
		}).execute(args));
	}

	@Override
	public void run() {
		this.spec.commandLine().usage(System.out);
	}

	static Deployment deployment(boolean compose, List<String> services) {
		return compose ? new ComposeDeployment(PROJECT, services) : new BareDeployment(PROJECT);
	}

	/** Options shared by the commands that choose a deployment. */
	static final class DeploymentOptions {

		@Option(names = "--compose", description = "Use docker compose instead of bare JVMs.")
		boolean compose;

		@Option(names = "--services", split = ",", paramLabel = "SERVICE",
				description = "With --compose: the compose services to start (default: all).")
		List<String> services = new ArrayList<>();

		@Option(names = "--topology", paramLabel = "FILE",
				description = "Where the services answer and where the load generator runs (see ops/topology/README.md); "
						+ "with deployment: external the lab starts and stops nothing. Default: bare (or --compose) on this "
						+ "machine, as ./lab topology prints it.")
		Path topology;

		Deployment deployment() {
			if (this.topology == null) {
				return Lab.deployment(this.compose, this.services);
			}
			if (this.compose) {
				throw new IllegalArgumentException("--topology names the deployment (its 'deployment:'): leave --compose out");
			}
			Topology topology = topology();
			return switch (topology.kind()) {
				case BARE -> new BareDeployment(PROJECT);
				case COMPOSE -> new ComposeDeployment(PROJECT, this.services);
				case EXTERNAL -> new ExternalDeployment(Services.find(PROJECT), topology);
			};
		}

		/** The topology file's, read afresh (it is small); null without --topology. */
		Topology topology() {
			return (this.topology == null) ? null : TopologyFile.read(this.topology, Services.find(PROJECT), PROJECT);
		}

		/** Where the load generators run: the topology file's injectors, or the deployment's own (one, on this machine). */
		List<Injector> injectors(Deployment deployment) {
			return (this.topology == null) ? deployment.topology().injectors() : topology().injectors();
		}

	}

	@Command(name = "up", mixinStandardHelpOptions = true,
			description = "Start the lab and wait until every service is ready. Default: bare JVMs on the embedded "
					+ "defaults (H2 files in ./data, spans in runs/services/traces); --compose: docker compose.")
	static final class Up implements Callable<Integer> {

		@CommandLine.Mixin
		DeploymentOptions options = new DeploymentOptions();

		@Option(names = "--inject", paramLabel = "POINT=DELAY",
				description = "Inject latency at a point, e.g. catalog-before-commit=50ms or order-before-catalog=20ms-40ms; "
						+ "under compose the catalog and order containers are recreated with it, and without it by the next up.")
		List<String> injections = new ArrayList<>();

		@Override
		public Integer call() throws Exception {
			Deployment deployment = this.options.deployment();
			deployment.up(this.injections);
			if (deployment instanceof ExternalDeployment) {
				System.out.println("Every service of " + deployment.topology().name() + " is ready:");
				deployment.topology().services().forEach((name, endpoint) -> System.out.printf(Locale.ROOT, "  %-17s %s%s%n",
						name, endpoint.http(), endpoint.grpc().map((g) -> "   (gRPC " + g + ")").orElse("")));
				return 0;
			}
			Services s = deployment.services();
			String host = "http://127.0.0.1:";
			System.out.printf(Locale.ROOT, """

					SOAP meals:  %1$s%2$d/ws   (WSDL %1$s%2$d/ws/meals.wsdl)
					REST meals:  %1$s%3$d/rest
					Sort:        %1$s%4$d/sort?algorithm=quick
					Toy store:   %1$s%5$d/products/Tux   (catalog gRPC :%6$d, order gRPC :%7$d)
					Tables:      %1$s%9$d/tables/<table>/entities/<partition key>/<row key>
					Objects:     %1$s%10$d/v1/<account>/<container>/<object>   (through Varnish: port %11$d;
					             HTTPS with data/tls/ca.crt: store %12$d, through the cache %13$d)
					Stop with:   ./lab down%8$s%n""", host, s.named("meals-soap").httpPort(), s.named("meals-rest").httpPort(),
					s.named("sort-service").httpPort(), s.named("frontend-service").httpPort(),
					s.named("catalog-service").grpcPort().orElseThrow(), s.named("order-service").grpcPort().orElseThrow(),
					this.options.compose ? " --compose" : "", s.named("table-service").httpPort(),
					s.named("object-store").httpPort(), s.port("OBJECT_CACHE_PORT"), s.port("OBJECT_STORE_TLS_PORT"),
					s.port("OBJECT_CACHE_TLS_PORT"));
			return 0;
		}

	}

	@Command(name = "down", mixinStandardHelpOptions = true, description = "Stop the lab that 'up' started.")
	static final class Down implements Callable<Integer> {

		@CommandLine.Mixin
		DeploymentOptions options = new DeploymentOptions();

		@Override
		public Integer call() throws Exception {
			this.options.deployment().down();
			return 0;
		}

	}

	@Command(name = "status", mixinStandardHelpOptions = true, description = "Show which bare services run and are ready.")
	static final class Status implements Callable<Integer> {

		@Override
		public Integer call() {
			new BareDeployment(PROJECT).status().forEach((name, state) -> System.out.println(name + ": " + state));
			return 0;
		}

	}

	@Command(name = "run", mixinStandardHelpOptions = true,
			description = { "Run an experiment, then write its report to runs/<run-id>/report.html and report.md.",
					"Starts the lab first if it is not up, and stops it afterwards if it started it.",
					"See 'lab list' for the experiments." })
	static final class Run implements Callable<Integer> {

		@Parameters(paramLabel = "STUDY", description = "quick, or a study: seed-000, seed-001, … (see 'lab list')")
		String experiment;

		@Option(names = "--full", description = "The study's own scale instead of laptop scale (hours; see 'lab list').")
		boolean full;

		@Option(names = "--keep-up", description = "Leave the lab running when the run started it.")
		boolean keepUp;

		@Option(names = "--warm-up", negatable = true, defaultValue = "true", fallbackValue = "true",
				description = "Warm the services' JIT up before the plan (default), or not.")
		boolean warmUp = true;

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

		@CommandLine.Mixin
		DeploymentOptions options = new DeploymentOptions();

		@Override
		public Integer call() throws Exception {
			if (this.compare != null) {
				return compareDeployments();
			}
			int repeat = (this.repeat == null) ? 1 : this.repeat;
			Cores cores = Cores.here(this.separateCores);
			Plan plan = plan();
			Duration roundTrip = roundTrip();
			List<String> described = described(roundTrip);
			Deployment deployment = this.options.deployment();
			boolean started = false;
			if (deployment instanceof ExternalDeployment) {
				// Started elsewhere: checked, never started or stopped here.
				System.out.println("Checking that every service of " + deployment.topology().name() + " answers");
				deployment.up(this.injections);
			}
			else if (!deployment.isUp()) {
				System.out.println("Starting the lab (" + deployment.mode() + ")");
				deployment.up(this.injections);
				started = true;
			}
			else if (!this.injections.isEmpty()) {
				throw new IllegalStateException("the lab is already up, so --inject cannot take effect: ./lab down first");
			}
			if (repeat < 1) {
				throw new CommandLine.ParameterException(new CommandLine(this), "--repeat takes 1 or more, not " + repeat);
			}
			List<Path> runDirs = new ArrayList<>();
			try {
				for (int i = 1; i <= repeat; i++) {
					if (repeat > 1) {
						System.out.printf(Locale.ROOT, "%nRun %d of %d%n", i, repeat);
					}
					runDirs.add(new LabRun(PROJECT, deployment, System.out).distance(roundTrip)
						.regions(regionLinks())
						.injectors(this.options.injectors(deployment))
						.run(plan.repetition(i), described, this.warmUp, cores));
				}
			}
			finally {
				if (started && !this.keepUp) {
					System.out.println("Stopping the lab");
					deployment.down();
				}
			}
			long failed = 0;
			List<RunData> runs = new ArrayList<>();
			for (Path runDir : runDirs) {
				RunData data = RunData.read(runDir);
				runs.add(data);
				Path html = Report.write(data, Studies.all());
				failed += data.manifest().steps().stream().filter((s) -> s.exitCode() != 0).count();
				System.out.println("Report (Markdown): " + PROJECT.relativize(runDir.resolve("report.md")));
				System.out.println("Report: " + PROJECT.relativize(html));
			}
			if (runs.size() > 1) {
				Path dir = PROJECT.resolve("runs").resolve(runs.getFirst().manifest().runId() + "-x" + runs.size());
				System.out.println("Repetitions: " + PROJECT.relativize(Repetitions.write(runs, dir, Studies.all())));
			}
			if (failed > 0) {
				System.err.println(failed + " step(s) failed; see their gatling.log");
				return 1;
			}
			return 0;
		}

		/**
		 * --compare A,B: run i of each side for i = 1…N, A first when i is odd and B first when it is
		 * even, each side started for its run and stopped after it (both publish the same ports), so
		 * that a drift of the machine over the session falls on both sides alike.
		 */
		private int compareDeployments() throws Exception {
			if (this.compare.size() != 2 || this.compare.get(0).equals(this.compare.get(1))) {
				throw new CommandLine.ParameterException(new CommandLine(this),
						"--compare takes two different sides, as bare,compose; not " + String.join(",", this.compare));
			}
			if (this.options.compose || this.options.topology != null) {
				throw new CommandLine.ParameterException(new CommandLine(this),
						"--compare names the deployments: leave --compose and --topology out");
			}
			int repeat = (this.repeat == null) ? 3 : this.repeat;
			if (repeat < 2) {
				throw new CommandLine.ParameterException(new CommandLine(this),
						"--compare needs at least 2 runs a side for a confidence interval, not " + repeat);
			}
			Map<String, Deployment> sides = new LinkedHashMap<>();
			for (String side : this.compare) {
				sides.put(side, side(side));
			}
			for (Deployment deployment : sides.values()) {
				if (deployment.isUp()) {
					throw new IllegalStateException("the lab is up (" + deployment.mode()
							+ "): ./lab down (or ./lab down --compose) first, since each side starts its own");
				}
			}
			Plan plan = plan();
			Duration roundTrip = roundTrip();
			Cores cores = Cores.here(this.separateCores);
			Path probeFiles = NetworkProbe.files(PROJECT.resolve("runs/services/network-probe"));
			Map<String, List<Path>> runDirs = new LinkedHashMap<>();
			sides.keySet().forEach((side) -> runDirs.put(side, new ArrayList<>()));
			for (int i = 1; i <= repeat; i++) {
				List<String> order = new ArrayList<>(sides.keySet());
				if (i % 2 == 0) {
					Collections.reverse(order);
				}
				for (String side : order) {
					Deployment deployment = sides.get(side);
					System.out.printf(Locale.ROOT, "%nRun %d of %d on %s (%s)%n", i, repeat, side, deployment.mode());
					long start = System.nanoTime();
					deployment.up(this.injections);
					StartUp startUp = StartUp.of(deployment, (System.nanoTime() - start) / 1e9);
					try {
						Path dir = new LabRun(PROJECT, deployment, System.out).distance(roundTrip)
							.regions(regionLinks())
							.run(plan.repetition(i), described(roundTrip), this.warmUp, cores);
						Factors.of(deployment).write(dir);
						startUp.write(dir);
						// The path alone, after the run: the services are idle by now. A probe that fails
						// costs its section of the comparison, not the runs.
						try (AutoCloseable server = deployment.startProbeServer(probeFiles)) {
							Files.write(dir.resolve(NetworkProbe.CSV), NetworkProbe.measure(NetworkProbe.PORT, 5000, 10).csv());
						}
						catch (IOException ex) {
							System.err.println("The network probe failed on " + side + ": " + ex.getMessage());
						}
						runDirs.get(side).add(dir);
					}
					finally {
						deployment.down();
					}
				}
			}
			long failed = 0;
			Map<String, List<RunData>> runs = new LinkedHashMap<>();
			for (Map.Entry<String, List<Path>> side : runDirs.entrySet()) {
				List<RunData> data = new ArrayList<>();
				for (Path dir : side.getValue()) {
					RunData run = RunData.read(dir);
					Report.write(run, Studies.all());
					failed += run.manifest().steps().stream().filter((s) -> s.exitCode() != 0).count();
					data.add(run);
				}
				runs.put(side.getKey(), data);
			}
			String a = this.compare.get(0);
			String b = this.compare.get(1);
			Path dir = PROJECT.resolve("runs")
				.resolve(runs.get(a).getFirst().manifest().runId() + "-" + a + "-vs-" + b + "-x" + repeat);
			Path html = DeploymentComparison.write(new DeploymentComparison.Sides(a, runs.get(a), b, runs.get(b)), dir,
					Studies.all());
			System.out.println("Comparison (Markdown): " + PROJECT.relativize(dir.resolve("comparison.md")));
			System.out.println("Comparison: " + PROJECT.relativize(html));
			if (failed > 0) {
				System.err.println(failed + " step(s) failed; see their gatling.log");
				return 1;
			}
			return 0;
		}

		/** The study's plan, at the scale asked for, with only the steps asked for. */
		private Plan plan() {
			Plan plan = Studies.named(this.experiment)
				.orElseThrow(() -> new CommandLine.ParameterException(new CommandLine(this),
						"unknown study '" + this.experiment + "'; one of " + Studies.all().stream().map(Study::name).toList()))
				.plan(this.full);
			return (this.steps == null) ? plan : plan.only(this.steps);
		}

		private Duration roundTrip() {
			Duration roundTrip = (this.distance == null) ? Duration.ZERO : Parameter.parseDuration(this.distance);
			if (!roundTrip.isZero() && Toxiproxy.binary().isEmpty()) {
				throw new IllegalStateException("--distance needs toxiproxy-server on the PATH; " + Toxiproxy.INSTALL);
			}
			return roundTrip;
		}

		/** What the run's header names as injected: the --inject points, the distance, the regions' round trips. */
		private List<String> described(Duration roundTrip) {
			List<String> described = new ArrayList<>(this.injections);
			if (!roundTrip.isZero()) {
				described.add(EmulatedDistance.describe(roundTrip));
			}
			Map<String, Link> regions = regionLinks();
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
					throw new CommandLine.ParameterException(new CommandLine(this), "the topology " + topology.name()
							+ " sets links for regions " + topology.regions().keySet() + ": run with --regions to emulate them");
				}
				return Map.of();
			}
			Study study = Studies.named(this.experiment).orElseThrow();
			if (study.regionRoundTrips().isEmpty()) {
				throw new CommandLine.ParameterException(new CommandLine(this),
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
				return new BareDeployment(PROJECT);
			}
			for (ComposeSetup setup : ComposeSetup.values()) {
				if (setup.side().equals(side)) {
					return new ComposeDeployment(PROJECT, this.options.services, setup);
				}
			}
			throw new CommandLine.ParameterException(new CommandLine(this), "unknown side '" + side + "'; one of bare, "
					+ String.join(", ", Arrays.stream(ComposeSetup.values()).map(ComposeSetup::side).toList()));
		}

	}

	@Command(name = "report", mixinStandardHelpOptions = true,
			description = { "Rebuild a run's report from its stored data, or compare two runs.",
					"RUN is a run id (a folder in runs/), a path, or 'latest'." })
	static final class ReportCommand implements Callable<Integer> {

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

		@Override
		public Integer call() throws Exception {
			if (this.compare != null) {
				RunData a = RunData.read(resolve(this.compare.get(0)));
				RunData b = RunData.read(resolve(this.compare.get(1)));
				Path dir = PROJECT.resolve("runs").resolve("compare-" + a.manifest().runId() + "-vs-" + b.manifest().runId());
				Path html = Comparison.write(a, b, this.steps.stream().map(Comparison.Pair::parse).toList(), dir);
				System.out.println("Comparison (Markdown): " + PROJECT.relativize(dir.resolve("compare.md")));
				System.out.println("Comparison: " + PROJECT.relativize(html));
				return 0;
			}
			if (this.repetitions != null) {
				List<RunData> runs = new ArrayList<>();
				for (String run : this.repetitions) {
					runs.add(RunData.read(resolve(run)));
				}
				Path dir = PROJECT.resolve("runs").resolve(runs.getFirst().manifest().runId() + "-x" + runs.size());
				Path html = Repetitions.write(runs, dir, Studies.all());
				System.out.println("Repetitions (Markdown): " + PROJECT.relativize(dir.resolve("repetitions.md")));
				System.out.println("Repetitions: " + PROJECT.relativize(html));
				return 0;
			}
			if (this.run == null) {
				throw new CommandLine.ParameterException(new CommandLine(this), "name a RUN, or --compare RUN_A RUN_B");
			}
			Path dir = resolve(this.run);
			Path html = Report.write(RunData.read(dir), Studies.all());
			System.out.println("Report (Markdown): " + dir.resolve("report.md"));
			System.out.println("Report: " + html);
			return 0;
		}

		static Path resolve(String run) throws IOException {
			if (run.equals("latest")) {
				try (Stream<Path> runs = Files.list(PROJECT.resolve("runs"))) {
					return runs.filter((d) -> Files.exists(d.resolve("manifest.json")))
						.max(Comparator.comparing((Path d) -> d.resolve("manifest.json").toFile().lastModified()))
						.orElseThrow(() -> new IllegalArgumentException("no runs yet in runs/"));
				}
			}
			Path path = Path.of(run);
			return Files.isDirectory(path) ? path : PROJECT.resolve("runs").resolve(run);
		}

	}

	@Command(name = "merge", mixinStandardHelpOptions = true,
			description = { "Merge several injectors' latency logs exactly: per request group, each injector's count, "
					+ "p50, p90, p99 and max, then all of them together (histograms added, never percentiles averaged).",
					"LOG is a latency.hlog (HdrHistogram's interval log, which every Gatling step of the lab writes "
							+ "beside its requests.csv) or a folder holding one." })
	static final class MergeCommand implements Callable<Integer> {

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

	@Command(name = "list", mixinStandardHelpOptions = true,
			description = "List the studies, each with its paper, its steps and its expected length.")
	static final class ListCommand implements Callable<Integer> {

		@Override
		public Integer call() {
			for (Study s : Studies.all()) {
				System.out.printf(Locale.ROOT, "%-9s %2d steps  ~%-6s (--full: ~%-8s) %s%n          %s%n", s.name(),
						s.plan(false).steps().size(), Progress.clock(s.plan(false).estimate()),
						s.seed().equals("all") ? "same" : Progress.clock(s.plan(true).estimate()), s.summary(), s.paper());
			}
			return 0;
		}

	}

	@Command(name = "topology", mixinStandardHelpOptions = true,
			description = { "Print a topology as a topology file says it, every default written out: where each service "
					+ "answers, where its spans and metrics are read, where the load generator runs.",
					"Without options: bare, as ./lab run uses it. Copy it to describe services that run elsewhere "
							+ "(deployment: external), then check it with --topology FILE." })
	static final class TopologyCommand implements Callable<Integer> {

		@CommandLine.Mixin
		DeploymentOptions options = new DeploymentOptions();

		@Override
		public Integer call() {
			Topology topology = (this.options.topology != null) ? this.options.topology()
					: this.options.deployment().topology();
			DumperOptions style = new DumperOptions();
			style.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
			System.out.println("# " + topology.name() + " (./lab topology" + (this.options.compose ? " --compose" : "")
					+ (this.options.topology != null ? " --topology " + this.options.topology : "") + ")");
			if (topology.kind() != Topology.Kind.EXTERNAL) {
				System.out.println("# For services started elsewhere, copy this with 'deployment: external' and change what differs;");
				System.out.println("# a bare or compose topology file names only its injectors (see ops/topology/README.md).");
			}
			System.out.print(new Yaml(style).dump(topology.asYaml(PROJECT)));
			return 0;
		}

	}

}
