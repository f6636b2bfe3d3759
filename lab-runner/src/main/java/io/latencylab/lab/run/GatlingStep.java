package io.latencylab.lab.run;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.latencylab.lab.tls.LabCa;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.plan.InjectorAnswer;
import io.latencylab.plan.InjectorCommand;
import io.latencylab.plan.InjectorProgress;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * Runs the steps of a run on one load generator: a JVM of its own (with the options the Gatling
 * Maven plugin gives Gatling), started for the first step and kept for the rest, so that only the
 * first step (the warm-up) runs on a cold JVM. Each step gets its properties, its results in its
 * folder, and the live request rate shown while it runs. Close it to end the generator.
 */
public final class GatlingStep implements AutoCloseable {

	/** The generator's main class, in the load module beside the simulations. */
	static final String INJECTOR = "io.latencylab.load.Injector";

	/** A simulation that sends nothing, to prime a generator's JVM (see {@link #prepare}). */
	static final String PRIME = "io.latencylab.load.PrimeSimulation";

	/** What it asks (its lab.prime.urls): each service's readiness. */
	static final String PRIME_URLS = "lab.prime.urls";

	/** The load module's logging configuration, a resource of its jar (load/src/main/resources). */
	static final String LOGGING = "logback-load.xml";

	private final Path project;

	private final InjectorHost place;

	/** The load generator image's classpath (ops/image/load-generator.Dockerfile): its classes and its jars. */
	static final String IMAGE_CLASSPATH = "/app/classes:/app/lib/*";

	/** How long a generator may take to say it is ready (a JVM's start, over ssh or kubectl exec). */
	static final java.time.Duration READY = java.time.Duration.ofMinutes(2);

	/** The generator's files on its ssh host or in its pod; null for a generator on this machine. */
	private final SshWorkspace remote;

	private Process injector;

	private double reportedCpuSeconds;

	private long startedAt;

	private BlockingQueue<String> answers;

	/** Whether the running generator has said "ready". */
	private boolean ready;

	/** Whether the running generator has run {@link #PRIME}. */
	private boolean primed;

	private BufferedWriter commands;

	/**
	 * The generator's own count in its running step, from its progress lines: here, on another host
	 * or in a pod alike, without reading its requests.csv while it measures.
	 */
	private volatile Progress.Counts reported = new Progress.Counts(0, 0);

	public GatlingStep(Path project) {
		this(project, InjectorHost.LOCAL);
	}

	/** A generator started in {@code place}: here, in a network namespace, over ssh or in a pod. */
	public GatlingStep(Path project, InjectorHost place) {
		this.project = project;
		this.place = place;
		this.remote = place.remote() ? new SshWorkspace(place, project) : null;
	}

	/**
	 * @param targets the services' URLs (see Targets); a step's own properties take precedence
	 * @return Gatling's exit code: 0, or 2 when the simulation's assertions failed
	 */
	public int run(Step step, Path stepDir, String runId, Map<String, String> targets, Progress progress)
			throws IOException, InterruptedException {
		return run(step, stepDir, runId, targets, progress, 0);
	}

	/**
	 * As {@link #run(Step, Path, String, Map, Progress)}, the load starting at {@code startAt} (epoch
	 * milliseconds; 0: at once): the instant every injector of a split step is given.
	 */
	public int run(Step step, Path stepDir, String runId, Map<String, String> targets, Progress progress, long startAt)
			throws IOException, InterruptedException {
		Files.createDirectories(stepDir);
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("lab.run.id", runId);
		properties.put("lab.results.dir", stepDir.resolve("lab").toAbsolutePath().toString());
		properties.putAll(targets);
		properties.putAll(step.properties());
		// Gatling's HTML report is written later (writeReports), when nothing is being measured.
		List<String> args = List.of("-s", step.simulation(), "-rf", gatlingDir(stepDir).toString(), "-rd", step.name(),
				"-l", "latency-lab", "--no-reports");
		return send(properties, args, stepDir, startAt, () -> progress.update(this, this.reported));
	}

	/** When the generator started its last step's load, on its own clock (epoch milliseconds); 0 if it did not say. */
	public long startedAt() {
		return this.startedAt;
	}

	/**
	 * Starts the generator's JVM, if it is not running, waits until it says it is ready, and primes
	 * it once (Gatling's engine, its HTTP client and name lookups loaded by a simulation that only
	 * asks each service's readiness): the runner gives a split step's injectors one instant only
	 * once all of them can keep it.
	 */
	public void prepare(Map<String, String> targets) throws IOException, InterruptedException {
		start();
		if (!this.primed) {
			// Its files (Gatling's log, nothing measured) kept apart from every run's.
			Path prime = this.project.resolve("runs").resolve("injectors").resolve(this.place.name()).resolve("prime");
			send(Map.of(PRIME_URLS, String.join(",", readinessUrls(targets))),
					List.of("-s", PRIME, "-rf", gatlingDir(prime).toString(), "--no-reports"), prime, 0, () -> {
					});
			this.primed = true;
		}
	}

