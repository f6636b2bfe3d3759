package io.latencylab.lab.study.azure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.latencylab.lab.report.Charts;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;
import io.latencylab.lab.study.Published;
import io.latencylab.load.azure.AzureBlobs;
import io.latencylab.load.azure.BlobTransfer;
import io.latencylab.load.azure.BlobTransfer.Direction;
import io.latencylab.load.azure.CurlTransfer;

import static io.latencylab.lab.report.Format.count;
import static io.latencylab.lab.report.Format.num;

/** Seed 002's blob transfers: each size's throughput by clients, the lab's store beside Azure's and curl's. */
final class BlobTransferTables {

	private BlobTransferTables() {
	}

	/** §3.1, Figure 1: what a client gets of a blob, and what the store gives all of them, as clients grow. */
	static void report(RunData run, ReportDocument doc, Path charts) throws IOException {
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
		Published.Figure figure1 = AzureStudy.PUBLISHED.figure("Figure 1");
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

	/** A figure, or a dash where none was measured (no curl on the machine). */
	private static String orNone(double value) {
		return Double.isNaN(value) ? "–" : num(value);
	}

}
