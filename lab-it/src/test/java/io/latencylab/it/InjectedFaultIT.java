package io.latencylab.it;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.it.LabProcesses.Service;
import io.latencylab.lab.traces.AppendedLines;
import io.latencylab.observability.OtlpJsonTraces;
import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failure knob: half of the catalog's commits fail (lab.inject.catalog-before-commit=fail@50%).
 * The catalog answers those calls UNAVAILABLE, the order service's channel retries them (up to 4
 * attempts), so most buys still succeed, slower, and a few run out of attempts and answer 503. The
 * traces show the retries; no answer is a 500; and nothing is lost: once the reconciler has
 * settled the orders left pending, the stock taken equals what the completed orders hold. On the
 * run's shared lab ({@link SharedLab}): the knob set through /actuator/injections for this test
 * only, the stock and the order numbers read before the load, the lab's deep-stock toy bought.
 */
@ExtendWith(SharedLab.class)
class InjectedFaultIT {

	private static final String TOY = "Kite";

	private static final String POINT = "catalog-before-commit";

	private static final int BUYS = 60;

	@Test
	void halfTheCommitsFailingBecomeRetriesAndA503NeverALostOrder(LabProcesses store) throws Exception {
		StoreClient client = new StoreClient(store::frontend);
		// The next order's number: every buy below takes one, the 503s' too (left pending).
		StoreClient.Answer probe = client.buy(TOY, 1);
		assertThat(probe.status()).as(probe.body()).isEqualTo(200);
		int firstNumber = (int) probe.read("$.data.order_number") + 1;
		int before = client.quantityOf(TOY);
		Path catalogTraces = store.tracesDir().resolve("catalog-service.jsonl");
		AppendedLines spansFromNow = Files.exists(catalogTraces) ? AppendedLines.fromEnd(catalogTraces)
				: new AppendedLines(catalogTraces, 0);
		try {
			assertThat(ComponentMedians.inject(store, Service.CATALOG, POINT, "fail@50%"))
				.isEqualTo("{\"" + POINT + "\":\"fail@50%\"}");
			Map<Integer, Integer> statuses = new HashMap<>();
			List<Integer> acknowledged = new ArrayList<>();
			long loadStart = System.nanoTime();
			for (int i = 0; i < BUYS; i++) {
				StoreClient.Answer answer = client.buy(TOY, 1);
				statuses.merge(answer.status(), 1, Integer::sum);
				if (answer.status() == 200) {
					acknowledged.add(answer.read("$.data.order_number"));
				}
				else {
					assertThat(answer.body()).isEqualTo("{\"error\":{\"code\":503,\"message\":\"backend unavailable\"}}");
				}
			}
			double seconds = (System.nanoTime() - loadStart) / 1e9;
			assertThat(statuses.keySet()).as("only sales and 503s").isSubsetOf(200, 503);
			// 4 attempts each: a buy fails with probability 1/16, so 60 buys all failing or none succeeding is out of reach.
			assertThat(statuses.getOrDefault(200, 0)).isGreaterThan(BUYS / 2);

			Map<String, Integer> attemptsPerTrace = new HashMap<>();
			int failedCommits = 0;
			for (Span span : catalogSpans(spansFromNow)) {
				if (span.name().equals("latencylab.toystore.v1.Catalog/Buy") && span.kind() == 2) {
					attemptsPerTrace.merge(span.traceId(), 1, Integer::sum);
				}
				if (span.name().equals("catalog.commit") && span.error()) {
					failedCommits++;
				}
			}
			assertThat(failedCommits).as("failed commits, each an error span").isPositive();
			assertThat(attemptsPerTrace.values()).as("a retried buy has several catalog Buy spans in its trace")
				.anyMatch((attempts) -> attempts >= 2);

			int completed = 0;
			int taken = 0;
			Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
			do {
				Thread.sleep(1000);
				taken = before - client.quantityOf(TOY);
				completed = 0;
				// Every buy got an order number, BUYS of them from firstNumber on, the 503s' orders left pending.
				for (int n = firstNumber; n < firstNumber + BUYS; n++) {
					StoreClient.Answer order = client.get("/orders/" + n);
					if (order.status() == 200 && order.body().contains("\"name\":\"" + TOY + "\"")) {
						completed += (int) order.read("$.data.quantity");
					}
				}
			}
			while (taken != completed && Instant.now().isBefore(deadline));
			long lost = 0;
			for (int number : acknowledged) {
				lost += (client.get("/orders/" + number).status() == 200) ? 0 : 1;
			}
			System.out.println(new FaultFigures("half the catalog's commits failing (lab.inject.catalog-before-commit=fail@50%)",
					"1 buyer of " + TOY, seconds, statuses, 0, acknowledged.size(), (int) lost, taken, completed).line());
			assertThat(lost).as("acknowledged orders that cannot be read").isZero();
			assertThat(taken).as("stock taken vs completed orders").isEqualTo(completed);
			assertThat(completed).isGreaterThanOrEqualTo(statuses.getOrDefault(200, 0));
		}
		finally {
			ComponentMedians.inject(store, Service.CATALOG, POINT, null);
		}
	}

	/** The catalog's spans written since {@code lines} was marked; its exporter writes each batch within a few seconds. */
	private static List<Span> catalogSpans(AppendedLines lines) throws Exception {
		Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
		List<Span> spans = new ArrayList<>();
		do {
			Thread.sleep(500);
			// Whole lines only: the service may be writing the last one.
			spans.addAll(OtlpJsonTraces.readLines(new StringReader(lines.read())));
		}
		while (spans.stream().noneMatch(Span::error) && Instant.now().isBefore(deadline));
		return spans;
	}

}
