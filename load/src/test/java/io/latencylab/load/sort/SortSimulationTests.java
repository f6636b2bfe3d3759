package io.latencylab.load.sort;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.latencylab.load.InProcessGatling;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** Seed 004's clients, seen from a server. */
class SortSimulationTests {

	/** Closed model: each client uploads again as soon as it is answered, on one connection of its own. */
	@Test
	void eachClientUploadsAgainAndAgainOnAConnectionOfItsOwn(@TempDir Path results) throws IOException {
		int exit;
		List<InProcessGatling.Sent> uploads;
		try (InProcessGatling gatling = new InProcessGatling()) {
			exit = gatling.run(SortSimulation.class,
					Map.of(Targets.SORT.name(), gatling.url(), SortLoad.ALGORITHM.name(), "quick", SortLoad.SIZE.name(),
							"10000", SortLoad.CLIENTS.name(), "2", SortLoad.DURATION.name(), "2s"),
					results);
			// The input file is fetched once (GET /generate) before the load.
			uploads = gatling.sent().stream().filter((request) -> request.method().equals("POST")).toList();
		}
		assertThat(exit).isZero();
		assertThat(uploads).hasSizeGreaterThan(20).allSatisfy((upload) -> assertThat(upload.path()).isEqualTo("/sort"));
		assertThat(uploads.stream().map(InProcessGatling.Sent::clientPort).distinct()).hasSize(2);
		// Every upload answered and recorded: none cut off when the duration ends.
		assertThat(InProcessGatling.recorded(results)).hasSize(uploads.size() + 1);
	}

}
