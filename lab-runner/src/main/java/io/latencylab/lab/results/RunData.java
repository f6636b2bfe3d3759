package io.latencylab.lab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.latencylab.lab.traces.Traces;
import io.latencylab.observability.BandDecomposition;
import io.latencylab.observability.Bands;
import io.latencylab.observability.GroupDecomposition;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Request;
import io.latencylab.observability.Span;
import io.latencylab.observability.WhatIf;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Step;
import tools.jackson.databind.JsonNode;

/** A run read back from its folder: the manifest, and every step's requests, spans and figures. */
public record RunData(Path dir, Manifest manifest, List<StepData> steps, List<ResourceRow> resources) {

	/** One step's data and what the report computes from it. */
	public record StepData(Manifest.StepRecord record, List<Request> requests, List<GroupStats> stats,
			List<GroupDecomposition> decomposition, Bands bands, List<BandDecomposition> byBand, Optional<JsonNode> sweep,
			List<WhatIf.Sensitivity> whatIf) {

		/** The parameters the step ran with, read through their typed names. */
		public Parameters parameters() {
			return Parameters.of(this.record.properties());
		}

		public String simulation() {
			return this.record.simulation();
		}

	}

	/** The parts per group the report projects gone and doubled: the largest. */
	public static final int WHAT_IF_PARTS = 3;

	/** One line of resources.csv. */
	public record ResourceRow(long epochMillis, String service, double cpuPercent, double memoryMib) {
	}

	/** A run with each step's bands those it was sampled for (the default in runs from before bands). */
	public static RunData read(Path dir) throws IOException {
		return read(dir, Optional.empty());
	}

	/** A run with every step cut into {@code bands} where given. */
	public static RunData read(Path dir, Optional<Bands> bands) throws IOException {
		if (!RunFolder.holdsRun(dir)) {
			throw new IllegalArgumentException(dir + " holds no run (no manifest.json)");
		}
		Manifest manifest = Manifest.read(dir);
		List<StepData> steps = new ArrayList<>();
		for (Manifest.StepRecord record : manifest.steps()) {
			Path stepDir = dir.resolve(record.folder());
			List<Path> csvs = RunFolder.requestsCsvs(stepDir);
			Optional<Path> csv = csvs.stream().findFirst();
			List<Request> requests = new ArrayList<>();
			for (Path each : csvs) {
				requests.addAll(Request.read(each));
			}
			List<Span> spans = Traces.read(RunFolder.spans(stepDir));
			Optional<JsonNode> sweep = csv.map((c) -> c.resolveSibling("sweep.json"))
				.filter(Files::exists)
				.map((f) -> Manifest.JSON.readTree(f.toFile()));
			Bands stepBands = bands.orElseGet(() -> Optional.ofNullable(record.properties().get(RunFolder.BANDS))
				.map(Bands::parse)
				.orElse(Bands.DEFAULT));
			List<GroupDecomposition> decomposition = GroupDecomposition.of(requests, spans);
			steps.add(new StepData(record, requests, GroupStats.byGroup(requests), decomposition, stepBands,
					BandDecomposition.of(requests, spans, stepBands), sweep,
					WhatIf.sensitivities(requests, spans, stepBands, decomposition, WHAT_IF_PARTS)));
		}
		return new RunData(dir, manifest, steps, resources(new RunFolder(dir).resources()));
	}

	private static List<ResourceRow> resources(Path csv) throws IOException {
		List<ResourceRow> rows = new ArrayList<>();
		if (!Files.exists(csv)) {
			return rows;
		}
		List<String> lines = Files.readAllLines(csv);
		for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
			String[] f = line.split(",");
			if (f.length == 4) {
				rows.add(new ResourceRow(Long.parseLong(f[0]), f[1], Double.parseDouble(f[2]), Double.parseDouble(f[3])));
			}
		}
		return rows;
	}

	/** The steps of an outside client, by its name ({@link io.latencylab.plan.OutsideLoad#CLIENT}). */
	public List<StepData> stepsOf(String client) {
		return this.steps.stream().filter((s) -> s.simulation().equals(client)).toList();
	}

	public List<StepData> stepsOf(Class<?> simulation) {
		return this.steps.stream().filter((s) -> Step.runs(s.simulation(), simulation)).toList();
	}

	/** The step's spans, read again from its folder (the step's figures above were computed from them). */
	public List<Span> spans(StepData step) throws IOException {
		return Traces.read(RunFolder.spans(this.dir.resolve(step.record().folder())));
	}

	/** A file a simulation wrote beside the step's requests.csv, when it did. */
	public Optional<Path> besideRequests(StepData step, String name) throws IOException {
		return RunFolder.requestsCsvs(this.dir.resolve(step.record().folder())).stream()
			.findFirst()
			.map((csv) -> csv.resolveSibling(name))
			.filter(Files::exists);
	}

}
