package io.latencylab.telemetry;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LatencyInjectorTests {

	@Test
	void aDelayIsSleptAtItsPointOnly() {
		LatencyInjector injector = new LatencyInjector(Map.of("here", "30ms"), ObservationRegistry.NOOP);
		long start = System.nanoTime();
		injector.at("elsewhere");
		long elsewhere = System.nanoTime() - start;
		start = System.nanoTime();
		injector.at("here");
		long here = System.nanoTime() - start;
		assertThat(here).isGreaterThanOrEqualTo(30_000_000L);
		assertThat(elsewhere).isLessThan(30_000_000L);
	}

	@Test
	void anInjectedPassMarksTheObservationItSitsInWithItsPointAndWhatWasDone() {
		ObservationRegistry registry = ObservationRegistry.create();
		registry.observationConfig().observationHandler((context) -> true);
		// Draws 0.5, 0.1, 0.1: the first pass is not in the 20% share, the next two are (the last
		// one with no observation current: slept, and nothing to mark).
		double[] draws = { 0.5, 0.1, 0.1 };
		AtomicInteger draw = new AtomicInteger();
		LatencyInjector injector = new LatencyInjector(Map.of("order-before-catalog", "1ms-2ms@20%"), registry,
				() -> draws[draw.getAndIncrement()]);
		Observation left = Observation.start("left", registry);
		left.scoped(() -> injector.at("order-before-catalog"));
		Observation marked = Observation.start("marked", registry);
		marked.scoped(() -> injector.at("order-before-catalog"));
		injector.at("order-before-catalog");
		assertThat(left.getContext().getHighCardinalityKeyValue(LatencyInjector.MARK)).isNull();
		assertThat(marked.getContext().getHighCardinalityKeyValue(LatencyInjector.MARK).getValue())
			.matches("order-before-catalog (1|1\\.[0-9]+|2)ms");
		LatencyInjector failing = new LatencyInjector(Map.of("catalog-before-commit", "fail"), registry);
		Observation failed = Observation.start("failed", registry);
		assertThatThrownBy(() -> failed.scoped(() -> failing.at("catalog-before-commit")))
			.isInstanceOf(LatencyInjector.InjectedFault.class);
		assertThat(failed.getContext().getHighCardinalityKeyValue(LatencyInjector.MARK).getValue())
			.isEqualTo("catalog-before-commit fail");
	}

	@Test
	void aFailureIsThrownNamingItsPointAndItsProperty() {
		LatencyInjector injector = new LatencyInjector(Map.of("catalog-before-commit", "fail"), ObservationRegistry.NOOP);
		assertThatThrownBy(() -> injector.at("catalog-before-commit")).isInstanceOf(LatencyInjector.InjectedFault.class)
			.hasMessage("a failure injected at catalog-before-commit (lab.inject.catalog-before-commit)");
	}

	@Test
	void aShareActsOnThePassesWhoseDrawFallsBelowIt() {
		// Draws 0.00, 0.01, … 0.99 in turn: a 25% share fails exactly the 25 draws under 0.25.
		AtomicInteger draw = new AtomicInteger();
		LatencyInjector injector = new LatencyInjector(Map.of("p", "FAIL@25%"), ObservationRegistry.NOOP, () -> (draw.getAndIncrement() % 100) / 100.0);
		int failed = 0;
		for (int i = 0; i < 100; i++) {
			try {
				injector.at("p");
			}
			catch (LatencyInjector.InjectedFault fault) {
				failed++;
			}
		}
		assertThat(failed).isEqualTo(25);
	}

	@Test
	void anInjectionSetWhileRunningActsFromTheNextPassAndIsTakenAwayWithoutASpec() {
		LatencyInjector injector = new LatencyInjector(Map.of(), ObservationRegistry.NOOP);
		injector.at("catalog-before-commit");
		injector.set("catalog-before-commit", "fail");
		assertThat(injector.specs()).containsExactly(Map.entry("catalog-before-commit", "fail"));
		assertThatThrownBy(() -> injector.at("catalog-before-commit")).isInstanceOf(LatencyInjector.InjectedFault.class);
		injector.set("catalog-before-commit", null);
		injector.at("catalog-before-commit");
		assertThat(injector.specs()).isEmpty();
	}

	@Test
	void aPointNoServicePassesOrASpecThatIsNoneIsRefusedAndChangesNothing() {
		LatencyInjector injector = new LatencyInjector(Map.of("order-before-catalog", "5ms"), ObservationRegistry.NOOP);
		assertThatIllegalArgumentException().isThrownBy(() -> injector.set("catalog-before-comit", "50ms"))
			.withMessage("no point 'catalog-before-comit'; the points are [catalog-before-commit, order-before-catalog, order-before-complete]");
		assertThatIllegalArgumentException().isThrownBy(() -> injector.set("order-before-catalog", "50"))
			.withMessageContaining("not '50'");
		assertThat(injector.specs()).containsExactly(Map.entry("order-before-catalog", "5ms"));
	}

	@Test
	void specsAreParsedOrRefusedWithTheirGrammar() {
		assertThat(LatencyInjector.Action.parse("40ms-60ms")).isEqualTo(new LatencyInjector.Action(false, 40_000_000, 60_000_000, 1));
		assertThat(LatencyInjector.Action.parse(" 200ms @ 10% ")).isEqualTo(new LatencyInjector.Action(false, 200_000_000, 200_000_000, 0.1));
		assertThat(LatencyInjector.Action.parse("1s")).isEqualTo(new LatencyInjector.Action(false, 1_000_000_000, 1_000_000_000, 1));
		for (String bad : new String[] { "50", "fail@", "fail@150%", "50ms@ten%", "60ms-40ms", "explode" }) {
			assertThatIllegalArgumentException().as(bad)
				.isThrownBy(() -> new LatencyInjector(Map.of("p", bad), ObservationRegistry.NOOP))
				.withMessageContaining("not '" + bad + "'");
		}
	}

	@Test
	void injectionsPassedAsOneListAreEachPointsOwn() {
		// LAB_INJECTIONS, the one variable compose hands a container.
		assertThat(LatencyInjector.parseList(" catalog-before-commit=50ms , order-before-catalog=fail@10%"))
			.containsExactly(Map.entry("catalog-before-commit", "50ms"), Map.entry("order-before-catalog", "fail@10%"));
		assertThat(LatencyInjector.parseList("")).isEmpty();
		assertThat(LatencyInjector.parseList(" , ")).isEmpty();
		for (String bad : new String[] { "catalog-before-commit", "=50ms", "catalog-before-commit=" }) {
			assertThatIllegalArgumentException().as(bad)
				.isThrownBy(() -> LatencyInjector.parseList(bad))
				.withMessageContaining("'" + bad + "' is not POINT=DELAY");
		}
	}

}
