package io.latencylab.lab.study.azure;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.run.RunData;
import io.latencylab.lab.run.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.Study;
import io.latencylab.load.AzureBlobs;
import io.latencylab.load.AzureEntities;
import io.latencylab.load.BlobTransfer;
import io.latencylab.load.BlobTransfer.Direction;
import io.latencylab.load.ConcurrencySweepSimulation;
import io.latencylab.load.CurlTransfer;
import io.latencylab.load.InsertComparison;
import io.latencylab.load.QueueOperations;
import io.latencylab.load.SweepLoad;
import io.latencylab.observability.GroupStats;
import io.latencylab.observability.Request;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;
import tools.jackson.databind.JsonNode;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.num;

/** Seed 002: throughput against concurrent clients, and the operation × entity size matrix. */
public final class AzureStudy implements Study {

	static final Published PUBLISHED = Published.of(AzureStudy.class);

	static final List<Integer> ENTITY_KB = List.of(1, 4, 16, 64);

	/** The step of §5.2: toy buys, each a transaction on the catalog's and the order service's databases. */
	static final String DB_CONCURRENCY = "db-concurrency-toy-buy";

	/** The queue-length check's steps: "queue-length-10000-peek". */
	static final String QUEUE_LENGTH = "queue-length-";

	/** §3.3's message sizes. */
	static final List<Integer> MESSAGE_BYTES = List.of(512, 1024, 4096, 8192);

	/** Add first: it leaves the messages Peek and Receive find (topped up before them when short). */
	static final List<Operation> QUEUE_OPERATIONS = List.of(Operation.QUEUE_ADD, Operation.QUEUE_PEEK,
			Operation.QUEUE_RECEIVE);

	/** The suffix of a step that runs on Azure Storage rather than on the lab's store. */
	static final String AZURE = "-azure";

	static final List<Operation> ENTITY_OPERATIONS = List.of(Operation.ENTITY_INSERT, Operation.ENTITY_QUERY,
			Operation.ENTITY_UPDATE, Operation.ENTITY_DELETE);

	/** Its system beside bare services: Azurite, the study's storage emulated. */
	@Override
	public List<BackingSystem.Kind> systems() {
		return List.of(AzuriteSystem.KIND);
	}

	@Override
	public About about() {
		return new About("seed-002", "002", PUBLISHED.paper(),
				"concurrency sweeps, and operation × entity size");
	}

