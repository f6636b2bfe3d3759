package io.latencylab.lab.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * A run's load generators, one an injector, each started when it first has work. A step whose
 * load comes from regions (as a study names them) is split over them as {@link #assign} says, each injector
 * running its share at the same time, in the step's folder under injectors/NAME; any other step
 * runs on one injector, in the step's own folder.
 */
final class Generators implements AutoCloseable {

	/** Where an injector's share of a split step is kept, under the step's folder. */
	static final String INJECTORS = "injectors";

	private final Map<InjectorHost, GatlingStep> generators = new LinkedHashMap<>();

	private final Map<GatlingStep, List<Path>> ran = new LinkedHashMap<>();

	private final Progress progress;

	Generators(Path project, List<InjectorHost> injectors, Progress progress) {
		for (InjectorHost injector : injectors) {
			this.generators.put(injector, new GatlingStep(project, injector));
		}
		this.progress = progress;
	}

	/** The first injector's generator: the warm-up and every step without regions run there. */
	GatlingStep first() {
		return this.generators.values().iterator().next();
	}

	/**
	 * Which injector sends what of a step. A step with regions: each region to the injector that
	 * names it, the regions no injector names to the first; any other step, whole, to the first.
	 */
	static Map<InjectorHost, Step> assign(Step step, List<InjectorHost> injectors) {
		Map<InjectorHost, Step> assigned = new LinkedHashMap<>();
		List<String> regions = step.get(Targets.REGIONS);
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
			return generator.run(only.getValue(), stepDir, runId, targets, this.progress);
		}
		List<Future<Integer>> exits = new ArrayList<>();
		try (ExecutorService shares = Executors.newVirtualThreadPerTaskExecutor()) {
			boolean first = true;
			for (Map.Entry<InjectorHost, Step> share : assigned.entrySet()) {
				GatlingStep generator = this.generators.get(share.getKey());
				Path dir = stepDir.resolve(INJECTORS).resolve(share.getKey().name());
				this.ran.computeIfAbsent(generator, (k) -> new ArrayList<>()).add(dir);
				// One injector shows the step's progress; the others count quietly.
				Progress shown = first ? this.progress : new Progress(List.of(step), new PrintStream(OutputStream.nullOutputStream()));
				first = false;
				exits.add(shares.submit(() -> generator.run(share.getValue(), dir, runId, targets, shown)));
			}
		}
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
