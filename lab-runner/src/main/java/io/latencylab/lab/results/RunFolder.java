package io.latencylab.lab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

import io.latencylab.plan.JMeterLoad;
import tools.jackson.databind.JsonNode;

/**
 * A run's folder, runs/&lt;run-id&gt;/, and everything in it by name: the manifest and the keys the
 * runner adds to its records, the resource samples, each step's folder with what its load
 * generator and the traces left there, the report. The runner writes through it and the report
 * reads through it, so neither spells a file name the other must match.
 */
public record RunFolder(Path dir) {

	/** Where the warm-up's record in the manifest says how it settled ({@code Settling.text()}). */
	public static final String SETTLED = "lab.warmup.settled";

	/** Where the warm-up's record keeps each target's windows ({@code Settling.property()}). */
	public static final String SETTLING = "lab.warmup.windows";

	/** Where the warm-up's record keeps what warming its targets from cold takes on this machine ({@code Warmth.describeEstimate}). */
	public static final String TIME_TO_STEADY = "lab.warmup.time-to-steady";

	/** Where the warm-up's record keeps the machine's noise it measured at each clients ({@code Settling.noiseProperty()}). */
	public static final String NOISE = "lab.warmup.noise";

	/** A step record's: the bands its traces were sampled for and its report cuts it into (Bands.spec). */
	public static final String BANDS = "lab.bands";

	public static final String MANIFEST = "manifest.json";

	/** A step's file of what the outside client (wrk) measured. */
	public static final String OUTSIDE_RESULT = "outside.json";

	/** A step's folder of its injectors' own records, one folder an injector. */
	public static final String INJECTORS = "injectors";

	/** The folder of a new run of {@code plan} under the project's runs/, named by the plan and its start. */
	public static RunFolder create(Path project, String plan, Instant start) throws IOException {
		String runId = plan + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
		return new RunFolder(Files.createDirectories(project.resolve("runs").resolve(runId)));
	}

	/** Whether {@code dir} holds a run (its manifest). */
	public static boolean holdsRun(Path dir) {
		return Files.exists(dir.resolve(MANIFEST));
	}

	public String runId() {
		return this.dir.getFileName().toString();
	}

	public Path manifest() {
		return this.dir.resolve(MANIFEST);
	}

	/** Every service's CPU and memory, sampled over the run. */
	public Path resources() {
		return this.dir.resolve("resources.csv");
	}

	/** A step's folder, relative to the run's, as its manifest record keeps it. */
	public static String stepFolder(int number, String step) {
		return String.format(Locale.ROOT, "steps/%02d-%s", number, step);
	}

	public Path step(String folder) {
		return this.dir.resolve(folder);
	}

	public Path charts() {
		return this.dir.resolve("charts");
	}

	public Path reportMarkdown() {
		return this.dir.resolve("report.md");
	}

	public Path reportHtml() {
		return this.dir.resolve("report.html");
	}

	/** The spans of a step's sampled traces. */
	public static Path spans(Path stepDir) {
		return stepDir.resolve("spans.jsonl");
	}

	/** What the JMeter step changed in the user's plan to run it, one line each; none for other steps. */
	public static List<String> jmeterChanges(Path stepDir) throws IOException {
		Path file = stepDir.resolve("jmeter").resolve(JMeterLoad.CHANGES);
		return Files.exists(file) ? Files.readAllLines(file).stream().filter((line) -> !line.isBlank()).toList() : List.of();
	}

	/** What the outside client (wrk) measured in a step, if it ran. */
	public static Optional<JsonNode> outsideResult(Path stepDir) {
		Path file = stepDir.resolve(OUTSIDE_RESULT);
		return Files.exists(file) ? Optional.of(Manifest.JSON.readTree(file.toFile())) : Optional.empty();
	}

	/**
	 * Every requests.csv of a step: its own, or, for a step split over several injectors, each
	 * injector's (under injectors/NAME), in the injectors' order.
	 */
	public static List<Path> requestsCsvs(Path stepDir) throws IOException {
		Optional<Path> own = requestsCsv(stepDir);
		if (own.isPresent()) {
			return List.of(own.get());
		}
		Path injectors = stepDir.resolve(INJECTORS);
		if (!Files.isDirectory(injectors)) {
			return List.of();
		}
		List<Path> csvs = new ArrayList<>();
		try (Stream<Path> dirs = Files.list(injectors)) {
			for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
				requestsCsv(dir).ifPresent(csvs::add);
			}
		}
		return csvs;
	}

	/** The requests.csv the step wrote (the load generator's recorder, under lab/). */
	public static Optional<Path> requestsCsv(Path stepDir) throws IOException {
		Path lab = stepDir.resolve("lab");
		if (!Files.isDirectory(lab)) {
			return Optional.empty();
		}
		try (Stream<Path> files = Files.walk(lab, 2)) {
			return files.filter((f) -> f.getFileName().toString().equals("requests.csv")).findFirst();
		}
	}

	/** The load generator's summary beside a requests.csv: its CPU and its schedule. */
	public static Path summary(Path requestsCsv) {
		return requestsCsv.resolveSibling("summary.json");
	}

}
