package io.latencylab.load.operation;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.latencylab.load.InProcessGatling;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up's simulation: the load its clients send, and the plan naming it by name, since the
 * plan knows no simulation class.
 */
class WarmUpSimulationTests {

	/**
	 * Real Gatling against a local server: each of the two clients is one user on one connection
	 * for the whole window, as the steps' clients are, not a new user (and request) after another.
	 */
	@Test
	void eachClientSendsRequestAfterRequestOnAConnectionOfItsOwn(@TempDir Path results) throws IOException {
		int exit;
		List<InProcessGatling.Sent> sent;
		try (InProcessGatling gatling = new InProcessGatling()) {
			exit = gatling.run(WarmUpSimulation.class,
					Map.of("lab.reference.url", gatling.url(), WarmUp.OPERATIONS.name(), "reference-get",
							WarmUp.CLIENTS.name(), "2", WarmUp.DURATION.name(), "2s"),
					results);
			sent = gatling.sent();
		}
		assertThat(exit).isZero();
		assertThat(sent.stream().map(InProcessGatling.Sent::clientPort).distinct()).hasSize(2);
		assertThat(sent).hasSizeGreaterThan(20);
		// Every request sent was answered and recorded: the window ends after each client's last answer.
		assertThat(InProcessGatling.recorded(results)).hasSize(sent.size() + 1);
	}

	/**
	 * The toy windows send wrk's requests (OutsideLoad's), through the chain the toy store's steps
	 * send theirs (ToyStoreSimulationTests): a query of Tux, a buy of the deep-stock toy; after every
	 * four buys, one the store refuses (409), sent but not recorded, so that a step's toys selling out
	 * meets a refusal path already compiled.
	 */
	@Test
	void theToyWindowsSendWrksRequestsAndABuyRefusedAfterEveryFour(@TempDir Path results) throws IOException {
		OutsideLoad.Request query = OutsideLoad.requestOf(Operation.TOY_QUERY);
		OutsideLoad.Request buy = OutsideLoad.requestOf(Operation.TOY_BUY);
		OutsideLoad.Request refused = OutsideLoad.toyBuy(OutsideLoad.QUERIED_TOY, 1_000_000);
		int exit;
		List<InProcessGatling.Sent> sent;
		try (InProcessGatling gatling = new InProcessGatling(
				(request) -> request.body().equals(refused.body()) ? 409 : 200)) {
			exit = gatling.run(WarmUpSimulation.class,
					Map.of(Targets.TOY_STORE.name(), gatling.url(), WarmUp.OPERATIONS.name(), "toy-query,toy-buy",
							WarmUp.CLIENTS.name(), "1", WarmUp.DURATION.name(), "1s"),
					results);
			sent = gatling.sent();
		}
		assertThat(exit).isZero();
		assertThat(sent).allSatisfy((request) -> assertThat(request).isIn(
				new InProcessGatling.Sent(request.clientPort(), query.method(), query.path(), ""),
				new InProcessGatling.Sent(request.clientPort(), buy.method(), buy.path(), buy.body()),
				new InProcessGatling.Sent(request.clientPort(), refused.method(), refused.path(), refused.body())));
		List<String> buys = sent.stream()
			.filter((request) -> request.method().equals("POST"))
			.map((request) -> request.body().equals(refused.body()) ? "r" : "s")
			.toList();
		// One client's buys, in the order sent: four sales, a refusal, again, to the window's end.
		assertThat(String.join("", buys)).matches("(ssssr)+s{0,4}").contains("r");
		assertThat(sent).extracting(InProcessGatling.Sent::method).contains("GET");
		// Only the queries and the sales recorded: a window's p50 is over the requests wrk sends.
		List<String> recorded = InProcessGatling.recorded(results);
		long refusals = buys.stream().filter("r"::equals).count();
		assertThat(recorded).hasSize(sent.size() - (int) refusals + 1);
		assertThat(recorded.subList(1, recorded.size())).allSatisfy((row) -> assertThat(row).contains(",200,"));
	}

	@Test
	void thePlansWarmUpNamesThisSimulation() {
		assertThat(WarmUp.SIMULATION).isEqualTo(WarmUpSimulation.class.getName());
		assertThat(Step.runs(WarmUp.load(List.of(), 1, Duration.ofSeconds(1)).simulation(), WarmUpSimulation.class)).isTrue();
	}

	@Test
	void runsRecordedBeforeItsPackageAreItsRuns() {
		// Named alone (the first runs), then in full in the load generator's one package.
		assertThat(Step.runs("WarmUpSimulation", WarmUpSimulation.class)).isTrue();
		assertThat(Step.runs("io.latencylab.load.WarmUpSimulation", WarmUpSimulation.class)).isTrue();
		assertThat(Step.runs("io.latencylab.load.TourSimulation", WarmUpSimulation.class)).isFalse();
		assertThat(Step.runs("jmeter", WarmUpSimulation.class)).isFalse();
	}

}
