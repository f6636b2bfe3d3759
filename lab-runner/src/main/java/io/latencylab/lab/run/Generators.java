package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.results.InjectorStarts;
import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * A run's load generators, one an injector, each started when it first has work. A step whose
 * load comes from regions (as a study names them), or one that says how its clients divide run
 * on a Job's pods, is split over them as {@link #assign} says, each injector running its share from
 * one instant the runner gives them all, in the step's folder under injectors/NAME (with
 * injectors/start.json: the instant, when each started, each one's CPU); any other step runs on
 * one injector, in the step's own folder.
 */
final class Generators implements AutoCloseable {

	/** Where an injector's share of a split step is kept, under the step's folder. */
	static final String INJECTORS = RunFolder.INJECTORS;

	private final Map<InjectorHost, GatlingStep> generators = new LinkedHashMap<>();

	private final Map<GatlingStep, List<Path>> ran = new LinkedHashMap<>();

	private final Progress progress;

	/** The targets as a pod reaches them (the deployment's Services' names), for the injectors that are pods. */
	private final UnaryOperator<Map<String, String>> fromPods;

	/** How long before the instant they start at the split step's injectors are given it: time for a line to reach them. */
	static final long START_MARGIN_MS = 1000;

	Generators(Path project, List<InjectorHost> injectors, Progress progress) {
		this(project, injectors, progress, UnaryOperator.identity());
	}

	Generators(Path project, List<InjectorHost> injectors, Progress progress, UnaryOperator<Map<String, String>> fromPods) {
		for (InjectorHost injector : injectors) {
			this.generators.put(injector, new GatlingStep(project, injector));
		}
		this.progress = progress;
		this.fromPods = fromPods;
	}

	/** {@code targets} as {@code injector} reaches them. */
	Map<String, String> targets(InjectorHost injector, Map<String, String> targets) {
		return (injector.placement() == InjectorHost.Placement.POD) ? this.fromPods.apply(targets) : targets;
	}

	/** The first injector's targets: the warm-up's. */
	Map<String, String> firstTargets(Map<String, String> targets) {
		return targets(this.generators.keySet().iterator().next(), targets);
	}

	/** The first injector's generator: the warm-up and every step without regions run there. */
	GatlingStep first() {
		return this.generators.values().iterator().next();
	}

	/**
	 * Which injector sends what of a step. A step with regions: each region to the injector that
	 * names it, the regions no injector names to the first. On a Job's pods, a step that says how
	 * its clients divide: pod i its share i (a pod whose share is nothing sends nothing). Any other
	 * step, whole, to the first.
	 */
	static Map<InjectorHost, Step> assign(Step step, List<InjectorHost> injectors) {
		Map<InjectorHost, Step> assigned = new LinkedHashMap<>();
		List<String> regions = step.get(Targets.REGIONS);
		boolean pods = injectors.size() > 1
				&& injectors.stream().allMatch((i) -> i.placement() == InjectorHost.Placement.POD);
		if (regions == null && pods && step.divides()) {
			for (int i = 0; i < injectors.size(); i++) {
				InjectorHost pod = injectors.get(i);
				step.share(i, injectors.size()).ifPresent((share) -> assigned.put(pod, share));
			}
			return assigned;
		}
		if (regions == null || injectors.size() == 1) {
			assigned.put(injectors.getFirst(), step);
			return assigned;
		}
		Map<InjectorHost, List<String>> shares = new LinkedHashMap<>();
		for (String region : regions) {
			InjectorHost sender = injectors.stream()
				.filter((i) -> i.regions().contains(region))
				.findFirst()
				.orElse(injectors.getFirst());
			shares.computeIfAbsent(sender, (k) -> new ArrayList<>()).add(region);
		}
		shares.forEach((injector, share) -> assigned.put(injector,
				step.with(Targets.REGIONS, share)));
		return assigned;
	}

