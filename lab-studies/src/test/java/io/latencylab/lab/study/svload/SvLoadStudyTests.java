package io.latencylab.lab.study.svload;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;

import io.latencylab.load.svload.CacheCase;
import io.latencylab.load.svload.CacheCase.Server;
import io.latencylab.load.svload.ObjectCacheSimulation;
import io.latencylab.load.svload.ObjectPopulationSimulation;
import io.latencylab.load.svload.SvLoadPopulation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Seed 003's Table I as the plan reads it, and the plan it makes. */
class SvLoadStudyTests {

	@Test
	void everyCaseIsTableIsRow() {
		// Table I: id, HTTPS, same URL, with load, server.
		Object[][] table = { { 0, false, true, false, Server.BACKEND }, { 1, false, true, true, Server.BACKEND },
				{ 2, false, true, false, Server.HIT }, { 3, false, true, true, Server.HIT },
				{ 6, false, false, false, Server.BACKEND }, { 7, false, false, true, Server.BACKEND },
				{ 8, false, false, false, Server.MISS }, { 9, false, false, true, Server.MISS },
				{ 10, false, false, false, Server.HIT }, { 11, false, false, true, Server.HIT },
				{ 12, true, true, false, Server.BACKEND }, { 13, true, true, true, Server.BACKEND },
				{ 14, true, true, false, Server.HIT }, { 15, true, true, true, Server.HIT },
				{ 18, true, false, false, Server.BACKEND }, { 19, true, false, true, Server.BACKEND },
				{ 20, true, false, false, Server.MISS }, { 21, true, false, true, Server.MISS },
				{ 22, true, false, false, Server.HIT }, { 23, true, false, true, Server.HIT } };
		for (Object[] row : table) {
			CacheCase tc = new CacheCase((int) row[0], 10, 400, 1, 0);
			assertThat(List.<Object>of(tc.https(), tc.sameUrl(), tc.withLoad(), tc.server())).as(tc.label())
				.containsExactly(row[1], row[2], row[3], row[4]);
			assertThat(tc.burst()).as(tc.label()).isEqualTo(tc.withLoad() ? 4000 : 10);
		}
	}

	@Test
	void theFourCasesTheStudyLeftOutAreRefused() {
		for (int id : new int[] { 4, 5, 16, 17 }) {
			assertThat(CacheCase.valid(id)).isFalse();
			assertThatThrownBy(() -> new CacheCase(id, 10, 400, 1, 0)).hasMessageContaining("cache miss on the same URL");
		}
		assertThatThrownBy(() -> new CacheCase(24, 10, 400, 1, 0)).hasMessageContaining("TC0 to TC23");
	}

	@Test
	void thePlanLoadsThePopulationThenRunsTheTwentyValidCasesBeforeAndAfterTuning() {
		Plan plan = new SvLoadStudy().plan(false);
		assertThat(plan.steps()).hasSize(1 + 20 + 1 + 20);
		assertThat(plan.steps().getFirst().simulation()).isEqualTo(ObjectPopulationSimulation.class.getName());
		assertThat(SvLoadPopulation.from(plan.steps().getFirst().parameters())).isEqualTo(SvLoadPopulation.LAPTOP);
		assertThat(plan.steps()).extracting(Step::name).doesNotContain("svload-tc4-before", "svload-tc5-before",
				"svload-tc16-before", "svload-tc17-before");
		assertThat(plan.warmUp().get(Plan.TUNING)).isEqualTo("before");
		assertThat(plan.steps().get(21).name()).isEqualTo("warm-up-after");
		List<String> tunings = new ArrayList<>();
		for (Step step : plan.steps().subList(1, plan.steps().size())) {
			CacheCase tc = CacheCase.from(step.parameters());
			tunings.add(step.get(Plan.TUNING));
			if (!step.name().startsWith("warm-up")) {
				assertThat(step.name()).isEqualTo("svload-tc" + tc.id() + "-" + step.get(Plan.TUNING));
				assertThat(Boolean.TRUE.equals(step.get(Plan.UNTRACED))).as(step.name()).isEqualTo(tc.server() == Server.HIT);
			}
			assertThat(tc.requestsPerClient()).isEqualTo(20);
		}
		assertThat(tunings).containsExactlyElementsOf(
				java.util.stream.Stream.concat(Collections.nCopies(20, "before").stream(), Collections.nCopies(21, "after").stream())
					.toList());
		assertThat(CacheCase.from(new SvLoadStudy().plan(true).steps().get(2).parameters()).burst()).isEqualTo(4000);
	}

	@Test
	void everyCacheMissReadsObjectsNoOtherCaseReadsAndAllFitThePopulation() {
		for (boolean full : new boolean[] { false, true }) {
			Plan plan = new SvLoadStudy().plan(full);
			SvLoadPopulation population = SvLoadPopulation.from(plan.steps().getFirst().parameters());
			BitSet read = new BitSet();
			BitSet missed = new BitSet();
			for (Step step : plan.run(true)) {
				if (step.simulation().equals(ObjectCacheSimulation.class.getName()) && !"after".equals(step.get(Plan.TUNING))) {
					CacheCase tc = CacheCase.from(step.parameters());
					int end = tc.firstObject() + tc.objects();
					assertThat(end).as(step.name()).isLessThanOrEqualTo(population.objects());
					BitSet mine = new BitSet();
					mine.set(tc.firstObject(), end);
					BitSet other = (BitSet) mine.clone();
					other.and(tc.server() == Server.MISS ? read : missed);
					assertThat(other.isEmpty()).as(step.name() + " shares no object with a miss case").isTrue();
					(tc.server() == Server.MISS ? missed : read).or(mine);
				}
			}
			int rounds = full ? 5 : 3;
			int perClient = full ? 400 : 20;
			// TC8 and TC20: 10 requests a round; TC9 and TC21: 10 × perClient; curl's 5 a round each.
			assertThat(missed.cardinality()).as("four miss cases, each its own objects")
				.isEqualTo(2 * (10 * rounds + 5 * rounds) + 2 * (10 * perClient * rounds + 5 * rounds));
		}
	}

	@Test
	void aCaseBeyondThePopulationIsRefused() {
		assertThatThrownBy(() -> new CacheCase(9, 10, 400, 5, 0).step(SvLoadPopulation.LAPTOP, Tuning.BEFORE.key()))
			.hasMessageContaining("beyond a population of 2200");
	}

}