	@Override
	public Plan plan(boolean full) {
		List<Step> steps = new ArrayList<>();
		List<Integer> levels = full ? List.of(1, 2, 4, 8, 16, 32, 64, 128, 192) : List.of(1, 2, 4, 8, 16);
		Duration step = full ? Duration.ofMinutes(1) : Duration.ofSeconds(5);
		for (Operation operation : List.of(Operation.REST_GET, Operation.SOAP_GET, Operation.TOY_QUERY)) {
			steps.add(new SweepLoad(operation, levels, step, 0).step("sweep-" + operation.label()));
		}
		// §5.2: transactional clients against one database, 1 to N at once (the study: up to 64).
		steps.add(new SweepLoad(Operation.TOY_BUY, full ? List.of(1, 2, 4, 8, 16, 32, 64) : List.of(1, 2, 4, 8), step, 0)
			.step(DB_CONCURRENCY));
		List<Integer> matrixLevels = full ? levels : List.of(1, 4, 16);
		Duration matrixStep = full ? Duration.ofSeconds(30) : Duration.ofSeconds(2);
		for (Operation operation : ENTITY_OPERATIONS) {
			for (int kb : ENTITY_KB) {
				steps.add(new SweepLoad(operation, matrixLevels, matrixStep, kb * 1024).step(operation.label() + "-" + kb + "kb"));
			}
		}
		// Table 1 again on Azure Storage's table service (Azurite, or --storage environment): no spans there.
		for (Operation operation : ENTITY_OPERATIONS) {
			for (int kb : ENTITY_KB) {
				Step lab = new SweepLoad(operation, matrixLevels, matrixStep, kb * 1024).step(operation.label() + "-" + kb + "kb");
				steps.add(lab.renamed(lab.name() + AZURE).with(AzureEntities.STORE, "azure").with(Plan.UNTRACED, true));
			}
		}
		// §3.3 on Azure Storage's queue (Azurite here): one shared queue a message size.
		List<Integer> queueLevels = full ? levels : List.of(1, 4, 16);
		for (Operation operation : QUEUE_OPERATIONS) {
			for (int bytes : MESSAGE_BYTES) {
				steps.add(new SweepLoad(operation, queueLevels, matrixStep, bytes)
					.step(operation.label() + "-" + QueueOperations.queueName(bytes).substring("seed002-".length())));
			}
		}
		// §3.3's queue-length check: one client on queues ten times apart in length (the study: 200K and 2M).
		for (int length : full ? List.of(200_000, 2_000_000) : List.of(1_000, 10_000)) {
			for (Operation operation : List.of(Operation.QUEUE_PEEK, Operation.QUEUE_RECEIVE, Operation.QUEUE_ADD)) {
				Step check = new SweepLoad(operation, List.of(1), matrixStep, 512)
					.step(QUEUE_LENGTH + length + "-" + operation.label().substring("queue-".length()));
				steps.add(check.toBuilder()
					.set(QueueOperations.LENGTH, length)
					// Filling the queue (about 400 messages a second on Azurite here) comes before the step.
					.lasting(check.estimate().plusSeconds(length / 400)));
			}
		}
		// §3.1 and Table 2 on the object store. Full: the study's 1 GB blob to download; uploads of 128 MiB,
		// as 192 of the study's 1 GB at once would need 192 GiB of disk.
		List<Integer> blobLevels = full ? List.of(1, 2, 4, 8, 16, 32, 64, 128, 192) : List.of(1, 2, 4, 8, 16, 32);
		steps.add(new BlobTransfer(Direction.DOWNLOAD, blobLevels, full ? 1024 : 64, 3).step("blob-download"));
		steps.add(new BlobTransfer(Direction.UPLOAD, full ? blobLevels : List.of(1, 2, 4, 8, 16), full ? 128 : 64, 3)
			.step("blob-upload"));
		// Figure 1 again on Azure Storage's blob service (Azurite, or --storage environment): no spans there.
		for (Step lab : List.of(steps.get(steps.size() - 2), steps.getLast())) {
			steps.add(lab.renamed(lab.name() + AZURE).with(AzureBlobs.STORE, "azure").with(Plan.UNTRACED, true));
		}
		steps.add(new InsertComparison(List.of(1, 8, 16), ENTITY_KB, full ? 500 : 50).step("blob-vs-table-insert"));
		// Table 2 again on Azure Storage's own blob and table services (Azurite, or --storage environment).
		steps.add(new InsertComparison(List.of(1, 8, 16), ENTITY_KB, full ? 500 : 50, "azure")
			.step("blob-vs-table-insert-azure"));
		List<Operation> warmUp = new ArrayList<>(List.of(Operation.REST_GET, Operation.SOAP_GET, Operation.TOY_QUERY,
				Operation.TOY_BUY));
		// Insert first: its set-up makes the warm-up's table afresh, before query and update add their entity to it.
		warmUp.addAll(ENTITY_OPERATIONS);
		return new Plan(name(), seed(), full, WarmUp.step(WarmUp.atOneClient(warmUp), full), steps);
	}