	/** Runs a step on its injectors, at once; the highest of their exit codes. */
	int run(Step step, Path stepDir, String runId, Map<String, String> targets) throws IOException, InterruptedException {
		Map<InjectorHost, Step> assigned = assign(step, List.copyOf(this.generators.keySet()));
		if (assigned.size() == 1) {
			Map.Entry<InjectorHost, Step> only = assigned.entrySet().iterator().next();
			GatlingStep generator = this.generators.get(only.getKey());
			this.ran.computeIfAbsent(generator, (k) -> new ArrayList<>()).add(stepDir);
			return generator.run(only.getValue(), stepDir, runId, targets(only.getKey(), targets), this.progress);
		}
		// Every injector of the step running, primed and ready, then one instant for all of them.
		List<Future<Object>> prepared = new ArrayList<>();
		try (ExecutorService preparing = Executors.newVirtualThreadPerTaskExecutor()) {
			for (InjectorHost injector : assigned.keySet()) {
				Map<String, String> reached = targets(injector, targets);
				prepared.add(preparing.submit(() -> {
					this.generators.get(injector).prepare(reached);
					return null;
				}));
			}
		}
		for (Future<Object> each : prepared) {
			try {
				each.get();
			}
			catch (java.util.concurrent.ExecutionException ex) {
				throw (ex.getCause() instanceof IOException io) ? io : new IOException(ex.getCause());
			}
		}
		long instant = System.currentTimeMillis() + START_MARGIN_MS;
		Map<InjectorHost, Double> cpuBefore = new LinkedHashMap<>();
		assigned.keySet().forEach((injector) -> cpuBefore.put(injector, this.generators.get(injector).generatorCpuSeconds()));
		List<Future<Integer>> exits = new ArrayList<>();
		try (ExecutorService shares = Executors.newVirtualThreadPerTaskExecutor()) {
			for (Map.Entry<InjectorHost, Step> share : assigned.entrySet()) {
				GatlingStep generator = this.generators.get(share.getKey());
				Path dir = stepDir.resolve(INJECTORS).resolve(share.getKey().name());
				this.ran.computeIfAbsent(generator, (k) -> new ArrayList<>()).add(dir);
				// The step's progress line adds every injector's counts.
				Map<String, String> reached = targets(share.getKey(), targets);
				exits.add(shares.submit(() -> generator.run(share.getValue(), dir, runId, reached, this.progress, instant)));
			}
		}
		InjectorStarts starts = new InjectorStarts(instant, new LinkedHashMap<>(), new LinkedHashMap<>());
		for (InjectorHost injector : assigned.keySet()) {
			GatlingStep generator = this.generators.get(injector);
			starts.started().put(injector.name(), generator.startedAt());
			starts.cpuSeconds().put(injector.name(), generator.generatorCpuSeconds() - cpuBefore.get(injector));
		}
		starts.write(stepDir.resolve(INJECTORS));
		int exit = 0;
		for (Future<Integer> future : exits) {
			try {
				exit = Math.max(exit, future.get());
			}
			catch (java.util.concurrent.ExecutionException ex) {
				throw (ex.getCause() instanceof IOException io) ? io : new IOException(ex.getCause());
			}
		}
		return exit;
	}

	/** Every generator's CPU seconds so far, added up. */
	double cpuSeconds() {
		return this.generators.values().stream().mapToDouble(GatlingStep::generatorCpuSeconds).sum();
	}

	/** Pins every running generator on this machine to {@code cores}. */
	void pin(String cores) throws IOException, InterruptedException {
		for (GatlingStep generator : this.generators.values()) {
			if (generator.generator().isPresent()) {
				Cores.pin(generator.generator().get().pid(), cores);
			}
		}
	}

	/** Gatling's HTML reports, each generator for the folders it ran. */
	void writeReports() throws IOException, InterruptedException {
		for (Map.Entry<GatlingStep, List<Path>> each : this.ran.entrySet()) {
			each.getKey().writeReports(each.getValue());
		}
	}

	@Override
	public void close() throws InterruptedException {
		for (GatlingStep generator : this.generators.values()) {
			generator.close();
		}
	}

}
