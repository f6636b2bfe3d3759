package io.latencylab.lab.study.azure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.load.azure.QueueOperations;
import io.latencylab.load.operation.ConcurrencySweepSimulation;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.plan.Operation;
import tools.jackson.databind.JsonNode;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.num;

/** Seed 002's queue tables: each operation's latency by message size, the queue's length, ours beside §3.3's. */
final class QueueTables {

	private QueueTables() {
	}

	/**
	 * §3.3: Add, Peek and Receive on one shared queue against clients, per message size: Figure 3's
	 * per-client rates at 512 B, Table 3's peaks beside the study's, and each queue's length.
	 */
	static void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = run.stepsOf(ConcurrencySweepSimulation.class)
			.stream()
			.filter((step) -> SweepLoad.from(step.parameters()).operation().isQueue() && step.sweep().isPresent())
			.toList();
		if (steps.isEmpty()) {
			return;
		}
		Published.Figure table3 = AzureStudy.PUBLISHED.figure("Table 3");
		Published.Figure figure3 = AzureStudy.PUBLISHED.figure("Figure 3");
		String storage = steps.getFirst().sweep().get().path("storage").asString("");
		doc.heading(2, "Seed 002 §3.3: queue Add, Peek and Receive against clients (Figure 3, Table 3)");
		doc.text("The study's worker roles, 1 to 192, shared one Azure queue: Add (Put Message), Peek (Peek Messages) and "
				+ "Receive (Get Messages), messages of 512 B to 8 KB. Ours: " + storage + ", one queue a message size, N "
				+ "Gatling clients each sending its next request when the last is answered, each request signed with the "
				+ "account's Shared Key as the Azure SDK signs it. Receive takes one message and hides it for an hour "
				+ "without deleting it (a delete is a second operation, which the study did not time). Peek and Receive "
				+ "start on the messages Add left, topped up before the step to " + count(QueueOperations.PREFILL)
				+ " when fewer; the queue's length before and after each step is below, and a Receive that found the queue "
				+ "empty is counted. Source: " + AzureStudy.PUBLISHED.paper() + ".");
		Map<Operation, Map<Integer, String>> peaks = new TreeMap<>();
		Map<String, List<double[]>> perClient = new LinkedHashMap<>();
		List<List<String>> lengths = new ArrayList<>();
		List<List<String>> figure3Rows = new ArrayList<>();
		Map<Operation, Map<Integer, String>> byLength = new TreeMap<>();
		SortedSet<Integer> queueLengths = new TreeSet<>();
		for (StepData step : steps) {
			SweepLoad load = SweepLoad.from(step.parameters());
			JsonNode sweep = step.sweep().get();
			int length = sweep.path("queueLength").asInt(0);
			if (length > 0) {
				JsonNode one = sweep.path("steps").path(0);
				queueLengths.add(length);
				byLength.computeIfAbsent(load.operation(), (k) -> new TreeMap<>())
					.put(length, String.format(Locale.ROOT, "%s (%s ms)", num(one.path("aggregatePerSec").asDouble()),
							ms(one.path("meanMs").asDouble())));
				lengths.add(List.of(step.record().name(), count(sweep.path("queueLengthBefore").asLong()),
						count(sweep.path("queueLengthAfter").asLong()), count(sweep.path("emptyReceives").asLong())));
				continue;
			}
			peaks.computeIfAbsent(load.operation(), (k) -> new TreeMap<>())
				.put(load.entityBytes(), String.format(Locale.ROOT, "%,.0f (%d)", sweep.path("peakPerSec").asDouble(),
						sweep.path("peakClients").asInt()));
			lengths.add(List.of(step.record().name(), count(sweep.path("queueLengthBefore").asLong()),
					count(sweep.path("queueLengthAfter").asLong()), count(sweep.path("emptyReceives").asLong())));
			if (load.entityBytes() != 512) {
				continue;
			}
			String name = load.operation().label().substring("queue-".length());
			for (JsonNode s : sweep.path("steps")) {
				figure3Rows.add(List.of(name, s.path("level").asString(), count(s.path("count").asLong()),
						count(s.path("errors").asLong()), num(s.path("perClientPerSec").asDouble()),
						num(s.path("aggregatePerSec").asDouble()), ms(s.path("meanMs").asDouble()), ms(s.path("p99Ms").asDouble())));
				Charts.point(perClient, name, s.path("level").asInt(), s.path("perClientPerSec").asDouble());
			}
		}
		if (!figure3Rows.isEmpty()) {
			doc.heading(3, "Figure 3: a client's operations a second against clients, 512-byte messages");
			doc.table(List.of("operation", "clients", "requests", "errors", "per client ops/s", "aggregate ops/s", "mean ms",
					"p99 ms"), figure3Rows);
			List<List<String>> study = new ArrayList<>();
			figure3.rows().forEach((row) -> study.add(List.of(String.valueOf(row.get("clients")),
					String.valueOf(row.get("per client ops/s")), String.valueOf(row.get("note")))));
			doc.text("The study's figure is lost; its text gives:");
			doc.table(List.of("clients", "per client ops/s (study)", "the study's words"), study);
			Charts.lines(charts.resolve("seed-002-queue.png"), "queue: a client's operations/s against clients (Figure 3)",
					"concurrent clients", "operations/s per client", perClient, true);
			doc.image("charts/seed-002-queue.png", "a queue client's operations a second against concurrent clients");
		}
		if (!peaks.isEmpty()) {
			doc.heading(3, "Table 3: maximum queue throughput, ops/s (clients), by message size");
			List<List<String>> rows = new ArrayList<>();
			peaks.forEach((operation, ours) -> {
				String name = operation.label().substring("queue-".length());
				List<String> row = new ArrayList<>(List.of(name + " (ours)"));
				List<String> studyRow = new ArrayList<>(List.of(name + " (study)"));
				Map<String, Object> study = table3.row(Map.of("operation", name)).orElse(Map.of());
				for (int bytes : AzureStudy.MESSAGE_BYTES) {
					String column = (bytes < 1024) ? bytes + " B" : bytes / 1024 + " KB";
					row.add(ours.getOrDefault(bytes, ""));
					studyRow.add(String.valueOf(study.getOrDefault(column, "")));
				}
				rows.add(row);
				rows.add(studyRow);
			});
			doc.table(List.of("operation", "512 B", "1 KB", "4 KB", "8 KB"), rows);
			doc.text("The study: " + table3.caption() + ".");
		}
		if (!byLength.isEmpty()) {
			doc.heading(3, "§3.3's queue-length check: one client, ops/s (mean ms), by the queue's length");
			doc.text("The study found \"not much variation at all as the queue grows in size from 200 thousand to 2 million "
					+ "messages\". Here each length is a queue of its own, filled before its steps (not counted), 512-byte "
					+ "messages, one client: Peek first, then Receive, then Add.");
			List<String> header = new ArrayList<>(List.of("operation"));
			queueLengths.forEach((length) -> header.add(count(length) + " messages"));
			List<List<String>> lengthRows = new ArrayList<>();
			byLength.forEach((operation, ours) -> {
				List<String> row = new ArrayList<>(List.of(operation.label().substring("queue-".length())));
				queueLengths.forEach((length) -> row.add(ours.getOrDefault(length, "")));
				lengthRows.add(row);
			});
			doc.table(header, lengthRows);
		}
		doc.heading(3, "The queues' lengths");
		doc.table(List.of("step", "messages before", "messages after", "receives that found none"), lengths);
	}

}
