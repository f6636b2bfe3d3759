package io.latencylab.lab.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.latencylab.lab.plan.Step;
import io.latencylab.lab.traces.AppendedLines;
import io.latencylab.observability.Request;

/**
 * Runs one step: Gatling in a JVM of its own (as the Maven plugin runs it), with the step's
 * properties, its results in the step's folder, and the live request rate shown while it runs.
 */
public final class GatlingStep {

	private final Path project;

	public GatlingStep(Path project) {
		this.project = project;
	}

	/**
	 * @param targets the services' URLs (see Targets); a step's own properties take precedence
	 * @return Gatling's exit code: 0, or 2 when the simulation's assertions failed
	 */
	public int run(Step step, Path stepDir, String runId, Map<String, String> targets, Progress progress)
			throws IOException, InterruptedException {
		Files.createDirectories(stepDir);
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		// The JVM options the Gatling Maven plugin starts Gatling with.
		command.addAll(List.of("-Xmx1G", "-XX:+UseG1GC", "-XX:+ParallelRefProcEnabled", "-XX:MaxInlineLevel=20",
				"-XX:MaxTrivialSize=12", "--add-opens=java.base/java.lang=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED"));
		command.add("-cp");
		command.add(classpath());
		command.add("-Dlab.run.id=" + runId);
		command.add("-Dlab.results.dir=" + stepDir.resolve("lab").toAbsolutePath());
		targets.forEach((key, value) -> command.add("-D" + key + "=" + value));
		step.properties().forEach((key, value) -> command.add("-D" + key + "=" + value));
		command.addAll(List.of("io.gatling.app.Gatling", "-s", step.simulationClass(), "-rf",
				stepDir.resolve("gatling").toAbsolutePath().toString(), "-rd", step.name(), "-l", "latency-lab"));
		Path log = stepDir.resolve("gatling.log");
		Process gatling = new ProcessBuilder(command).directory(this.project.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		RequestTail tail = new RequestTail(stepDir);
		while (!gatling.waitFor(1, TimeUnit.SECONDS)) {
			progress.update(tail.poll());
		}
		progress.update(tail.poll());
		return gatling.exitValue();
	}

	/** The requests.csv the step wrote. */
	public static Optional<Path> requestsCsv(Path stepDir) throws IOException {
		Path lab = stepDir.resolve("lab");
		if (!Files.isDirectory(lab)) {
			return Optional.empty();
		}
		try (Stream<Path> files = Files.walk(lab, 2)) {
			return files.filter((f) -> f.getFileName().toString().equals("requests.csv")).findFirst();
		}
	}

	private String classpath() throws IOException {
		Path target = this.project.resolve("load/target");
		Path dependencies = target.resolve("lab.classpath");
		if (!Files.exists(dependencies) || !Files.isDirectory(target.resolve("test-classes"))) {
			throw new IllegalStateException("the load module is not built: run ./mvnw -DskipTests package first");
		}
		return target.resolve("test-classes") + File.pathSeparator + target.resolve("classes") + File.pathSeparator
				+ Files.readString(dependencies).strip();
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
					this.csv = requestsCsv(this.stepDir).map((file) -> new AppendedLines(file, 0)).orElse(null);
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
