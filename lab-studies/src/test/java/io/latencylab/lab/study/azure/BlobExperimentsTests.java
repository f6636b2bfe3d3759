package io.latencylab.lab.study.azure;

import java.util.List;

import io.latencylab.load.azure.AzureBlobs;
import io.latencylab.load.azure.BlobTransfer;
import io.latencylab.load.azure.BlobTransfer.Direction;
import io.latencylab.load.azure.CurlTransfer;
import io.latencylab.load.azure.InsertComparison;
import io.latencylab.observability.Request;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Seed 002's blob experiments as the plan states them and the report measures them. */
class BlobExperimentsTests {

	private static Request request(String group, long start, double ms, boolean ok) {
		return new Request(group, "t", start, ms, ok ? 200 : 0, "s", ok);
	}

	@Test
	void aLevelsPerClientBandwidthIsEachTransfersOwnAndItsAggregateIsEachRoundsWholeAveraged() {
		BlobTransfer load = new BlobTransfer(Direction.DOWNLOAD, List.of(1, 2), 100, 2);
		double mb = 100 * 1024 * 1024 / 1e6;
		List<BlobTransfer.Level> levels = load.measure(List.of(request("download-c1-r1", 0, 1000, true),
				request("download-c1-r2", 5000, 500, true),
				// Round 1 of two clients: both over 0..2 s; round 2: one failed, the other 4 s.
				request("download-c2-r1", 10_000, 2000, true), request("download-c2-r1", 10_000, 1000, true),
				request("download-c2-r2", 20_000, 4000, true), request("download-c2-r2", 20_000, 10, false),
				request("upload-c2-r1", 0, 1, true), request("warm-up", 0, 1, true)));
		assertThat(levels).extracting(BlobTransfer.Level::clients).containsExactly(1, 2);
		BlobTransfer.Level one = levels.get(0);
		assertThat(one.perClientMBps()).isCloseTo((mb / 1 + mb / 0.5) / 2, within(1e-9));
		assertThat(one.aggregateMBps()).isCloseTo((mb / 1 + mb / 0.5) / 2, within(1e-9));
		BlobTransfer.Level two = levels.get(1);
		assertThat(two.transfers()).isEqualTo(3);
		assertThat(two.errors()).isEqualTo(1);
		assertThat(two.perClientMBps()).isCloseTo((mb / 2 + mb / 1 + mb / 4) / 3, within(1e-9));
		assertThat(two.aggregateMBps()).isCloseTo((2 * mb / 2 + mb / 4) / 2, within(1e-9));
		assertThat(two.maxSeconds()).isEqualTo(4.0);
	}

	@Test
	void aTransferPlanSurvivesItsStepsPropertiesAndRefusesWhatCannotRun() {
		BlobTransfer load = new BlobTransfer(Direction.UPLOAD, List.of(1, 8, 64), 128, 3);
		Step step = load.step("blob-upload");
		assertThat(step.simulation()).isEqualTo(BlobTransfer.SIMULATION.getName());
		assertThat(BlobTransfer.from(step.parameters())).isEqualTo(load);
		assertThat(load.bytes()).isEqualTo(128L << 20);
		assertThat(load.group(8, 2)).isEqualTo("upload-c8-r2");
		assertThat(BlobTransfer.object(Direction.UPLOAD, 7)).isEqualTo("upload-7");
		assertThatThrownBy(() -> new BlobTransfer(Direction.DOWNLOAD, List.of(1, 1), 1, 1)).hasMessageContaining("twice");
		assertThatThrownBy(() -> new BlobTransfer(Direction.DOWNLOAD, List.of(0), 1, 1)).hasMessageContaining("1 or more");
		assertThatThrownBy(() -> new BlobTransfer(Direction.DOWNLOAD, List.of(1), 8192, 1)).hasMessageContaining("4096");
		assertThatThrownBy(() -> BlobTransfer.from(io.latencylab.plan.Parameters.of(java.util.Map.of(
				BlobTransfer.DIRECTION.name(), "sideways")))).hasMessageContaining("download or upload");
	}

	@Test
	void table2RunsOnTheLabsStoresAndAgainOnAzureStorageUntraced() {
		InsertComparison azure = new InsertComparison(List.of(1, 8), List.of(4), 10, "azure");
		Step step = azure.step("blob-vs-table-insert-azure");
		assertThat(InsertComparison.from(step.parameters())).isEqualTo(azure);
		assertThat(step.get(Plan.UNTRACED)).isTrue();
		assertThat(new InsertComparison(List.of(1), List.of(4), 10).step("blob-vs-table-insert").get(Plan.UNTRACED)).isNull();
		assertThat(new AzureStudy().plan(false).steps()).extracting(Step::name)
			.containsSubsequence("blob-vs-table-insert", "blob-vs-table-insert-azure");
		assertThatThrownBy(() -> new InsertComparison(List.of(1), List.of(4), 10, "s3")).hasMessageContaining("lab or azure");
	}

