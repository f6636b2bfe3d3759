package io.latencylab.lab;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.latencylab.observability.Span;

/**
 * Runs an experiment's plan against a deployment that is up: every step in turn, with resource
 * sampling around them all and the traces of each step collected after it, into runs/&lt;run-id&gt;/.
 */
public final class LabRun {

	/** Traces kept per request group and step: enough for a p99, small enough to store. */
	static final int TRACES_PER_GROUP = 1000;

	static final Duration TRACE_WAIT = Duration.ofSeconds(30);

	private final Path project;

	private final Deployment deployment;

	private final PrintStream out;

	public LabRun(Path project, Deployment deployment, PrintStream out) {
		this.project = project;
		this.deployment = deployment;
		this.out = out;
	}

	/** @return the run's folder */
	public Path run(Experiment experiment, boolean full, List<String> injections, boolean warmUp)
			throws IOException, InterruptedException {
		List<Step> steps = new ArrayList<>(experiment.steps(full));
		if (warmUp) {
			steps.addFirst(experiment.warmUp(full));
		}
		Instant start = Instant.now();
		String runId = experiment.name() + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
		Path runDir = this.project.resolve("runs").resolve(runId);
		Files.createDirectories(runDir);
		Manifest manifest = new Manifest(runId, experiment.name(), experiment.seed(), full, this.deployment.mode(),
				injections, Manifest.commitOf(this.project), Manifest.thisMachine(), start.toString(), null, null, List.of());
		manifest.write(runDir);
		this.out.printf(Locale.ROOT, "Run %s: %d steps, about %s%n", runId, steps.size(),
				Progress.clock(Progress.estimate(steps)));
		Progress progress = new Progress(steps, this.out);
		GatlingStep gatling = new GatlingStep(this.project);
		Traces traces = this.deployment.traces();
		try (ResourceSampler sampler = new ResourceSampler(this.deployment, runDir.resolve("resources.csv"))) {
			for (int i = 0; i < steps.size(); i++) {
				Step step = steps.get(i);
				int number = warmUp ? i : i + 1;
				String folder = String.format(Locale.ROOT, "steps/%02d-%s", number, step.name());
				Path stepDir = runDir.resolve(folder);
				progress.startStep(i);
				traces.mark();
				Instant stepStart = Instant.now();
				int exit = gatling.run(step, stepDir, runId, Map.of(), progress);
				Instant stepEnd = Instant.now();
				List<Request> requests = GatlingStep.requestsCsv(stepDir).map(LabRun::readQuietly).orElse(List.of());
				long errors = requests.stream().filter((r) -> !r.ok()).count();
				if (warmUp && i == 0) {
					// Its traces are not needed: it only warms the services up.
					manifest = manifest.withWarmUp(new Manifest.StepRecord(0, step.name(), step.simulation(), step.properties(),
							folder, stepStart.toString(), stepEnd.toString(), exit, requests.size(), errors, 0, 0));
					manifest.write(runDir);
					progress.endStep(String.format(Locale.ROOT, "warmed up: %,d requests", requests.size()));
					continue;
				}
				Map<String, String> wanted = sampleTraces(requests, TRACES_PER_GROUP);
				List<Span> spans = traces.collect(wanted, TRACE_WAIT);
				writeSpans(spans, stepDir.resolve("spans.jsonl"));
				int found = Traces.rooted(spans, wanted).size();
				manifest = manifest.withStep(new Manifest.StepRecord(number, step.name(), step.simulation(), step.properties(),
						folder, stepStart.toString(), stepEnd.toString(), exit, requests.size(), errors, wanted.size(), found));
				manifest.write(runDir);
				progress.endStep(String.format(Locale.ROOT, "%s: %,d requests, %,d errors, %d of %d sampled traces collected%s",
						exit == 0 ? "done" : "FAILED (Gatling exit " + exit + ", see " + folder + "/gatling.log)",
						requests.size(), errors, found, wanted.size(), found < wanted.size() ? " (some spans did not arrive)" : ""));
			}
		}
		manifest = manifest.ended(Instant.now().toString());
		manifest.write(runDir);
		this.out.println("\nRun took " + Progress.clock(progress.elapsed()) + "; writing the report");
		return runDir;
	}

	/**
	 * The requests whose traces are collected: every one that got an answer, or an even spread of
	 * {@code perGroup} of them in a larger group. Trace id → the span id it was sent as.
	 */
	public static Map<String, String> sampleTraces(List<Request> requests, int perGroup) {
		Map<String, List<Request>> byGroup = requests.stream()
			.filter((r) -> r.status() != 0 && !r.parentSpanId().isEmpty())
			.collect(Collectors.groupingBy(Request::group, LinkedHashMap::new, Collectors.toList()));
		Map<String, String> wanted = new LinkedHashMap<>();
		byGroup.values().forEach((group) -> {
			double stride = Math.max(1.0, group.size() / (double) perGroup);
			for (double i = 0; i < group.size(); i += stride) {
				Request request = group.get((int) i);
				wanted.put(request.traceId(), request.parentSpanId());
			}
		});
		return wanted;
	}

	static void writeSpans(List<Span> spans, Path file) throws IOException {
		try (BufferedWriter writer = Files.newBufferedWriter(file)) {
			for (Span span : spans) {
				writer.write(Manifest.JSON.writeValueAsString(span));
				writer.write('\n');
			}
		}
	}

	static List<Span> readSpans(Path file) throws IOException {
		List<Span> spans = new ArrayList<>();
		if (Files.exists(file)) {
			for (String line : Files.readAllLines(file)) {
				if (!line.isBlank()) {
					spans.add(Manifest.JSON.readValue(line, Span.class));
				}
			}
		}
		return spans;
	}

	private static List<Request> readQuietly(Path csv) {
		try {
			return Request.read(csv);
		}
		catch (IOException ex) {
			return List.of();
		}
	}

}
