package io.latencylab.lab.results;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * What a run was: written at its start and after every step to runs/&lt;run-id&gt;/manifest.json,
 * so that a report can be rebuilt, and a run compared, from the folder alone. {@code cores} says
 * which cores the services and the lab ran on (Cores.describe; null in runs from before it was kept),
 * {@code injector} where the load generator ran (null in runs from before it was kept), {@code jvmStart} how
 * the services' JVMs started: from a start-up cache or cold (null where the lab did not start them, or
 * in runs from before it was kept).
 */
public record Manifest(String runId, String experiment, String seed, boolean full, String mode, List<String> injections,
		String cores, String injector, String jvmStart, Map<String, Object> git, Map<String, Object> machine, String start, String end, StepRecord warmUp,
		List<StepRecord> steps) {

	public static final JsonMapper JSON = JsonMapper.builder().build();

	/** The machine's key for how its idle cores wait (IdleStates.describe). */
	public static final String IDLE_CORES = "idleCores";

	/**
	 * One step as it ran.
	 *
	 * @param labCost the lab's own CPU during the step; null in runs from before it was measured
	 */
	public record StepRecord(int index, String name, String simulation, Map<String, String> properties, String folder,
			String start, String end, int exitCode, long requests, long errors, int tracesWanted, int tracesFound,
			LabCost labCost) {
	}

	/**
	 * The CPU seconds the lab itself used during a step: its load generator (Gatling's JVM, or wrk
	 * in an outside client's step) and its runner (this JVM: the resource sampler, progress, trace
	 * bookkeeping); beside them, for scale, the services' CPU seconds in the same window, read from
	 * the kernel's counts at the step's start and end (null in runs from before it was read); the
	 * generator's CPU while the step's requests were answered, from its first answer to its last, in
	 * percent of one core (null where not known: wrk's steps, older runs); and how much of that the
	 * generator's JVM spent compiling its own code (its JIT's compilation time over the same span,
	 * the compiler threads' elapsed time, in percent of one core; null where not known).
	 */
	public record LabCost(double generatorCpuSeconds, double runnerCpuSeconds, Double servicesCpuSeconds,
			Double generatorPercentWhileAnswering, Double generatorJitPercentWhileAnswering) {
	}

	public Manifest withStep(StepRecord step) {
		List<StepRecord> all = new ArrayList<>(this.steps);
		all.add(step);
		return new Manifest(this.runId, this.experiment, this.seed, this.full, this.mode, this.injections, this.cores, this.injector, this.jvmStart, this.git,
				this.machine, this.start, this.end, this.warmUp, all);
	}

	public Manifest withWarmUp(StepRecord warmUp) {
		return new Manifest(this.runId, this.experiment, this.seed, this.full, this.mode, this.injections, this.cores, this.injector, this.jvmStart, this.git,
				this.machine, this.start, this.end, warmUp, this.steps);
	}

	/** The same with {@code cores} as where the services and the lab ran, once the run has placed them. */
	public Manifest withCores(String cores) {
		return new Manifest(this.runId, this.experiment, this.seed, this.full, this.mode, this.injections, cores, this.injector, this.jvmStart, this.git,
				this.machine, this.start, this.end, this.warmUp, this.steps);
	}

	public Manifest ended(String end) {
		return new Manifest(this.runId, this.experiment, this.seed, this.full, this.mode, this.injections, this.cores, this.injector, this.jvmStart, this.git,
				this.machine, this.start, end, this.warmUp, this.steps);
	}

	public void write(Path runDir) {
		JSON.writerWithDefaultPrettyPrinter().writeValue(runDir.resolve(RunFolder.MANIFEST).toFile(), this);
	}

	public static Manifest read(Path runDir) {
		return JSON.readValue(runDir.resolve(RunFolder.MANIFEST).toFile(), Manifest.class);
	}

	/** Cores, memory, OS and the JDK of this machine, as the load generator and bare services see it. */
	public static Map<String, Object> thisMachine() {
		Map<String, Object> machine = new LinkedHashMap<>();
		var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
		machine.put("cores", Runtime.getRuntime().availableProcessors());
		machine.put("memoryBytes", os.getTotalMemorySize());
		machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
				+ System.getProperty("os.arch"));
		machine.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
		machine.put("javaHome", System.getProperty("java.home"));
		machine.put(IDLE_CORES, IdleStates.here().describe());
		try {
			machine.put("hostname", InetAddress.getLocalHost().getHostName());
		}
		catch (IOException ex) {
			machine.put("hostname", "unknown");
		}
		return machine;
	}

	/** The commit the run was made from, and whether the tree had changes on top of it. */
	public static Map<String, Object> commitOf(Path project) {
		Map<String, Object> git = new LinkedHashMap<>();
		git.put("commit", command(project, "git", "rev-parse", "HEAD"));
		String status = command(project, "git", "status", "--porcelain", "--untracked-files=no");
		git.put("dirty", status == null ? null : !status.isBlank());
		return git;
	}

	private static String command(Path dir, String... command) {
		try {
			Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
			String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
			return process.waitFor() == 0 ? out : null;
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

}
