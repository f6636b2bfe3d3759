package io.latencylab.it;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;

import io.latencylab.observability.Decomposition;
import io.latencylab.observability.OtlpJsonTraces;
import io.latencylab.observability.Span;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test that proves the latency decomposition: the same short load twice, the second time with
 * a known delay of 50 ms injected inside the catalog's commit. The decomposition must put 50 ms
 * (± 5 ms, compared by median) on the catalog's commit component and change no other component by
 * more than 5 ms.
 */
class KnownAnswerIT {

	private static final int WARM_UP = 15;

	private static final int MEASURED = 30;

	private static final long MS = 1_000_000;

	@Test
	void anInjected50msDelayIsFoundInTheCatalogsCommitAndNowhereElse() throws Exception {
		Map<String, Long> baseline = medianComponents();
		Map<String, Long> injected = medianComponents("--lab.inject.catalog-before-commit=50ms");

		System.out.println("median per component, ms (baseline -> injected):");
		new TreeSet<>(baseline.keySet()).forEach((c) -> System.out.printf("  %-70s %8.2f -> %8.2f%n", c,
				baseline.get(c) / 1e6, injected.getOrDefault(c, 0L) / 1e6));
		String commit = "catalog-service: catalog.commit";
		assertThat(injected.get(commit) - baseline.get(commit)).as("added to %s; baseline %s; injected %s", commit,
				baseline, injected)
			.isBetween(45 * MS, 55 * MS);
		for (String component : new TreeSet<>(baseline.keySet())) {
			if (!component.equals(commit) && injected.containsKey(component)) {
				assertThat(Math.abs(injected.get(component) - baseline.get(component)))
					.as("change of %s; baseline %s; injected %s", component, baseline, injected)
					.isLessThanOrEqualTo(5 * MS);
			}
		}
	}

	/** Runs the load on a fresh toy store and returns the median of each component over the buys. */
	private static Map<String, Long> medianComponents(String... catalogArgs) throws Exception {
		HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		Map<String, Long> clientNanos = new HashMap<>();
		Map<String, String> parents = new HashMap<>();
		LabProcesses lab = new LabProcesses(catalogArgs);
		try (lab) {
			lab.startAll();
			for (int i = 0; i < WARM_UP + MEASURED; i++) {
				String traceId = HexFormat.of().formatHex(random(16));
				String parent = HexFormat.of().formatHex(random(8));
				HttpRequest buy = HttpRequest.newBuilder(lab.frontend("/orders"))
					.header("traceparent", "00-" + traceId + "-" + parent + "-01")
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Lego\",\"quantity\":1}"))
					.build();
				long start = System.nanoTime();
				int status = http.send(buy, HttpResponse.BodyHandlers.discarding()).statusCode();
				long elapsed = System.nanoTime() - start;
				assertThat(status).isEqualTo(200);
				if (i >= WARM_UP) {
					clientNanos.put(traceId, elapsed);
					parents.put(traceId, parent);
				}
			}
		}
		List<Span> spans = OtlpJsonTraces.readDirectory(lab.tracesDir());
		Map<String, List<Long>> samples = new HashMap<>();
		for (var entry : clientNanos.entrySet()) {
			List<Span> trace = spans.stream().filter((s) -> s.traceId().equals(entry.getKey())).toList();
			Span root = trace.stream()
				.filter((s) -> s.parentSpanId().equals(parents.get(entry.getKey())))
				.findFirst()
				.orElseThrow(() -> new AssertionError("no root span for trace " + entry.getKey()));
			Decomposition.of(trace, root, entry.getValue())
				.forEach((component, nanos) -> samples.computeIfAbsent(component, (c) -> new ArrayList<>()).add(nanos));
		}
		Map<String, Long> medians = new HashMap<>();
		samples.forEach((component, values) -> {
			// A component missing from some traces counts as 0 there.
			List<Long> all = new ArrayList<>(values);
			while (all.size() < MEASURED) {
				all.add(0L);
			}
			all.sort(Long::compare);
			medians.put(component, all.get(all.size() / 2));
		});
		return medians;
	}

	private static byte[] random(int n) {
		byte[] bytes = new byte[n];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

}
