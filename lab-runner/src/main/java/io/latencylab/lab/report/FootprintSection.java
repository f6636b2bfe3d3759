package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.results.RunFolder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.num;

/**
 * The lab's own footprint: its CPU per step beside the services', and the steps whose load
 * generator ran short of CPU or fell behind its schedule.
 */
final class FootprintSection implements ReportSection {

	/** Above this share of the machine's CPU, the lab's own work is flagged as disturbing what it measures. */
	static final double FOOTPRINT_WARNING = 0.25;

	/**
	 * The lab's own CPU per step, beside the services': what the load generator and the runner
	 * took from the cores the services share with them.
	 */
	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		doc.heading(2, "The lab's own footprint");
		Object coresValue = run.manifest().machine().get("cores");
		int cores = (coresValue instanceof Number n) ? n.intValue() : Runtime.getRuntime().availableProcessors();
		List<List<String>> rows = new ArrayList<>();
		List<String> warnings = new ArrayList<>();
		List<String> compiling = new ArrayList<>();
		for (StepData step : run.steps()) {
			Manifest.LabCost cost = step.record().labCost();
			if (cost == null) {
				continue;
			}
			long from = Instant.parse(step.record().start()).toEpochMilli();
			long to = Instant.parse(step.record().end()).toEpochMilli();
			double seconds = Math.max(1e-3, (to - from) / 1000.0);
			double generator = 100 * cost.generatorCpuSeconds() / seconds;
			double runner = 100 * cost.runnerCpuSeconds() / seconds;
			double services = (cost.servicesCpuSeconds() != null) ? 100 * cost.servicesCpuSeconds() / seconds
					: servicesCpu(run, from, to);
			// What disturbs the services is the generator's CPU while they answer; the step's whole
			// window also holds the simulation's start and end.
			Double answering = cost.generatorPercentWhileAnswering();
			double share = (((answering != null) ? answering : generator) + runner) / (100.0 * cores);
			long requests = step.record().requests();
			Double jit = cost.generatorJitPercentWhileAnswering();
			if (jit != null && jit > GENERATOR_JIT_WARNING) {
				compiling.add(String.format(Locale.ROOT, "%s (%.0f%% of a core)", step.record().name(), jit));
			}
			rows.add(List.of(step.record().name(), num(seconds), count(requests), num(generator),
					(answering != null) ? num(answering) : "", (jit != null) ? num(jit) : "",
					requests == 0 ? "" : String.format(Locale.ROOT, "%.0f", 1e6 * cost.generatorCpuSeconds() / requests),
					num(runner), num(services), String.format(Locale.ROOT, "%.0f%%", 100 * share)));
			if (share > FOOTPRINT_WARNING) {
				warnings.add(step.record().name());
			}
		}
		if (rows.isEmpty()) {
			doc.text("This run did not measure the lab's own CPU.");
			return;
		}
		doc.text("CPU in percent of one core, averaged over each step; this machine has " + cores + " cores. The "
				+ "load generator is Gatling's JVM (one for the whole run: the warm-up step pays for its start), wrk "
				+ "in an outside client's step, or JMeter's JVM in a JMeter step (one a step, its start included); the runner is the lab's own JVM (resource sampling, progress, trace "
				+ "bookkeeping). Services: the sum of their CPU time over the step, from the kernel's counts at its "
				+ "start and end. \"While answered\" is the generator's CPU from the step's first answer to its last, "
				+ "without the simulation's own start and end: it is what the services had to share their cores with, "
				+ "and the lab's share of the machine is taken from it where known. \"Its JIT\" is the generator's JVM "
				+ "compiling its own code over the same span: its compiler threads' time, which can exceed the "
				+ "generator's CPU when they wait for a core.");
		doc.table(List.of("step", "seconds", "requests", "load generator %", "generator % while answered",
				"its JIT % while answered",
				"generator µs a request", "runner %", "services %", "lab's share of the machine"), rows);
		if (!warnings.isEmpty()) {
			doc.text(String.format(Locale.ROOT, "**Warning:** the lab itself took more than %.0f%% of the machine's CPU "
					+ "in %s; the services had that much less, and their latency there is partly the lab's.",
					100 * FOOTPRINT_WARNING, String.join(", ", warnings)));
		}
		if (!compiling.isEmpty()) {
			doc.text(String.format(Locale.ROOT, "**The load generator compiled its own code while answered:** %s, more "
					+ "than %.0f%% of a core. Gatling's JVM starts afresh with each run, and a step's own code is new to "
					+ "it: its JIT took that core time from the services it measured, on the cores they share. "
					+ "./lab run --separate-cores keeps it off their cores.", String.join(", ", compiling),
					GENERATOR_JIT_WARNING));
		}
		List<String> overloaded = overloadedInjectors(run);
		if (!overloaded.isEmpty()) {
			doc.text(String.format(Locale.ROOT, "**Load generator near its limit:** %s (its own samples, once a "
					+ "second, of its process's share of its machine's cores, above %.0f%%). A generator short of CPU sends "
					+ "late and counts its own queueing as latency: give it a machine of its own (an injector elsewhere in "
					+ "a --topology) or fewer users.", String.join("; ", overloaded), 100 * INJECTOR_LIMIT));
		}
		List<String> behind = behindInjectors(run);
		if (!behind.isEmpty()) {
			doc.text(String.format(Locale.ROOT, "**Load generator fell behind its intended send rate:** %s. An open "
					+ "model's generator that sends fewer arrivals than it meant (below %.0f%%), or whose JVM woke from a "
					+ "1 ms sleep more than %.0f ms late in 1%% of its tries (summary.json's injectorHiccups, jHiccup's "
					+ "measure), sent its requests later than their schedule: the services saw a lighter or burstier load "
					+ "than the step says.", String.join("; ", behind), 100 * SENT_LIMIT, HICCUP_LIMIT_MS));
		}
	}

	/** The generator's JIT, in percent of one core while a step was answered, above which the report flags the step. */
	static final double GENERATOR_JIT_WARNING = 10;

	/** An open model's share of its intended arrivals below which the report flags its step. */
	static final double SENT_LIMIT = 0.97;

	/** How late (p99) a generator may wake from its 1 ms sleeps before the report flags its step. */
	static final double HICCUP_LIMIT_MS = 10;

	/**
	 * The steps whose generator fell behind: sent below {@link #SENT_LIMIT} of its intended arrivals
	 * (summary.json's sendRate) or woke late (injectorHiccups.p99Ms above {@link #HICCUP_LIMIT_MS}).
	 */
	private static List<String> behindInjectors(RunData run) throws IOException {
		List<String> behind = new ArrayList<>();
		for (GeneratorSummary summary : generatorSummaries(run)) {
			JsonNode json = summary.json();
			long intended = json.path("sendRate").path("intendedArrivals").asLong(0);
			long sent = json.path("sendRate").path("sent").asLong(0);
			if (intended > 0 && sent < SENT_LIMIT * intended) {
				behind.add(String.format(Locale.ROOT, "%s sent %,d of %,d arrivals (%.0f%%)", summary.who(), sent, intended,
						100.0 * sent / intended));
			}
			double p99 = json.path("injectorHiccups").path("p99Ms").asDouble(0);
			if (p99 > HICCUP_LIMIT_MS) {
				behind.add(String.format(Locale.ROOT, "%s woke up to %.1f ms late (p99; max %.1f ms)", summary.who(), p99,
						json.path("injectorHiccups").path("maxMs").asDouble(0)));
			}
		}
		return behind;
	}

	/** One generator's summary.json in one step; {@code who}: "sweep-rest-get: japan". */
	private record GeneratorSummary(String who, JsonNode json) {
	}

	/** Every step's generators' summaries, in step order ("the load generator" for a step's only one). */
	private static List<GeneratorSummary> generatorSummaries(RunData run) throws IOException {
		List<GeneratorSummary> summaries = new ArrayList<>();
		for (StepData step : run.steps()) {
			Path stepDir = run.dir().resolve(step.record().folder());
			for (Path csv : RunFolder.requestsCsvs(stepDir)) {
				Path summary = RunFolder.summary(csv);
				if (Files.exists(summary)) {
					Path relative = stepDir.relativize(csv);
					String injector = relative.startsWith("injectors") ? relative.getName(1).toString() : "the load generator";
					summaries.add(new GeneratorSummary(step.record().name() + ": " + injector,
							JsonMapper.shared().readTree(summary.toFile())));
				}
			}
		}
		return summaries;
	}

	/** What a load generator may use of its machine's cores before the report flags its step. */
	static final double INJECTOR_LIMIT = 0.80;

	/**
	 * The steps in which an injector's own CPU samples (summary.json's injectorCpu.maxPercent, the
	 * share of its machine's cores) went above {@link #INJECTOR_LIMIT}: "sweep-rest-get: japan up to 95%".
	 */
	private static List<String> overloadedInjectors(RunData run) throws IOException {
		List<String> overloaded = new ArrayList<>();
		for (GeneratorSummary summary : generatorSummaries(run)) {
			double max = summary.json().path("injectorCpu").path("maxPercent").asDouble(0);
			if (max > 100 * INJECTOR_LIMIT) {
				overloaded.add(String.format(Locale.ROOT, "%s up to %.0f%%", summary.who(), max));
			}
		}
		return overloaded;
	}

	/** The services' mean CPU over the resource samples of a step, for runs from before its exact count. */
	private static double servicesCpu(RunData run, long from, long to) {
		return ResourcesSection.usage(run, from, to).values().stream().mapToDouble((acc) -> acc[0] / acc[1]).sum();
	}

}
