package io.latencylab.lab.study.sixth;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.study.StudyOption;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.load.operation.SweepLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.WarmUp;

/**
 * A sixth study, added the way a newcomer adds one: a package of its own under
 * io.latencylab.lab.study, with an option and a backing system of its own, and no line changed in
 * the command line, the engine, the plan or the load generator's core. It lives in the tests: the
 * registry finds it on their class path only.
 */
public final class SixthStudy implements Study {

	static final StudyOption COLOUR = new StudyOption("colour", "COLOUR", "blue",
			"The colour the sixth study's hook paints its steps; red is refused before anything starts.");

	/** Its backing system: nothing to run, a line in `./lab status`. */
	static final BackingSystem.Kind SYSTEM = new BackingSystem.Kind() {

		@Override
		public Optional<BackingSystem> on(BareDeployment bare) {
			return Optional.of(new SixthSystem());
		}

	};

	/** What the last run's hooks were set with, for the tests to read. */
	static volatile Map<String, String> lastValues = Map.of();

	@Override
	public About about() {
		return new About("sixth", "900", "A. Newcomer, a study added in an afternoon", "one REST get step at one client");
	}

	@Override
	public Plan plan(boolean full) {
		List<Step> steps = List.of(new SweepLoad(Operation.REST_GET, List.of(1), Duration.ofSeconds(2), 0).step("sixth-rest-get"));
		return new Plan(name(), seed(), full, WarmUp.step(WarmUp.atOneClient(List.of(Operation.REST_GET)), false), steps);
	}

	@Override
	public List<StudyOption> options() {
		return List.of(COLOUR);
	}

	@Override
	public List<BackingSystem.Kind> systems() {
		return List.of(SYSTEM);
	}

	@Override
	public List<RunHook> hooks(Map<String, String> values, boolean comparison) {
		lastValues = Map.copyOf(values);
		String colour = values.get(COLOUR.name());
		return List.of(new RunHook() {

			@Override
			public Optional<String> refuses(Deployment deployment, List<Step> steps, List<InjectorHost> injectors) {
				return colour.equals("red") ? Optional.of("the sixth study paints no step red") : Optional.empty();
			}

			@Override
			public Active open(Deployment deployment, List<Step> steps) {
				return new Active() {
				};
			}

		});
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) {
		if (run.steps().stream().anyMatch((s) -> s.record().name().equals("sixth-rest-get"))) {
			doc.heading(2, "The sixth study").text("Painted " + lastValues.get(COLOUR.name()) + ".");
		}
	}

	/** The sixth study's system: it runs nothing, and says so. */
	static final class SixthSystem implements BackingSystem {

		@Override
		public Map<String, String> status() {
			return Map.of("sixth-system", "the sixth study's system, nothing to run");
		}

	}

}
