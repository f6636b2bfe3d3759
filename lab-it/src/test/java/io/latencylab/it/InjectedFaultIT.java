package io.latencylab.it;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.traces.AppendedLines;
import io.latencylab.observability.OtlpJsonTraces;
import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failure knob: half of the catalog's commits fail (lab.inject.catalog-before-commit=fail@50%).
 * The catalog answers those calls UNAVAILABLE, the order service's channel retries them (up to 4
 * attempts), so most buys still succeed, slower, and a few run out of attempts and answer 503. The
 * traces show the retries; no answer is a 500; and nothing is lost: once the reconciler has
 * settled the orders left pending, the stock taken equals what the completed orders hold.
 */
class InjectedFaultIT {

	private static final String TOY = "Whale";

	private static final int BUYS = 60;

	@Test
	void halfTheCommitsFailingBecomeRetriesAndA503NeverALostOrder() throws Exception {
		try (LabProcesses store = new LabProcesses("--lab.inject.catalog-before-commit=fail@50%")) {
			store.startAll();
			StoreClient client = new StoreClient(store::frontend);
			int before = client.quantityOf(TOY);
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
			for (Span span : catalogSpans(store)) {
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
				// Every buy got an order number, 0 to BUYS - 1, the 503s' orders left pending.
				for (int n = 0; n < BUYS; n++) {
					StoreClient.Answer order = client.get("/orders/" + n);
					if (order.status() == 200) {
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
	}

	/** The catalog's spans so far; its exporter writes each batch within a few seconds. */
	private static List<Span> catalogSpans(LabProcesses store) throws Exception {
		Path file = store.tracesDir().resolve("catalog-service.jsonl");
		Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
		List<Span> spans;
		do {
			Thread.sleep(500);
			// Whole lines only: the service may be writing the last one.
			spans = OtlpJsonTraces.readLines(new StringReader(new AppendedLines(file, 0).read()));
		}
		while (spans.stream().noneMatch(Span::error) && Instant.now().isBefore(deadline));
		return spans;
	}

}
