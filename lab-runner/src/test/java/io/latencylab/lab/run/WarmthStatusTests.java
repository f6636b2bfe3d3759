package io.latencylab.lab.run;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.latencylab.observability.Convergence.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class WarmthStatusTests {

	@TempDir
	Path dir;

	private static final Instant NOW = Instant.parse("2026-12-01T23:00:00Z");

	@Test
	void eachServiceIsWarmWarmingOrOnlyReadyByWhatWasJudgedOnItsRunningProcess() {
		Warmth warmth = Warmth.load(this.dir.resolve("warmth.json"));
		Map<String, Double> toyStore = Map.of("catalog-service", 10.0, "frontend-service", 11.0);
		warmth.judged("toy-query@1", "settled", toyStore, 3, true, new Level(0.7051, 1.2), NOW.minusSeconds(90));
		warmth.judged("toy-buy@1", "slowdown", Map.of("catalog-service", 10.0, "frontend-service", 11.0, "order-service", 12.0),
				48, false, new Level(9.5, Double.NaN), NOW.minusSeconds(30));
		warmth.judged("rest-get@1", "settled", Map.of("meals-rest", 20.0), 4, false, Level.NONE, NOW.minusSeconds(600));
		List<String> lines = WarmthStatus.lines(
				List.of("frontend-service", "catalog-service", "order-service", "meals-rest", "sort-service"),
				Map.of("frontend-service", 11.0, "catalog-service", 10.0, "order-service", 12.0, "meals-rest", 21.0,
						"sort-service", 30.0),
				Map.of("frontend-service", 250.0, "catalog-service", 0.0, "order-service", 0.0, "meals-rest", 0.0), 5.0, warmth,
				NOW);
		assertThat(lines).containsExactly(
				"warmth (the JIT's time over the last 5 s; targets as the last warm-up judged them):",
				"  frontend-service  warming (1 of 2 targets settled on this process); JIT 250 ms (5%)",
				"  catalog-service   warming (1 of 2 targets settled on this process); JIT 0 ms (0%)",
				"  order-service     warming (0 of 1 targets settled on this process); JIT 0 ms (0%)",
				"  meals-rest        ready (no target judged on this process); JIT 0 ms (0%)",
				"  sort-service      ready (no target judged on this process); JIT not read",
				"  rest-get@1        settled, 10 min ago after 4 windows; forgotten: a service it reaches restarted since",
				"  toy-buy@1         slowdown, 30 s ago after 48 windows; its services still the same processes",
				"  toy-query@1       settled at p50 0.705 ms at its floor, 90 s ago after 3 windows; its services still the same processes");
	}

}
