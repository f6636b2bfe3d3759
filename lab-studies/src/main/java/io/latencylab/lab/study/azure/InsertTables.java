package io.latencylab.lab.study.azure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.load.azure.InsertComparison;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.ms;
import static io.latencylab.lab.report.Format.num;

/** Seed 002's Table 2: blob against table inserts by entity size, ours beside the paper's. */
final class InsertTables {

	private InsertTables() {
	}

	/** Table 2: blob's inserts a second a client over table's, by size and clients; on the lab's stores, then on Azure's. */
	static void report(RunData run, ReportDocument doc) {
		List<InsertComparison.Cell> cells = new ArrayList<>();
		List<InsertComparison.Cell> onAzure = new ArrayList<>();
		for (StepData step : run.stepsOf(InsertComparison.SIMULATION)) {
			(InsertComparison.from(step.parameters()).onAzure() ? onAzure : cells).addAll(InsertComparison.measure(step.requests()));
		}
		Published.Figure table2 = AzureStudy.PUBLISHED.figure("Table 2");
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

}
