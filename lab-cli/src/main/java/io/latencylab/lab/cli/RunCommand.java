package io.latencylab.lab.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.observability.Bands;
import io.latencylab.plan.Plan;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true, modelTransformer = StudyOptions.class,
		description = { "Run an experiment, then write its report to runs/<run-id>/report.html and report.md.",
				"Starts the lab first if it is not up, and stops it afterwards if it started it.",
				"See 'lab list' for the experiments and each study's own options." })
final class RunCommand implements Callable<Integer> {

	/** The experiment that runs a user's own JMeter plan. */
	static final String JMETER = "jmeter";

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@Parameters(paramLabel = "STUDY", description = "A study as 'lab list' names it (the tour or a seed), or jmeter "
			+ "with --jmeter-plan")
	String experiment;

	@Option(names = "--full", description = "The study's own scale instead of laptop scale (hours; see 'lab list').")
	boolean full;

	@Option(names = "--keep-up", description = "Leave the lab running when the run started it.")
	boolean keepUp;

	@Option(names = "--inject", paramLabel = "POINT=DELAY",
			description = "Start the lab with latency injected at a point (the lab must be down).")
	List<String> injections = new ArrayList<>();

	@Option(names = "--repeat", paramLabel = "N",
			description = "Run the plan N times on the same services (each a run and a report of its own), then "
					+ "report every figure as a mean with its 95%% confidence interval over the runs. With --compare: "
					+ "N runs on each side (default 3, at least 2).")
	Integer repeat;

	@Option(names = "--steps", split = ",", paramLabel = "STEP",
			description = "Only these steps of the plan, as a run's manifest names them (its warm-up still runs "
					+ "first); a name that is no step of the plan is refused with the list of its steps.")
	List<String> steps;

	@Option(names = "--separate-cores",
			description = "The services on every core but the last (under compose: every container, by its cpuset), "
					+ "the lab itself (runner, load generator, wrk) on the last, so that the client's work never runs "
					+ "where a service answers; while the steps are measured, every core held out of its idle states "
					+ "(PM QoS, as root), so that neither client's gap meets a halted core. Default: all share every core, "
					+ "as on a laptop.")
	boolean separateCores;

	@Option(names = "--generator", split = ",", paramLabel = "GENERATOR",
			description = "Who sends the study's own load plans: gatling (the default), or a tool the study ships plans "
					+ "for (jmeter: JMeter plans under load-jmeter/plans run by Apache JMeter; wrk: a connection a user; "
					+ "see 'lab list'); several (gatling,jmeter,wrk): one after the other on the same services, side by "
					+ "side in the report. The study's other steps stay with Gatling.")
	List<String> generators = List.of(Study.GATLING);

	@CommandLine.Mixin
	RunWarmUpOptions warm = new RunWarmUpOptions();

	@CommandLine.Mixin
	CompareOption compare = new CompareOption();

	@CommandLine.Mixin
	DistanceOptions distance = new DistanceOptions();

	@CommandLine.Mixin
	JMeterPlanOptions jmeter = new JMeterPlanOptions();

	@CommandLine.Mixin
	DeploymentOptions options = new DeploymentOptions();

	@CommandLine.Mixin
	JvmStartOption jvmStart = new JvmStartOption();

	@CommandLine.Mixin
	BandsOption bandsOption = new BandsOption();

	@Override
	public Integer call() throws Exception {
		// Every option is checked before anything starts: a refused option leaves nothing running.
		CommandLine cli = this.spec.commandLine();
		Injections.check(this.injections, cli);
		Bands bands = this.bandsOption.given(cli).orElse(Bands.DEFAULT);
		Optional<Study> study = this.jmeter.asked(this.experiment) ? Optional.empty() : Optional.of(study());
		List<RunHook> hooks = StudyOptions.hooks(cli, study.orElse(null), this.compare.asked());
		if (this.compare.asked()) {
			return comparison(study, bands, hooks).run();
		}
		int repeat = (this.repeat == null) ? 1 : this.repeat;
		if (repeat < 1) {
			throw new CommandLine.ParameterException(cli, "--repeat takes 1 or more, not " + repeat);
		}
		Plan plan = plan(study);
		Deployment deployment = this.jvmStart.apply(this.options.deploymentFor(plan.servicesNeeded(this.warm.warmUp)), cli);
		List<InjectorHost> injectors = this.options.injectors(deployment);
		DeploymentOptions.refuseUnstarted(cli, plan.servicesReached(this.warm.warmUp), deployment::starts);
		refused(hooks, deployment, plan, injectors);
		RunSession session = new RunSession(settings(plan, bands, hooks), deployment, injectors, repeat, this.keepUp);
		if (session.external() && !this.injections.isEmpty()) {
			throw new CommandLine.ParameterException(cli, "--inject: the lab starts none of the services of "
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
		CommandLine cli = this.spec.commandLine();
		Duration roundTrip = this.distance.roundTrip(cli);
		Map<String, Link> regions = this.distance.regionLinks(cli, this.experiment, this.options.topology());
		return new RunSettings(plan, this.injections, this.warm.warmUp, Cores.here(this.separateCores), roundTrip, regions,
				DistanceOptions.described(this.injections, roundTrip, regions), bands, hooks);
	}

	/** What a study's hooks refuse of the run as asked (a backing system that cannot run here, say), before anything starts. */
	private void refused(List<RunHook> hooks, Deployment deployment, Plan plan, List<InjectorHost> injectors) {
		for (RunHook hook : hooks) {
			hook.refuses(deployment, plan.run(this.warm.warmUp), injectors).ifPresent((why) -> {
				throw new CommandLine.ParameterException(this.spec.commandLine(), why);
			});
		}
	}

	/** --compare A,B, checked: two sides, each started afresh, at least 2 runs a side. */
	private ComparisonSession comparison(Optional<Study> study, Bands bands, List<RunHook> hooks) {
		Map<String, Deployment> sides = this.compare.sides(this.spec.commandLine(), this.options);
		int repeat = CompareOption.runsASide(this.spec.commandLine(), this.repeat);
		Plan plan = plan(study);
		for (Deployment deployment : sides.values()) {
			DeploymentOptions.refuseUnstarted(this.spec.commandLine(), plan.servicesReached(this.warm.warmUp), deployment::starts);
			refused(hooks, deployment, plan, List.of());
		}
		return new ComparisonSession(settings(plan, bands, hooks), sides, repeat);
	}

	private Study study() {
		return Studies.named(this.experiment)
			.orElseThrow(() -> new CommandLine.ParameterException(this.spec.commandLine(),
					"unknown study '" + this.experiment + "'; one of " + Studies.all().stream().map(Study::name).toList()));
	}

	/** The study's plan (none: a user's JMeter plan), at the scale asked for, with only the steps asked for. */
	private Plan plan(Optional<Study> study) {
		CommandLine cli = this.spec.commandLine();
		if (study.isEmpty()) {
			return this.jmeter.plan(cli, this.experiment, this.steps, this.generators);
		}
		Plan plan;
		try {
			plan = study.get().plan(this.full, this.generators);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(cli, "--generator: " + ex.getMessage());
		}
		try {
			return this.warm.capped(cli, (this.steps == null) ? plan : plan.only(this.steps));
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(cli, "--steps: " + ex.getMessage());
		}
	}

}
