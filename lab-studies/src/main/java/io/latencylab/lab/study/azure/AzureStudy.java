package io.latencylab.lab.study.azure;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.study.StudyOption;
import io.latencylab.load.azure.AzureBlobs;
import io.latencylab.load.azure.AzureEntities;
import io.latencylab.load.azure.BlobTransfer;
import io.latencylab.load.azure.BlobTransfer.Direction;
import io.latencylab.load.azure.InsertComparison;
import io.latencylab.load.azure.QueueOperations;
import io.latencylab.load.operation.ConcurrencySweepSimulation;
import io.latencylab.load.operation.SweepLoad;
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
	public List<StudyOption> options() {
		return List.of(StorageHook.OPTION);
	}

	/** The account its storage steps drive (--storage). */
	@Override
	public List<RunHook> hooks(Map<String, String> values, boolean comparison) {
		return List.of(StorageHook.of(values.get(StorageHook.OPTION.name())));
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
		QueueTables.report(run, doc, charts);
		BlobTransferTables.report(run, doc, charts);
		InsertTables.report(run, doc);
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


}