	/**
	 * Figures 8 and 9 of §5.2: per concurrency level, each client's completed transactions a second
	 * as a share of what one client alone completes, and the mean transaction time over one client's.
	 */
	private static void databaseConcurrency(StepData step, JsonNode sweep, ReportDocument doc, Path charts)
			throws IOException {
		long start = sweep.path("startMillis").asLong();
		long stepMillis = sweep.path("stepMillis").asLong();
		List<Integer> levels = SweepLoad.from(step.parameters()).levels();
		if (start == 0 || stepMillis == 0) {
			return;
		}
		List<List<Request>> byLevel = new ArrayList<>();
		levels.forEach((level) -> byLevel.add(new ArrayList<>()));
		for (Request r : step.requests()) {
			int index = (int) ((r.endMillis() - start) / stepMillis);
			if (index >= 0 && index < levels.size()) {
				byLevel.get(index).add(r);
			}
		}
		doc.heading(3, "§5.2: transactions against one database as clients grow (Figures 8 and 9)");
		doc.text("Toy buys, each a transaction on the catalog's database and two on the order service's, from 1 to "
				+ levels.getLast() + " clients at once (the study: TPC-E clients against SQL Azure, up to 64). A buy "
				+ "completes when it is answered 200 or 409 (sold out: the transaction ran and refused); anything else "
				+ "failed. Completed a client is that client's completed buys a second over one client's alone (the "
				+ "study's Figure 8: 17% each at 64 cloud clients); slowdown is the mean time of a completed buy over one "
				+ "client's (Figure 9).");
		List<List<String>> rows = new ArrayList<>();
		Map<String, List<double[]>> chart = new LinkedHashMap<>();
		double onePerClient = Double.NaN;
		double oneMean = Double.NaN;
		for (int i = 0; i < levels.size(); i++) {
			int clients = levels.get(i);
			List<Request> completed = byLevel.get(i).stream().filter((r) -> r.status() == 200 || r.status() == 409).toList();
			GroupStats g = GroupStats.of("buy", completed);
			double perClient = completed.size() / (stepMillis / 1000.0) / clients;
			if (i == 0) {
				onePerClient = perClient;
				oneMean = g.meanMs();
			}
			double share = perClient / onePerClient;
			double slowdown = g.meanMs() / oneMean;
			rows.add(List.of(String.valueOf(clients), count(byLevel.get(i).size()), count(completed.size()),
					count(byLevel.get(i).size() - completed.size()), num(perClient), String.format(Locale.ROOT, "%.0f%%", 100 * share),
					ms(g.meanMs()), String.format(Locale.ROOT, "%.2f×", slowdown)));
			Charts.point(chart, "completed a client (share of one client's)", clients, share);
			Charts.point(chart, "slowdown (mean over one client's)", clients, slowdown);
		}
		doc.table(List.of("clients", "buys", "completed", "failed", "completed a client /s", "share of one client's",
				"mean ms", "slowdown"), rows);
		Charts.lines(charts.resolve("seed-002-database.png"), "transactions against one database (Figures 8 and 9)",
				"concurrent clients", "ratio to one client", chart, true);
		doc.image("charts/seed-002-database.png", "share of one client's completed transactions and slowdown against clients");
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		sweeps(run, doc, charts);
		queues(run, doc, charts);
		blobTransfers(run, doc, charts);
		insertComparison(run, doc);
	}

