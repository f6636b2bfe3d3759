package io.latencylab.lab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lab's experiments. Each reproduces a study at laptop scale by default, and at the study's
 * own scale with --full (hours, and meant for separate machines: see the load README).
 */
public final class Experiments {

	/** Long enough at laptop scale for the services' hot paths to be compiled. */
	private static final Duration WARM_UP = Duration.ofSeconds(20);

	public static final List<Experiment> ALL = List.of(
			new Experiment("quick", "all", "a tour of every study in about 2 minutes, with the decomposition",
					List.of("rest-get", "soap-get", "toy-query", "toy-buy", "sort"), Duration.ofSeconds(10), (full) -> quick()),
			new Experiment("seed-000", "000", "SOAP vs REST meals: the in-region baseline, then three regions",
					List.of("rest-get", "soap-get"), WARM_UP, Experiments::seed000),
			new Experiment("seed-001", "001", "toy store query and buy latency at 1 to 5 clients",
					List.of("toy-query", "toy-buy"), WARM_UP, Experiments::seed001),
			new Experiment("seed-002", "002", "concurrency sweeps, and operation × entity size",
					List.of("rest-get", "soap-get", "toy-query"), WARM_UP, Experiments::seed002),
			new Experiment("seed-004", "004", "sorting: clients × file size × algorithm", List.of("sort"), WARM_UP,
					Experiments::seed004));

	private Experiments() {
	}

	public static Optional<Experiment> named(String name) {
		return ALL.stream().filter((e) -> e.name().equals(name)).findFirst();
	}

	static List<Step> quick() {
		List<Step> steps = new ArrayList<>();
		steps.add(meals("meals-soap-baseline", "soap", 4, Duration.ofSeconds(2), Duration.ofSeconds(8)));
		steps.add(meals("meals-rest-baseline", "rest", 4, Duration.ofSeconds(2), Duration.ofSeconds(8)));
		steps.add(toyStore(1, 300));
		steps.add(toyStore(5, 100));
		steps.add(sweep("sweep-rest-get", "rest-get", List.of(1, 2, 4, 8), Duration.ofSeconds(2), Map.of()));
		steps.add(sort("quick", 10_000, 2, Duration.ofSeconds(8)));
		steps.add(sort("exchange", 10_000, 1, Duration.ofSeconds(6)));
		return steps;
	}

	static List<Step> seed000(boolean full) {
		List<Step> steps = new ArrayList<>();
		for (String protocol : List.of("soap", "rest")) {
			steps.add(full ? meals("meals-" + protocol + "-baseline", protocol, 100, Duration.ofMinutes(5), Duration.ofMinutes(20))
					: meals("meals-" + protocol + "-baseline", protocol, 10, Duration.ofSeconds(10), Duration.ofSeconds(30)));
		}
		// The study: 1000, 2000 and 5000 users from each of North Europe, Canada and Japan, North
		// Europe starting 2 minutes later. At laptop scale one level, 10 users a region.
		for (int users : full ? List.of(1000, 2000, 5000) : List.of(10)) {
			for (String protocol : List.of("soap", "rest")) {
				steps.add(regions(protocol, users, full));
			}
		}
		return steps;
	}

	static List<Step> seed001(boolean full) {
		List<Step> steps = new ArrayList<>();
		for (int clients = 1; clients <= 5; clients++) {
			// The study: 1000 queries and about 100 buys per client.
			steps.add(toyStore(clients, full ? 1000 : 200));
		}
		return steps;
	}

