package io.latencylab.load.toystore;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.latencylab.load.InProcessGatling;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** Seed 001's clients, seen from a server: how many requests, on how many connections, of which toys. */
class ToyStoreSimulationTests {

	@Test
	void eachClientSendsItsQueriesOfTheStudysToysOnOneConnection(@TempDir Path results) throws IOException {
		List<InProcessGatling.Sent> sent = run("query", results);
		assertThat(sent).hasSize(2 * 15);
		assertThat(sent.stream().map(InProcessGatling.Sent::clientPort).distinct()).hasSize(2);
		List<String> paths = ToyStoreSimulation.TOYS.stream().map((toy) -> OutsideLoad.toyQuery(toy).path()).toList();
		assertThat(sent).allSatisfy((request) -> {
			assertThat(request.method()).isEqualTo("GET");
			assertThat(request.path()).isIn(paths);
		});
		// Drawn for each request, not once a client.
		assertThat(sent.stream().map(InProcessGatling.Sent::path).distinct().count()).isGreaterThan(2);
	}

	@Test
	void aBuyIsWrksRequestForOneOfTheStudysToys(@TempDir Path results) throws IOException {
		List<InProcessGatling.Sent> sent = run("buy", results);
		assertThat(sent).hasSize(2 * 15);
		List<String> bodies = ToyStoreSimulation.TOYS.stream().map((toy) -> OutsideLoad.toyBuy(toy).body()).toList();
		assertThat(sent).allSatisfy((request) -> {
			assertThat(request.method()).isEqualTo("POST");
			assertThat(request.path()).isEqualTo(OutsideLoad.toyBuy("Tux").path());
			assertThat(request.body()).isIn(bodies);
		});
	}

	private static List<InProcessGatling.Sent> run(String operation, Path results) throws IOException {
		try (InProcessGatling gatling = new InProcessGatling()) {
			int exit = gatling.run(ToyStoreSimulation.class,
					Map.of(Targets.TOY_STORE.name(), gatling.url(), ToyStoreLoad.OPERATION.name(), operation,
							ToyStoreLoad.CLIENTS.name(), "2", ToyStoreLoad.REQUESTS.name(), "15"),
					results);
			assertThat(exit).isZero();
			List<InProcessGatling.Sent> sent = gatling.sent();
			// Each answer recorded once.
			assertThat(InProcessGatling.recorded(results)).hasSize(sent.size() + 1);
			return sent;
		}
	}

}