	private static void sweeps(RunData run, ReportDocument doc, Path charts) throws IOException {
		// One level is no sweep: such steps (the agreement check's one client) have no curve to show here.
		List<StepData> sweeps = run.stepsOf(ConcurrencySweepSimulation.class)
			.stream()
			.filter((step) -> SweepLoad.from(step.parameters()).levels().size() > 1)
			// The queue's sweeps have a section of their own.
			.filter((step) -> !SweepLoad.from(step.parameters()).operation().isQueue())
			.toList();
		if (sweeps.isEmpty()) {
			return;
		}
		doc.heading(2, "Seed 002: throughput against concurrent clients (Figure 2, Table 1)");
		doc.text("Closed-model steps of concurrent clients, each client sending its next request as soon as the last "
				+ "one is answered. Per step: aggregate and per-client operations a second, as in the study's Figure "
				+ "2; the peak is given as in its Table 1, ops/s (clients). The study's Azure services peaked "
				+ "at 64 to 192 clients; a service on two shared cores peaks far earlier. Source: " + PUBLISHED.paper() + ".");
		Map<String, List<double[]>> aggregate = new LinkedHashMap<>();
		Map<String, List<double[]>> perClient = new LinkedHashMap<>();
		Map<Operation, Map<Integer, String>> matrix = new TreeMap<>();
		Map<Operation, Map<Integer, String>> azureMatrix = new TreeMap<>();
		String azureStorage = "";
		for (StepData step : sweeps) {
			if (step.sweep().isEmpty()) {
				continue;
			}
			SweepLoad load = SweepLoad.from(step.parameters());
			JsonNode sweep = step.sweep().get();
			String peak = String.format(Locale.ROOT, "%,.0f (%d)", sweep.path("peakPerSec").asDouble(),
					sweep.path("peakClients").asInt());
			if (step.record().name().equals(DB_CONCURRENCY)) {
				databaseConcurrency(step, sweep, doc, charts);
				continue;
			}
			if (load.operation().isEntity()) {
				long setUps = sweep.path("setUpsForDelete").asLong();
				// A delete that had to make its entity first: that uncounted insert ran inside the step's time.
				boolean azure = AzureEntities.onAzure(step.parameters());
				if (azure) {
					azureStorage = sweep.path("storage").asString("");
				}
				(azure ? azureMatrix : matrix).computeIfAbsent(load.operation(), (k) -> new TreeMap<>())
					.put(load.entityBytes() / 1024, peak + ((setUps > 0) ? " [" + count(setUps) + " set-ups]" : ""));
				continue;
			}
			doc.heading(3, step.record().name() + ": peak " + peak);
			List<List<String>> rows = new ArrayList<>();
			for (JsonNode s : sweep.path("steps")) {
				rows.add(List.of(s.path("level").asString(), count(s.path("count").asLong()), count(s.path("errors").asLong()),
						num(s.path("aggregatePerSec").asDouble()), num(s.path("perClientPerSec").asDouble()),
						ms(s.path("meanMs").asDouble()), ms(s.path("p99Ms").asDouble())));
				Charts.point(aggregate, load.operation().label(), s.path("level").asInt(), s.path("aggregatePerSec").asDouble());
				Charts.point(perClient, load.operation().label(), s.path("level").asInt(), s.path("perClientPerSec").asDouble());
			}
			doc.table(List.of("clients", "requests", "errors", "aggregate ops/s", "per client ops/s", "mean ms", "p99 ms"), rows);
		}
		if (!aggregate.isEmpty()) {
			Charts.lines(charts.resolve("seed-002-sweep.png"), "aggregate throughput against clients",
					"concurrent clients", "operations/s", aggregate, true);
			doc.image("charts/seed-002-sweep.png", "aggregate throughput against concurrent clients");
			Charts.lines(charts.resolve("seed-002-per-client.png"), "per-client throughput against clients (Figure 2)",
					"concurrent clients", "operations/s per client", perClient, true);
			doc.image("charts/seed-002-per-client.png", "per-client throughput against concurrent clients");
		}
		Published.Figure table1 = PUBLISHED.figure("Table 1");
		if (!matrix.isEmpty()) {
			doc.heading(3, "Table 1: maximum throughput, ops/s (clients), by operation and entity size");
			doc.text("Our entities are the table service's, kept in its database (an H2 file bare, PostgreSQL under "
					+ "compose) and committed before each answer; the study's are Azure Table entities (" + table1.caption()
					+ "). " + MATRIX_TEXT);
			matrixTable(matrix, table1, doc);
		}
		if (!azureMatrix.isEmpty()) {
			doc.heading(3, "Table 1 on Azure Storage's table service: maximum throughput, ops/s (clients)");
			doc.text("The same workload through the Table REST API (Insert Entity, Query Entities by its keys, Update Entity "
					+ "with If-Match: *, Delete Entity), each request signed with the account's Shared Key, on " + azureStorage
					+ ". Entities above 30,000 characters are split over several string properties (32 K a property). No spans: "
					+ "the client's latency is all there is. " + MATRIX_TEXT);
			matrixTable(azureMatrix, table1, doc);
		}
	}

	private static final String MATRIX_TEXT = "As in the study: one table and partition per entity size; insert adds new "
			+ "entities and leaves them; query and update work on one entity that every client shares (updates "
			+ "unconditional); delete removes what insert left. The table and the shared entity are made before the step "
			+ "and not counted. Where delete used up what insert left, each further delete first inserted its entity, "
			+ "uncounted but inside the step's time: their number is in brackets, and there delete's rate is low.";

	/** Ours beside the study's, a row each, by entity size. */
	private static void matrixTable(Map<Operation, Map<Integer, String>> matrix, Published.Figure table1, ReportDocument doc) {
		List<List<String>> rows = new ArrayList<>();
		matrix.forEach((operation, ours) -> {
			String name = operation.label().substring("entity-".length());
			List<String> row = new ArrayList<>(List.of(name + " (ours)"));
			List<String> studyRow = new ArrayList<>(List.of(name + " (study)"));
			Map<String, Object> study = table1.row(Map.of("operation", name)).orElse(Map.of());
			for (int kb : ENTITY_KB) {
				row.add(ours.getOrDefault(kb, ""));
				studyRow.add(String.valueOf(study.getOrDefault(kb + " KB", "")));
			}
			rows.add(row);
			rows.add(studyRow);
		});
		doc.table(List.of("operation", "1 KB", "4 KB", "16 KB", "64 KB"), rows);
	}