	@Test
	void table2sRatioIsBlobsInsertsAClientOverTables() {
		List<InsertComparison.Cell> cells = InsertComparison.measure(List.of(request("table-insert-4kb-c8", 0, 10, true),
				request("table-insert-4kb-c8", 0, 30, true), request("blob-insert-4kb-c8", 0, 5, true),
				request("blob-insert-4kb-c8", 0, 500, false), request("table-insert-1kb-c1", 0, 2, true),
				request("blob-insert-1kb-c1", 0, 8, true), request("warm-up", 0, 1, true)));
		assertThat(cells).extracting(InsertComparison.Cell::kb, InsertComparison.Cell::clients)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(1, 1), org.assertj.core.groups.Tuple.tuple(4, 8));
		InsertComparison.Cell four = cells.get(1);
		assertThat(four.table().perClientPerSec()).isCloseTo(1000 / 20.0, within(0.1));
		assertThat(four.blob().perClientPerSec()).isCloseTo(1000 / 5.0, within(0.1));
		assertThat(four.blob().errors()).isEqualTo(1);
		assertThat(four.ratio()).isCloseTo(4.0, within(0.05));
		assertThat(cells.get(0).ratio()).isCloseTo(0.25, within(0.01));
	}

	@Test
	void curlsFiguresAreItsOwnTimingsAndAFailedCurlCountsForNothing() {
		List<CurlTransfer> curls = List.of(CurlTransfer.parse(2, 0, "200 100000000 0 0.500000"),
				CurlTransfer.parse(2, 0.25, "200 100000000 0 1.000000"), CurlTransfer.parse(2, 0, "000 0 0 0.001"),
				CurlTransfer.parse(1, 0, "201 0 50000000 0.250000"), CurlTransfer.parse(1, 0, ""));
		assertThat(CurlTransfer.perClient(curls, 2)).isCloseTo(150.0, within(1e-9));
		// 200 MB from the first start (0 s) to the last end (0.25 + 1 s).
		assertThat(CurlTransfer.aggregate(curls, 2)).isCloseTo(160.0, within(1e-9));
		assertThat(CurlTransfer.perClient(curls, 1)).isCloseTo(200.0, within(1e-9));
		assertThat(CurlTransfer.perClient(curls, 4)).isNaN();
		assertThat(curls.get(4).ok()).isFalse();
	}

	@Test
	void seed002PlansFigure1AndTable2OnTheObjectStoreAtTheStudysScaleWithFull() {
		Plan laptop = new AzureStudy().plan(false);
		Plan full = new AzureStudy().plan(true);
		BlobTransfer download = BlobTransfer.from(step(full, "blob-download").parameters());
		assertThat(download.levels()).startsWith(1).endsWith(192).contains(128);
		assertThat(download.mib()).isEqualTo(1024);
		assertThat(download.rounds()).isEqualTo(3);
		assertThat(BlobTransfer.from(step(full, "blob-upload").parameters()).direction()).isEqualTo(Direction.UPLOAD);
		InsertComparison inserts = InsertComparison.from(step(full, "blob-vs-table-insert").parameters());
		assertThat(inserts.levels()).containsExactly(1, 8, 16);
		assertThat(inserts.sizesKb()).containsExactly(1, 4, 16, 64);
		assertThat(inserts.perClient()).isEqualTo(500);
		assertThat(BlobTransfer.from(step(laptop, "blob-download").parameters()).mib()).isLessThan(1024);
	}

	@Test
	void figure1RunsAgainOnAzureStorageAsTheSameTransfersUntraced() {
		Plan laptop = new AzureStudy().plan(false);
		for (String name : List.of("blob-download", "blob-upload")) {
			Step lab = step(laptop, name);
			Step azure = step(laptop, name + "-azure");
			assertThat(BlobTransfer.from(azure.parameters())).isEqualTo(BlobTransfer.from(lab.parameters()));
			assertThat(AzureBlobs.onAzure(azure.parameters())).isTrue();
			assertThat(AzureBlobs.onAzure(lab.parameters())).isFalse();
			assertThat(azure.get(Plan.UNTRACED)).isTrue();
			assertThat(azure.estimate()).isEqualTo(lab.estimate());
		}
	}

	private static Step step(Plan plan, String name) {
		return plan.steps().stream().filter((s) -> s.name().equals(name)).findFirst().orElseThrow();
	}

}
