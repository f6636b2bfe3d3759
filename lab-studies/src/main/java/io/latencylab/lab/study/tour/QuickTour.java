package io.latencylab.lab.study.tour;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.study.StudyOption;
import io.latencylab.lab.study.azure.AzureStudy;
import io.latencylab.load.azure.BlobTransfer;
import io.latencylab.load.azure.BlobTransfer.Direction;
import io.latencylab.load.azure.InsertComparison;
import io.latencylab.load.meals.MealsLoad;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.load.sort.SortLoad;
import io.latencylab.load.toystore.ToyStoreLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;

/**
 * A short visit to every study, with the decomposition: the README's main command. Its steps are
 * the studies' own, so each study's section of the report shows them.
 */
public final class QuickTour implements Study {

	@Override
	public About about() {
		return new About("quick", "all", "every study, briefly",
				"a tour of every study in about 5 minutes, warm-up included, with the decomposition");
	}

	/** Seed 002's, whose storage steps it visits. */
	private final AzureStudy storage = new AzureStudy();

	@Override
	public List<StudyOption> options() {
		return this.storage.options();
	}

	@Override
	public List<RunHook> hooks(Map<String, String> values, boolean comparison) {
		return this.storage.hooks(values, comparison);
	}

	@Override
	public Plan plan(boolean full) {
		Duration ramp = Duration.ofSeconds(2);
		Duration load = Duration.ofSeconds(8);
		List<Step> steps = List.of(MealsLoad.baseline("meals-soap-study", "soap", "study", 4, ramp, load),
				MealsLoad.baseline("meals-rest-study", "rest", "study", 4, ramp, load),
				// At one client enough requests to pass the switch from the meals steps: on a warm lab a
				// query's p50 fell for its first 600 (1.8 to 0.7 ms) and 300 read 1.9 times wrk's.
				new ToyStoreLoad("query", 1, 2000).step(), new ToyStoreLoad("buy", 1, 300).step(),
				new ToyStoreLoad("query", 5, 100).step(), new ToyStoreLoad("buy", 5, 20).step(),
				new SweepLoad(Operation.REST_GET, List.of(1, 2, 4, 8), Duration.ofSeconds(2), 0).step("sweep-rest-get"),
				new SweepLoad(Operation.SOAP_GET, List.of(1, 4), Duration.ofSeconds(2), 0).step("sweep-soap-get"),
				new BlobTransfer(Direction.DOWNLOAD, List.of(1, 4), 16, 1).step("blob-download"),
				new InsertComparison(List.of(1, 4), List.of(1, 16), 10).step("blob-vs-table-insert"),
				new SortLoad("quick", 10_000, 2, Duration.ofSeconds(8)).step(),
				new SortLoad("exchange", 10_000, 1, Duration.ofSeconds(6)).step());
		// What the steps measure, at their clients: the meals study plans at 4 users, the toy store at 5
		// then at 1 (the most calls a second for the JIT first), the gets at one client, the sorts at 2.
		List<WarmUp.Target> targets = List.of(WarmUp.Target.of(Operation.SOAP_STUDY, 4),
				WarmUp.Target.of(Operation.REST_STUDY, 4), WarmUp.Target.of(Operation.TOY_QUERY, 5),
				WarmUp.Target.of(Operation.TOY_BUY, 5), WarmUp.Target.of(Operation.TOY_QUERY, 1),
				WarmUp.Target.of(Operation.TOY_BUY, 1), WarmUp.Target.of(Operation.REST_GET, 1),
				WarmUp.Target.of(Operation.SOAP_GET, 1), WarmUp.Target.of(Operation.SORT, 2));
		return new Plan(name(), seed(), false, WarmUp.step(targets, WarmUp.DEFAULT_CAP), steps);
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) {
		// Its steps belong to the studies, whose sections report them.
	}

}
