package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.study.StudyOption;
import io.latencylab.load.svload.CacheCase;
import io.latencylab.load.svload.ObjectCacheSimulation;
import io.latencylab.load.svload.ObjectPopulationSimulation;
import io.latencylab.load.svload.SvLoadPopulation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;


/**
 * Seed 003 (svLoad): the object store behind a Varnish cache, over HTTP and HTTPS, in the study's
 * 20 valid test cases, each a burst of every client's requests at once on new connections.
 */
public final class SvLoadStudy implements Study {

	static final Published PUBLISHED = Published.of(SvLoadStudy.class);

	static final Class<?> SIMULATION = ObjectCacheSimulation.class;

	static final Class<?> POPULATION = ObjectPopulationSimulation.class;

	private static final int CLIENTS = 10;

	/** Its system beside the services: the object store, Varnish in front of it, HTTPS in front of Varnish. */
	@Override
	public List<BackingSystem.Kind> systems() {
		return List.of(ObjectTier.KIND);
	}

	@Override
	public List<StudyOption> options() {
		return List.of(ObjectStoreHook.OPTION);
	}

	/** The store behind the cache tier (--store) and each case's tuning, set as its steps run. */
	@Override
	public List<RunHook> hooks(Map<String, String> values, boolean comparison) {
		return List.of(ObjectStoreHook.of(values.get(ObjectStoreHook.OPTION.name()), comparison));
	}

	@Override
	public About about() {
		return new About("seed-003", "003", PUBLISHED.paper(),
				"object store and Varnish cache: 20 test cases, HTTP/HTTPS × URL × load × backend/hit/miss");
	}

	/**
	 * The population first (the study's 55,000 objects at full scale, a 25th of them at laptop
	 * scale), then the cases. The study's 10 clients; with load each sends 400 requests at once (20
	 * at laptop scale, so that a burst of 200 new connections stays within what two cores can open at
	 * once). Rounds: 5 at full scale, 3 at laptop scale. The cases that read different URLs from the
	 * store or a cache hit share the population's first objects; each cache miss case reads objects
	 * of its own after those, so that no case finds in the cache what another put there (and purges
	 * them first, as the cases run twice). All 20 cases run before tuning, then all 20 after it
	 * (see {@link Tuning}), the store restarted between and warmed up again.
	 */
	@Override
	public Plan plan(boolean full) {
		SvLoadPopulation population = full ? SvLoadPopulation.STUDY : SvLoadPopulation.LAPTOP;
		int perClient = full ? 400 : 20;
		int rounds = full ? 5 : 3;
		List<Step> steps = new ArrayList<>();
		steps.add(population.setOn(Step.of("svload-population", POPULATION))
			.lasting(Duration.ofMillis(4L * population.objects())));
		for (Tuning tuning : Tuning.values()) {
			if (tuning != Tuning.BEFORE) {
				// The store was restarted with the new settings: its JIT warmed up again before measuring.
				Step tc19 = new CacheCase(19, CLIENTS, perClient, full ? 10 : 5, 0).step(population, tuning.key());
				steps.add(Step.of("warm-up-" + tuning.name().toLowerCase(Locale.ROOT), SIMULATION)
					.setAll(tc19.properties())
					.lasting(tc19.estimate()));
			}
			int nextMiss = CLIENTS * perClient;
			for (int id = 0; id <= 23; id++) {
				if (CacheCase.valid(id)) {
					CacheCase tc = new CacheCase(id, CLIENTS, perClient, rounds, 0);
					if (tc.server() == CacheCase.Server.MISS) {
						tc = new CacheCase(id, CLIENTS, perClient, rounds, nextMiss);
						nextMiss += tc.objects();
					}
					steps.add(tc.step(population, tuning.key()));
				}
			}
		}
		// The store's HTTP and HTTPS paths, JIT-compiled before anything is measured: TC19's bursts.
		Step tc19 = new CacheCase(19, CLIENTS, perClient, full ? 10 : 5, 0).step(population, Tuning.BEFORE.key());
		Step warmUp = Step.of("warm-up", SIMULATION).setAll(tc19.properties()).lasting(tc19.estimate());
		return new Plan(name(), seed(), full, warmUp, steps);
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		SvLoadReport.write(run, doc, charts);
	}

}