	/** Each service's readiness address among these targets: what a run's start asks (its prime). */
	static List<String> readinessUrls(Map<String, String> targets) {
		return Targets.SERVICE.keySet()
			.stream()
			.map((target) -> targets.get(target.name()))
			.filter(java.util.Objects::nonNull)
			.map((url) -> url + "/actuator/health/readiness")
			.sorted()
			.toList();
	}

	private void start() throws IOException, InterruptedException {
		Process generator = injector();
		long deadline = System.nanoTime() + READY.toNanos();
		while (!this.ready) {
			String line = this.answers.poll(1, TimeUnit.SECONDS);
			if (InjectorAnswer.READY.equals(line)) {
				this.ready = true;
			}
			else if (line == null && !generator.isAlive()) {
				this.injector = null;
				throw new IOException("the load generator (" + this.place.describe() + ") ended (exit " + generator.exitValue()
						+ ") as it started; see " + this.project.relativize(injectorLog()));
			}
			else if (System.nanoTime() > deadline) {
				throw new IOException("the load generator (" + this.place.describe() + ") was not ready after "
						+ READY.toSeconds() + " s; see " + this.project.relativize(injectorLog()));
			}
		}
	}

	/**
	 * Gatling's own HTML report of each step from its simulation.log, after the run's last step,
	 * so that writing them takes no CPU from a measured step.
	 */
	public void writeReports(List<Path> stepDirs) throws IOException, InterruptedException {
		for (Path stepDir : stepDirs) {
			Path results = gatlingDir(stepDir);
			try (Stream<Path> runs = Files.isDirectory(results) ? Files.list(results) : Stream.empty()) {
				for (Path run : runs.filter((d) -> Files.exists(d.resolve("simulation.log"))).toList()) {
					send(Map.of(), List.of("-rf", results.toString(), "-ro", run.getFileName().toString()), stepDir, 0, () -> {
					});
				}
			}
		}
	}

	private static Path gatlingDir(Path stepDir) {
		return stepDir.resolve("gatling").toAbsolutePath();
	}

	/**
	 * One command to the generator; waits for its answer, calling {@code whileWaiting} each second.
	 * A generator over ssh gets the host's paths, and the step's folder is fetched back after it.
	 */
	private int send(Map<String, String> properties, List<String> args, Path stepDir, long startAt, Runnable whileWaiting)
			throws IOException, InterruptedException {
		Process generator = injector();
		Map<String, String> sent = new LinkedHashMap<>(properties);
		List<String> sentArgs = new ArrayList<>(args);
		String log = stepDir.resolve("gatling.log").toAbsolutePath().toString();
		if (this.remote != null) {
			sent.replaceAll((key, value) -> this.remote.remote(value, this.project));
			sentArgs.replaceAll((arg) -> this.remote.remote(arg, this.project));
			// The generator makes the step's folder there, its log's.
			log = this.remote.remote(log, this.project);
		}
		this.reported = new Progress.Counts(0, 0);
		try {
			this.commands.write(new InjectorCommand(sent, sentArgs, log, startAt).line());
			this.commands.newLine();
			this.commands.flush();
		}
		catch (IOException ex) {
			// It ended before it read the step: the reason is in its log, not in the closed pipe.
			this.injector = null;
			throw new IOException("the load generator (" + this.place.describe() + ") ended before "
					+ stepDir.getFileName() + "; see " + this.project.relativize(injectorLog()), ex);
		}
		String answer;
		while ((answer = this.answers.poll(1, TimeUnit.SECONDS)) == null || !InjectorAnswer.isAnswer(answer)) {
			if (InjectorAnswer.READY.equals(answer)) {
				this.ready = true;
			}
			if (answer != null && InjectorProgress.isProgress(answer)) {
				InjectorProgress counted = InjectorProgress.parse(answer);
				this.reported = new Progress.Counts(counted.requests(), counted.errors());
			}
			if (answer == null && !generator.isAlive()) {
				this.injector = null;
				throw new IOException("the load generator ended (exit " + generator.exitValue() + ") in "
						+ stepDir.getFileName() + "; see " + this.project.relativize(injectorLog()));
			}
			whileWaiting.run();
		}
		if (this.remote != null) {
			this.remote.fetch(stepDir);
		}
		whileWaiting.run();
		InjectorAnswer answered = InjectorAnswer.parse(answer);
		answered.cpu().ifPresent((cpu) -> this.reportedCpuSeconds = cpu);
		this.startedAt = answered.startedAt();
		return answered.exit();
	}

