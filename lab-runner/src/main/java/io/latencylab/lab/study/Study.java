package io.latencylab.lab.study;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.report.ReportSection;
import io.latencylab.plan.Plan;

/**
 * A published study the lab reproduces: one package under io.latencylab.lab.study holding its
 * plan at laptop and at full scale, its tables and charts, and its published figures
 * (published.json beside it). The registry finds every implementation in those packages.
 */
public interface Study extends ReportSection {

	/**
	 * What a study is, as `./lab list` shows it.
	 *
	 * @param name what `./lab run` takes, as "seed-" and the seed file's number
	 * @param seed the seed file's number ("001"), or "all" for the tour
	 * @param paper the paper, as a reader would cite it
	 * @param summary one line: what the plan runs
	 */
	record About(String name, String seed, String paper, String summary) {
	}

	About about();

	default String name() {
		return about().name();
	}

	default String seed() {
		return about().seed();
	}

	default String paper() {
		return about().paper();
	}

	default String summary() {
		return about().summary();
	}

	/** The plan at laptop scale, or at the study's own scale. */
	Plan plan(boolean full);

	/** Gatling: the lab's own load generator, which runs every study's plan. */
	String GATLING = "gatling";

	/**
	 * The load generators that can send the study's own load plans ({@code ./lab run --generator}):
	 * Gatling, and a study that ships its plans for another tool (JMeter plans, say) that one too.
	 */
	default List<String> generators() {
		return List.of(GATLING);
	}

	/**
	 * The plan with the study's own load plans sent by each of {@code generators} in turn, on the
	 * same services; steps that are not the study's own plans stay with Gatling.
	 *
	 * @throws IllegalArgumentException for a generator not in {@link #generators()}
	 */
	default Plan plan(boolean full, List<String> generators) {
		checkGenerators(generators);
		return plan(full);
	}

	/** @throws IllegalArgumentException for none, or for a generator not in {@link #generators()} */
	default void checkGenerators(List<String> generators) {
		if (generators.isEmpty()) {
			throw new IllegalArgumentException("name a generator: " + String.join(" or ", generators()));
		}
		for (String generator : generators) {
			if (!generators().contains(generator)) {
				throw new IllegalArgumentException(name() + " runs its plans with " + String.join(" or ", generators())
						+ ", not " + generator);
			}
		}
	}

	/**
	 * The systems the study runs beside the lab's services (an object store, a cache, a storage
	 * emulator), which every deployment the lab starts runs for it; none by default.
	 */
	default List<BackingSystem.Kind> systems() {
		return List.of();
	}

	/** The options of the study's own on {@code ./lab run}; none by default. */
	default List<StudyOption> options() {
		return List.of();
	}

	/**
	 * What the study does around a run's steps, as its options set it: checked before anything starts.
	 *
	 * @param values each of {@link #options()} by name: as given, else its default; absent when it has neither
	 * @param comparison whether the run is a side of {@code --compare}, whose sides must run alike
	 * @throws IllegalArgumentException for a value the study refuses, the message naming its option
	 */
	default List<RunHook> hooks(Map<String, String> values, boolean comparison) {
		return List.of();
	}

	/**
	 * The round trip between each region the study's load came from and its server, for
	 * ./lab run --regions to emulate; empty for a study without regions.
	 */
	default Map<String, Duration> regionRoundTrips() {
		return Map.of();
	}

	/** Where {@link #regionRoundTrips} come from, as the report cites it. */
	default String regionSource() {
		return "";
	}

}
