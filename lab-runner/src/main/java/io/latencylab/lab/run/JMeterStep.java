package io.latencylab.lab.run;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.latencylab.lab.results.RunFolder;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.lab.traces.AppendedLines;
import io.latencylab.observability.Request;
import io.latencylab.plan.JMeterLoad;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * Runs a JMeter step: Apache JMeter, embedded in a JVM of its own (module load-jmeter), on the
 * step's .jmx, pointed at the step's target with -Jhost, -Jport and -Jprotocol and sized with
 * -Jusers, -JrampSeconds and -JdurationSeconds. Its samples land in the step's lab/ folder as a
 * simulation's requests do, so that the report, the traces and the decomposition read them alike;
 * JMeter's own results.jtl, jmeter.log and the changes the lab made to the plan go to jmeter/.
 */
public final class JMeterStep {

	static final String MAIN = "io.latencylab.load.jmeter.JMeterPlanRun";

	/** Past the plan's own time: JMeter's start (a few seconds) and the last users' last requests. */
	static final Duration GRACE = Duration.ofSeconds(90);

	/** The exit code of a step JMeter did not end in time, as timeout(1) reports it. */
	static final int TIMED_OUT = 124;

	private JMeterStep() {
	}

	/** The process's exit code and the CPU seconds it took. */
	public record Result(int exit, double cpuSeconds) {
	}