	/**
	 * The generator's CPU seconds so far: from its process here, or, for one over ssh, as it reported
	 * at the end of its last command; 0 before it started.
	 */
	public double generatorCpuSeconds() {
		if (this.remote != null) {
			return this.reportedCpuSeconds;
		}
		return generator().flatMap((p) -> p.info().totalCpuDuration()).map((d) -> d.toNanos() / 1e9).orElse(0.0);
	}

	/**
	 * The load generator's process, while it runs: its CPU time is the lab's own cost. Empty for one
	 * over ssh (the process here is ssh's; the generator's own CPU is in each step's summary.json).
	 */
	public Optional<ProcessHandle> generator() {
		return Optional.ofNullable(this.injector)
			.filter((p) -> this.remote == null)
			.map(Process::toHandle)
			.filter(ProcessHandle::isAlive);
	}

	private Process injector() throws IOException, InterruptedException {
		if (this.injector != null && this.injector.isAlive()) {
			return this.injector;
		}
		LabCa ca = LabCa.in(this.project.resolve("data/tls"));
		boolean inPod = this.place.placement() == InjectorHost.Placement.POD;
		// A pod runs the load generator's image, whose classes and jars are its own.
		List<Path> classpath = inPod ? List.of() : classpath();
		List<String> command = new ArrayList<>();
		command.add((this.remote == null) ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : this.place.java());
		// The JVM options the Gatling Maven plugin starts Gatling with.
		command.addAll(List.of("-Xmx1G", "-XX:+UseG1GC", "-XX:+ParallelRefProcEnabled", "-XX:MaxInlineLevel=20",
				"-XX:MaxTrivialSize=12", "--add-opens=java.base/java.lang=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED"));
		String trustStore = ca.trustStore().toString();
		String cp = String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList());
		if (this.remote != null) {
			List<Path> files = new ArrayList<>(classpath);
			files.add(ca.trustStore());
			this.remote.ship(files);
			trustStore = this.remote.remote(ca.trustStore());
			cp = inPod ? IMAGE_CLASSPATH : String.join(File.pathSeparator, classpath.stream().map(this.remote::remote).toList());
		}
		// HTTPS trusts the lab's own CA and nothing else: Gatling's default trusts every certificate.
		// Warnings only: without a configuration of its own logback logged the first step's requests at DEBUG.
		command.add("-Dlogback.configurationFile=" + LOGGING);
		command.addAll(List.of("-Dgatling.ssl.useInsecureTrustManager=false", "-Dgatling.ssl.trustStore.type=PKCS12",
				"-Dgatling.ssl.trustStore.file=" + trustStore,
				"-Dgatling.ssl.trustStore.password=" + LabCa.TRUST_STORE_PASSWORD));
		command.add("-cp");
		command.add(cp);
		command.add(INJECTOR);
		Files.createDirectories(injectorLog().getParent());
		this.injector = new ProcessBuilder(this.place.wrap(command)).directory(this.project.toFile())
			.redirectError(ProcessBuilder.Redirect.appendTo(injectorLog().toFile()))
			.start();
		this.ready = false;
		this.primed = false;
		this.commands = new BufferedWriter(new OutputStreamWriter(this.injector.getOutputStream(), StandardCharsets.UTF_8));
		BlockingQueue<String> lines = new LinkedBlockingQueue<>();
		this.answers = lines;
		BufferedReader out = new BufferedReader(new InputStreamReader(this.injector.getInputStream(), StandardCharsets.UTF_8));
		Thread.ofPlatform().daemon().name("load-generator-answers").start(() -> {
			try {
				for (String line = out.readLine(); line != null; line = out.readLine()) {
					lines.add(line);
				}
			}
			catch (IOException ex) {
				// The generator ended; run() sees it.
			}
		});
		return this.injector;
	}

	private Path injectorLog() {
		return this.project.resolve("runs").resolve("load-generator.log");
	}

	@Override
	public void close() throws InterruptedException {
		if (this.injector == null) {
			return;
		}
		try {
			this.commands.close();
		}
		catch (IOException ex) {
			// Ended already.
		}
		if (!this.injector.waitFor(10, TimeUnit.SECONDS)) {
			this.injector.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
		this.injector = null;
	}

	/** The load generator's classpath: the load module's classes and the jars Maven listed for it. */
	private List<Path> classpath() throws IOException {
		Path target = this.project.resolve("load/target");
		Path dependencies = target.resolve("load.classpath");
		if (!Files.exists(dependencies) || !Files.isDirectory(target.resolve("classes"))) {
			throw new IllegalStateException("the load module is not built: run ./mvnw -DskipTests package first");
		}
		List<Path> classpath = new ArrayList<>(List.of(target.resolve("classes")));
		for (String jar : Files.readString(dependencies).strip().split(File.pathSeparator)) {
			classpath.add(Path.of(jar));
		}
		return classpath;
	}

}