	/**
	 * §3.3: Add, Peek and Receive on one shared queue against clients, per message size: Figure 3's
	 * per-client rates at 512 B, Table 3's peaks beside the study's, and each queue's length.
	 */
	private static void queues(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> steps = run.stepsOf(ConcurrencySweepSimulation.class)
			.stream()
			.filter((step) -> SweepLoad.from(step.parameters()).operation().isQueue() && step.sweep().isPresent())
			.toList();
		if (steps.isEmpty()) {
			return;
		}
		Published.Figure table3 = PUBLISHED.figure("Table 3");
		Published.Figure figure3 = PUBLISHED.figure("Figure 3");
		String storage = steps.getFirst().sweep().get().path("storage").asString("");
		doc.heading(2, "Seed 002 §3.3: queue Add, Peek and Receive against clients (Figure 3, Table 3)");
		doc.text("The study's worker roles, 1 to 192, shared one Azure queue: Add (Put Message), Peek (Peek Messages) and "
				+ "Receive (Get Messages), messages of 512 B to 8 KB. Ours: " + storage + ", one queue a message size, N "
				+ "Gatling clients each sending its next request when the last is answered, each request signed with the "
				+ "account's Shared Key as the Azure SDK signs it. Receive takes one message and hides it for an hour "
				+ "without deleting it (a delete is a second operation, which the study did not time). Peek and Receive "
				+ "start on the messages Add left, topped up before the step to " + count(QueueOperations.PREFILL)
				+ " when fewer; the queue's length before and after each step is below, and a Receive that found the queue "
				+ "empty is counted. Source: " + PUBLISHED.paper() + ".");
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
				for (int bytes : MESSAGE_BYTES) {
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

	/** §3.1, Figure 1: what a client gets of a blob, and what the store gives all of them, as clients grow. */
	private static void blobTransfers(RunData run, ReportDocument doc, Path charts) throws IOException {
		List<StepData> all = run.stepsOf(BlobTransfer.SIMULATION);
		List<StepData> lab = all.stream().filter((s) -> !AzureBlobs.onAzure(s.parameters())).toList();
		List<StepData> azure = all.stream().filter((s) -> AzureBlobs.onAzure(s.parameters())).toList();
		if (!lab.isEmpty()) {
			blobTransfers(run, lab, false, doc, charts);
		}
		if (!azure.isEmpty()) {
			blobTransfers(run, azure, true, doc, charts);
		}
	}

	private static void blobTransfers(RunData run, List<StepData> steps, boolean azure, ReportDocument doc, Path charts)
			throws IOException {
		Published.Figure figure1 = PUBLISHED.figure("Figure 1");
		doc.heading(2, azure ? "Seed 002 §3.1 on Azure Storage's blob service: blob download and upload against clients "
				+ "(Figure 1)" : "Seed 002 §3.1: blob download and upload against clients (Figure 1)");
		String store = azure ? "Azure Storage's blob service, of the account the run drove (Azurite unless --storage "
				+ "environment named another): Get Blob, and Put Blob of a block blob, each request signed with the account's "
				+ "Shared Key; no spans" : "the object store";
		doc.text("The study's workers each downloaded the same 1 GB blob at once, or uploaded the same 1 GB to one "
				+ "container under blob names of their own, 1 to 192 of them, three times a day. Ours: " + store + ", "
				+ "N Gatling clients at once, each on a connection of its own, in rounds (a round starts when the last "
				+ "one's clients are all done). Per client is each transfer's MB over its own time, averaged (Figure 1's "
				+ "curve); aggregate is a round's MB over the time from its first start to its last end, averaged over the "
				+ "rounds. " + (azure ? "" : "An upload is answered once the object is on disk (forced). ") + "MB = 10⁶ bytes. The blob's bytes are "
				+ "fixed random bytes, the same every run; a download's length is checked, its body dropped as it comes. "
				+ "After the rounds, one round a level of N curls at once checks the figures from outside: on loopback a "
				+ "transfer is bound by CPU, the client's own included, so where Gatling's JVM and curl part, that is the "
				+ "client's cost, not the store's.");
		Map<String, List<double[]>> perClient = new LinkedHashMap<>();
		Map<Direction, List<BlobTransfer.Level>> measured = new TreeMap<>();
		for (StepData step : steps) {
			BlobTransfer load = BlobTransfer.from(step.parameters());
			List<BlobTransfer.Level> levels = load.measure(step.requests());
			if (levels.isEmpty()) {
				continue;
			}
			measured.put(load.direction(), levels);
			double one = levels.getFirst().perClientMBps();
			BlobTransfer.Level peak = levels.stream()
				.max(Comparator.comparingDouble(BlobTransfer.Level::aggregateMBps))
				.orElseThrow();
			doc.heading(3, String.format(Locale.ROOT, "%s of a %d MiB blob (%d round%s): peak %s MB/s at %d clients",
					load.direction().label(), load.mib(), load.rounds(), (load.rounds() == 1) ? "" : "s",
					num(peak.aggregateMBps()), peak.clients()));
			Optional<Path> curlFile = run.besideRequests(step, CurlTransfer.FILE);
			List<CurlTransfer> curls = curlFile.isPresent() ? CurlTransfer.read(curlFile.get()) : List.of();
			List<List<String>> rows = new ArrayList<>();
			for (BlobTransfer.Level level : levels) {
				rows.add(List.of(String.valueOf(level.clients()), count(level.transfers()), count(level.errors()),
						num(level.perClientMBps()), String.format(Locale.ROOT, "%.0f%%", 100 * level.perClientMBps() / one),
						num(level.aggregateMBps()), String.format(Locale.ROOT, "%.2f", level.meanSeconds()),
						String.format(Locale.ROOT, "%.2f", level.maxSeconds()),
						orNone(CurlTransfer.perClient(curls, level.clients())),
						orNone(CurlTransfer.aggregate(curls, level.clients()))));
				Charts.point(perClient, load.direction().label() + " (Gatling)", level.clients(), level.perClientMBps());
				double curl = CurlTransfer.perClient(curls, level.clients());
				if (!Double.isNaN(curl)) {
					Charts.point(perClient, load.direction().label() + " (curl)", level.clients(), curl);
				}
			}
			doc.table(List.of("clients", "transfers", "errors", "per client MB/s", "of one client's", "aggregate MB/s",
					"mean s", "slowest s", "curl per client MB/s", "curl aggregate MB/s"), rows);
		}
		List<List<String>> rows = new ArrayList<>();
		for (Map<String, Object> row : figure1.rows()) {
			Direction direction = Direction.valueOf(String.valueOf(row.get("direction")).toUpperCase(Locale.ROOT));
			int clients = ((Number) row.get("clients")).intValue();
			BlobTransfer.Level ours = measured.getOrDefault(direction, List.of())
				.stream()
				.filter((level) -> level.clients() == clients)
				.findFirst()
				.orElse(null);
			double one = measured.containsKey(direction) ? measured.get(direction).getFirst().perClientMBps() : Double.NaN;
			rows.add(List.of(direction.label(), String.valueOf(clients), String.valueOf(row.get("aggregate MB/s")),
					(ours != null) ? num(ours.aggregateMBps()) : "not run", String.valueOf(row.get("per client MB/s")),
					(ours != null) ? num(ours.perClientMBps()) + String.format(Locale.ROOT, " (%.0f%% of one client's)",
							100 * ours.perClientMBps() / one) : "not run",
					String.valueOf(row.get("note"))));
		}
		doc.text("What the study's text says of Figure 1 (" + figure1.caption() + "), ours at the same clients where "
				+ "this run had them (laptop scale stops at 32 and 16 clients; `--full` runs 1 to 192):");
		doc.table(List.of("", "clients", "aggregate MB/s (study)", "aggregate MB/s (ours)", "per client MB/s (study)",
				"per client MB/s (ours)", "the study's note"), rows);
		if (!perClient.isEmpty()) {
			String chart = azure ? "seed-002-blobs-azure.png" : "seed-002-blobs.png";
			Charts.lines(charts.resolve(chart), "per-client blob bandwidth against clients (Figure 1)",
					"concurrent clients", "MB/s per client", perClient, true);
			doc.image("charts/" + chart, "per-client blob bandwidth against concurrent clients");
		}
	}

	/** Table 2: blob's inserts a second a client over table's, by size and clients; on the lab's stores, then on Azure's. */
	private static void insertComparison(RunData run, ReportDocument doc) {
		List<InsertComparison.Cell> cells = new ArrayList<>();
		List<InsertComparison.Cell> onAzure = new ArrayList<>();
		for (StepData step : run.stepsOf(InsertComparison.SIMULATION)) {
			(InsertComparison.from(step.parameters()).onAzure() ? onAzure : cells).addAll(InsertComparison.measure(step.requests()));
		}
		Published.Figure table2 = PUBLISHED.figure("Table 2");
		if (!cells.isEmpty()) {
			doc.heading(2, "Seed 002 Table 2: blob against table insert");
			doc.text(LAB_STORES_TEXT.formatted(table2.caption().toLowerCase(Locale.ROOT)));
			insertTables(cells, table2, doc);
		}
		if (!onAzure.isEmpty()) {
			doc.heading(2, "Seed 002 Table 2 on Azure Storage: blob against table insert");
			doc.text("The same inserts on Azure Storage's own services, as the study made them: Put Blob of a new block blob "
					+ "into a container a size, and Insert Entity of a new entity into a table a size (one partition; data "
					+ "above 30,000 characters split over several string properties), each request signed with the account's "
					+ "Shared Key. The account is the one --storage names: Azurite, the emulator, unless a connection "
					+ "string says otherwise (the queue's section names it). Azure Storage sends no spans: these are the "
					+ "client's figures alone. The ratio is blob's inserts a second a client over table's, as the study's. "
					+ "Mind what each promises on Azurite: a blob's bytes are written to a file and forced (fdatasync) "
					+ "before the answer, a table entity only to memory, saved to disk every 5 s; on Azure both are "
					+ "replicated before the answer.");
			insertTables(onAzure, table2, doc);
		}
	}

	private static final String LAB_STORES_TEXT = "The same data inserted as a new blob (a PUT of a new object into the "
			+ "object store, on disk and forced before the answer) and as a new table entity (a POST into the table service, "
			+ "committed before the answer). A round of table inserts, then one of blob inserts, each client inserting back "
			+ "to back on a connection of its own; a client's inserts a second are 1,000 over the mean ms. The ratio is "
			+ "blob's over table's, as the study's %s: above 1, blob is faster. The study found blobs a quarter as fast at "
			+ "1 KB (about 200 ms to make a 1 KB blob) and 1.35 to 2.9 times as fast from 4 KB. Mind what each store "
			+ "promises: the object store forces every object and its folder to disk before it answers (it survives a power "
			+ "cut); the table service bare is an H2 file whose commit reaches the file but is not forced (it survives kill "
			+ "-9, not a power cut), and under compose PostgreSQL, which forces its log at each commit. Bare, the ratio "
			+ "weighs a forced write against an unforced one; under compose, a forced write each.";

	/** Table 2's ratios beside the study's, and each cell's detail. */
	private static void insertTables(List<InsertComparison.Cell> cells, Published.Figure table2, ReportDocument doc) {
		List<String> headers = new ArrayList<>(List.of("clients"));
		SortedSet<Integer> sizes = new TreeSet<>();
		SortedSet<Integer> levels = new TreeSet<>();
		cells.forEach((cell) -> {
			sizes.add(cell.kb());
			levels.add(cell.clients());
		});
		sizes.forEach((kb) -> {
			headers.add(kb + " KB (ours)");
			headers.add(kb + " KB (study)");
		});
		List<List<String>> rows = new ArrayList<>();
		for (int clients : levels) {
			List<String> row = new ArrayList<>(List.of(String.valueOf(clients)));
			Map<String, Object> study = table2.row(Map.of("clients", clients)).orElse(Map.of());
			for (int kb : sizes) {
				row.add(cells.stream()
					.filter((c) -> c.kb() == kb && c.clients() == clients)
					.findFirst()
					.map((c) -> String.format(Locale.ROOT, "%.2fx", c.ratio()))
					.orElse(""));
				row.add(String.valueOf(study.getOrDefault(kb + " KB", "")));
			}
			rows.add(row);
		}
		doc.table(headers, rows);
		List<List<String>> detail = new ArrayList<>();
		for (InsertComparison.Cell c : cells) {
			detail.add(List.of(c.kb() + " KB", String.valueOf(c.clients()), count(c.blob().inserts()),
					ms(c.blob().meanMs()), ms(c.blob().p99Ms()), num(c.blob().perClientPerSec()), count(c.table().inserts()),
					ms(c.table().meanMs()), ms(c.table().p99Ms()), num(c.table().perClientPerSec()),
					count(c.blob().errors() + c.table().errors())));
		}
		doc.table(List.of("size", "clients", "blob inserts", "blob mean ms", "blob p99 ms", "blob /s a client",
				"table inserts", "table mean ms", "table p99 ms", "table /s a client", "errors"), detail);
	}

	/** A figure, or a dash where none was measured (no curl on the machine). */
	private static String orNone(double value) {
		return Double.isNaN(value) ? "–" : num(value);
	}

}