	/**
	 * @param place where JMeter runs: here or in a network namespace (never over ssh: the plan,
	 * its results and JMeter's classpath are files of this machine)
	 */
	public static Result run(Path project, Step step, Path stepDir, String runId, Map<String, String> targets,
			InjectorHost place, Progress progress) throws IOException, InterruptedException {
		Files.createDirectories(stepDir);
		Parameters p = step.parameters();
		String plan = p.get(JMeterLoad.PLAN, null);
		if (plan == null) {
			throw new IllegalArgumentException("step " + step.name() + " names no plan (" + JMeterLoad.PLAN.name() + ")");
		}
		Path planFile = project.resolve(plan);
		String base = targets.get(p.get(JMeterLoad.TARGET, ""));
		if (base == null) {
			throw new IllegalArgumentException("step " + step.name() + ": no target " + p.get(JMeterLoad.TARGET, "(none)"));
		}
		URI target = URI.create(base);
		Duration ramp = p.get(JMeterLoad.RAMP, Duration.ofSeconds(5));
		Duration duration = p.get(JMeterLoad.DURATION, Duration.ofSeconds(20));
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx1G", "-XX:+UseG1GC", "-Dlab.run.id=" + runId,
				"-Dlab.results.dir=" + stepDir.resolve("lab").toAbsolutePath(),
				"-D" + JMeterLoad.OUTPUT.name() + "=" + stepDir.resolve("jmeter").toAbsolutePath()));
		for (Parameter<?> parameter : List.<Parameter<?>>of(JMeterLoad.POPULATION, JMeterLoad.AS_WRITTEN)) {
			String value = step.properties().get(parameter.name());
			if (value != null) {
				command.add("-D" + parameter.name() + "=" + value);
			}
		}
		command.addAll(List.of("-cp", classpath(project), MAIN, planFile.toAbsolutePath().toString(),
				"-Jprotocol=" + target.getScheme(), "-Jhost=" + target.getHost(), "-Jport=" + target.getPort(),
				"-Jusers=" + p.get(JMeterLoad.USERS, 10),
				"-JrampSeconds=" + ramp.toSeconds(),
				// A JMeter thread group's duration counts from its start, the ramp included.
				"-JdurationSeconds=" + ramp.plus(duration).toSeconds()));
		for (String property : p.get(JMeterLoad.PROPERTIES, List.<String>of())) {
			command.add("-J" + property);
		}
		Process jmeter = new ProcessBuilder(place.wrap(command)).directory(project.toFile())
			.redirectErrorStream(true)
			.redirectOutput(stepDir.resolve("jmeter.log").toFile())
			.start();
		RequestTail tail = new RequestTail(stepDir);
		long deadline = System.nanoTime() + ramp.plus(duration).plus(GRACE).toNanos();
		double cpu = 0;
		try {
			while (!jmeter.waitFor(1, TimeUnit.SECONDS)) {
				cpu = cpuSeconds(jmeter).orElse(cpu);
				progress.update(tail.poll());
				if (System.nanoTime() > deadline) {
					return new Result(TIMED_OUT, cpu);
				}
			}
			progress.update(tail.poll());
			return new Result(jmeter.exitValue(), cpu);
		}
		finally {
			// Whatever ended the wait, no JMeter outlives its step.
			if (jmeter.isAlive()) {
				jmeter.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
	}

	/**
	 * A step for a user's own plan against one of the lab's services ({@code ./lab run jmeter
	 * --jmeter-plan}): the plan's host, port and protocol are the service's, its users, ramp and
	 * duration the lab's defaults unless {@code properties} set them (users, rampSeconds,
	 * durationSeconds). A plan still running {@link #GRACE} after that is stopped: a plan that
	 * sets its own longer time needs durationSeconds to say it.
	 *
	 * @throws IllegalArgumentException for an unknown service or a malformed users, rampSeconds or durationSeconds
	 */
	public static Step userPlan(Path plan, String service, Map<String, String> properties) {
		Parameter<String> target = Targets.SERVICE.entrySet()
			.stream()
			.filter((e) -> e.getValue().equals(service))
			.map(Map.Entry::getKey)
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no service " + service + "; one of "
					+ new java.util.TreeSet<>(Targets.SERVICE.values())));
		String name = plan.getFileName().toString().replaceFirst("\\.jmx$", "");
		Map<String, String> rest = new java.util.LinkedHashMap<>(properties);
		// The three the lab sets itself are its step's own: the step's length (and the time it is
		// allowed, GRACE beyond it) follows them.
		int users = Integer.parseInt(rest.getOrDefault("users", "20").strip());
		Duration ramp = Duration.ofSeconds(Long.parseLong(rest.getOrDefault("rampSeconds", "5").strip()));
		Duration total = Duration.ofSeconds(Long.parseLong(rest.getOrDefault("durationSeconds", "25").strip()));
		if (users < 1 || ramp.isNegative() || total.compareTo(ramp) < 0) {
			throw new IllegalArgumentException("users must be 1 or more and durationSeconds at least rampSeconds");
		}
		List.of("users", "rampSeconds", "durationSeconds").forEach(rest::remove);
		List<String> pairs = new ArrayList<>();
		rest.forEach((key, value) -> pairs.add(key + "=" + value));
		JMeterLoad load = new JMeterLoad(plan.toAbsolutePath().toString(), target, users, ramp, total.minus(ramp));
		return load.step("jmeter-" + name).set(JMeterLoad.PROPERTIES, pairs).lasting(total);
	}

	private static Optional<Double> cpuSeconds(Process process) {
		return process.toHandle().info().totalCpuDuration().map((d) -> d.toNanos() / 1e9);
	}

	private static String classpath(Path project) throws IOException {
		Path target = project.resolve("load-jmeter/target");
		Path dependencies = target.resolve("jmeter.classpath");
		if (!Files.exists(dependencies) || !Files.isDirectory(target.resolve("classes"))) {
			throw new IllegalStateException("the load-jmeter module is not built: run ./mvnw -DskipTests package first");
		}
		return target.resolve("classes") + File.pathSeparator + Files.readString(dependencies).strip();
	}

	/** Counts the lines a running step appends to its requests.csv. */
	static final class RequestTail {

		private final Path stepDir;

		private AppendedLines csv;

		private long requests;

		private long errors;

		RequestTail(Path stepDir) {
			this.stepDir = stepDir;
		}

		Progress.Counts poll() {
			try {
				if (this.csv == null) {
					// The simulation makes the file when it starts.
					this.csv = RunFolder.requestsCsv(this.stepDir).map((file) -> new AppendedLines(file, 0)).orElse(null);
				}
				if (this.csv != null) {
					for (String line : this.csv.read().split("\n")) {
						Request request = Request.parse(line);
						if (request != null) {
							this.requests++;
							this.errors += request.ok() ? 0 : 1;
						}
					}
				}
			}
			catch (IOException ex) {
				// Shown as no progress; the step's own result decides.
			}
			return new Progress.Counts(this.requests, this.errors);
		}

	}

}