	static List<Step> seed002(boolean full) {
		List<Step> steps = new ArrayList<>();
		List<Integer> levels = full ? List.of(1, 2, 4, 8, 16, 32, 64, 128, 192) : List.of(1, 2, 4, 8, 16);
		Duration step = full ? Duration.ofMinutes(1) : Duration.ofSeconds(5);
		for (String operation : List.of("rest-get", "soap-get", "toy-query")) {
			steps.add(sweep("sweep-" + operation, operation, levels, step, Map.of()));
		}
		List<Integer> matrixLevels = full ? levels : List.of(1, 4, 16);
		Duration matrixStep = full ? Duration.ofSeconds(30) : Duration.ofSeconds(2);
		for (String operation : List.of("insert", "query", "update", "delete")) {
			for (int kb : List.of(1, 4, 16, 64)) {
				steps.add(sweep("entity-" + operation + "-" + kb + "kb", "entity-" + operation, matrixLevels, matrixStep,
						Map.of("lab.entity.bytes", String.valueOf(kb * 1024))));
			}
		}
		return steps;
	}

	static List<Step> seed004(boolean full) {
		List<Step> steps = new ArrayList<>();
		List<Integer> clients = full ? List.of(1, 10, 20, 30, 40) : List.of(1, 4, 10);
		List<Integer> sizes = full ? List.of(10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000) : List.of(10_000, 20_000);
		for (String algorithm : List.of("exchange", "quick")) {
			for (int size : sizes) {
				for (int n : clients) {
					steps.add(sort(algorithm, size, n, full ? Duration.ofMinutes(5) : Duration.ofSeconds(10)));
				}
			}
		}
		return steps;
	}

	static Step meals(String name, String protocol, int users, Duration ramp, Duration duration) {
		return new Step(name, "SoapVsRestSimulation", properties("lab.protocol", protocol, "lab.meals.users",
				String.valueOf(users), "lab.meals.ramp", seconds(ramp), "lab.meals.duration", seconds(duration)),
				ramp.plus(duration));
	}

	static Step regions(String protocol, int users, boolean full) {
		Duration ramp = full ? Duration.ofMinutes(5) : Duration.ofSeconds(5);
		Duration duration = full ? Duration.ofMinutes(20) : Duration.ofSeconds(20);
		Duration offset = full ? Duration.ofMinutes(2) : Duration.ofSeconds(2);
		Map<String, String> p = properties("lab.protocol", protocol, "lab.regions", "northeurope,canada,japan",
				"lab.meals.duration", seconds(duration));
		for (String region : List.of("northeurope", "canada", "japan")) {
			p.put("lab.region." + region + ".users", String.valueOf(users));
			p.put("lab.region." + region + ".ramp", seconds(ramp));
		}
		p.put("lab.region.northeurope.offset", seconds(offset));
		return new Step("meals-" + protocol + "-regions-" + users, "SoapVsRestSimulation", p,
				offset.plus(ramp).plus(duration));
	}

	static Step toyStore(int clients, int requests) {
		// About 10 ms a query and 40 ms a buy for one client, longer as clients share two cores.
		Duration estimate = Duration.ofMillis(requests * (14L + 4L * clients));
		return new Step("toystore-c" + clients, "ToyStoreSimulation", properties("lab.toystore.clients",
				String.valueOf(clients), "lab.toystore.requests", String.valueOf(requests), "lab.toystore.buy-probability",
				"0.1"), estimate);
	}

	static Step sweep(String name, String operation, List<Integer> levels, Duration step, Map<String, String> extra) {
		Map<String, String> p = properties("lab.sweep.operation", operation, "lab.sweep.levels",
				String.join(",", levels.stream().map(String::valueOf).toList()), "lab.sweep.step", seconds(step));
		p.putAll(extra);
		return new Step(name, "ConcurrencySweepSimulation", p, step.multipliedBy(levels.size()));
	}

	static Step sort(String algorithm, int size, int clients, Duration duration) {
		return new Step("sort-" + algorithm + "-n" + size + "-c" + clients, "SortSimulation",
				properties("lab.sort.algorithm", algorithm, "lab.sort.size", String.valueOf(size), "lab.sort.clients",
						String.valueOf(clients), "lab.sort.duration", seconds(duration)),
				duration);
	}

	private static Map<String, String> properties(String... pairs) {
		Map<String, String> map = new LinkedHashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			map.put(pairs[i], pairs[i + 1]);
		}
		return map;
	}

	private static String seconds(Duration duration) {
		return duration.toSeconds() + "s";
	}

}
