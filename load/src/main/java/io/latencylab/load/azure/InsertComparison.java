package io.latencylab.load.azure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.latencylab.observability.Latencies;
import io.latencylab.observability.Request;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;

/**
 * Seed 002's Table 2: the same inserts stored as blobs (a PUT of a new object into the object
 * store, written to disk and forced before the answer) and as table entities (a POST of a new
 * entity into the table service, committed before the answer). For each entity size, for each
 * number of clients: a round of table inserts, then one of blob inserts, each client inserting
 * {@code perClient} back to back.
 */
public record InsertComparison(List<Integer> levels, List<Integer> sizesKb, int perClient, String store) {

	public static final Class<?> SIMULATION = InsertComparisonSimulation.class;

	/** Blob inserts of each size go to a container of their own, emptied before the step. */
	public static final String ACCOUNT = "/v1/seed002";

	public static final Parameter<List<Integer>> LEVELS = Parameter.integers("lab.inserts.levels");

	public static final Parameter<List<Integer>> SIZES_KB = Parameter.integers("lab.inserts.kb");

	public static final Parameter<Integer> PER_CLIENT = Parameter.integer("lab.inserts.per-client");

	/**
	 * Where the inserts go: "lab", the object store and the table service, or "azure", the blob and
	 * table services of the Azure Storage account lab.storage names (Azurite by default).
	 */
	public static final Parameter<String> STORE = Parameter.text("lab.inserts.store");

	private static final Pattern GROUP = Pattern.compile("(blob|table)-insert-(\\d+)kb-c(\\d+)");

	public InsertComparison {
		if (levels.isEmpty() || levels.stream().anyMatch((level) -> level < 1)) {
			throw new IllegalArgumentException(LEVELS.name() + " must list clients, each 1 or more, got " + levels);
		}
		if (levels.stream().distinct().count() < levels.size() || sizesKb.stream().distinct().count() < sizesKb.size()) {
			throw new IllegalArgumentException("each of " + LEVELS.name() + " and " + SIZES_KB.name() + " once: " + levels
					+ ", " + sizesKb);
		}
		if (sizesKb.isEmpty() || sizesKb.stream().anyMatch((kb) -> kb < 1 || kb > 1024)) {
			throw new IllegalArgumentException(SIZES_KB.name() + " must list sizes of 1 to 1024 KB, got " + sizesKb);
		}
		if (perClient < 1) {
			throw new IllegalArgumentException(PER_CLIENT.name() + " must be 1 or more, not " + perClient);
		}
		if (!List.of("lab", "azure").contains(store)) {
			throw new IllegalArgumentException(STORE.name() + " is lab or azure, not '" + store + "'");
		}
		levels = List.copyOf(levels);
		sizesKb = List.copyOf(sizesKb);
	}

	/** On the lab's own stores. */
	public InsertComparison(List<Integer> levels, List<Integer> sizesKb, int perClient) {
		this(levels, sizesKb, perClient, "lab");
	}

	public static InsertComparison from(Parameters p) {
		return new InsertComparison(p.get(LEVELS, List.of(1, 8, 16)), p.get(SIZES_KB, List.of(1, 4, 16, 64)),
				p.get(PER_CLIENT, 50), p.get(STORE, "lab"));
	}

	public boolean onAzure() {
		return this.store.equals("azure");
	}

	public static String group(String store, int kb, int clients) {
		return store + "-insert-" + kb + "kb-c" + clients;
	}

	public static String container(int kb) {
		return ACCOUNT + "/inserts-" + kb + "kb";
	}

	public Step step(String name) {
		long inserts = 2L * this.sizesKb.size() * this.perClient * this.levels.stream().mapToInt(Integer::intValue).sum();
		// Some 500 inserts a second on two cores, either store.
		Duration estimate = Duration.ofMillis(2 * inserts);
		Step.Builder step = Step.of(name, SIMULATION)
			.set(LEVELS, this.levels)
			.set(SIZES_KB, this.sizesKb)
			.set(PER_CLIENT, this.perClient);
		if (onAzure()) {
			// Azure Storage sends no spans.
			step.set(STORE, this.store).set(Plan.UNTRACED, true);
		}
		return step.lasting(estimate);
	}

	/** One side of a cell: its inserts, and a client's inserts a second (each client's back to back). */
	public record Side(long inserts, long errors, double meanMs, double p99Ms, double perClientPerSec) {

		static Side of(Latencies ok, long errors) {
			double mean = ok.meanMs();
			return new Side(ok.count(), errors, mean, ok.percentileMs(99), (ok.count() == 0 || mean <= 0) ? 0 : 1000 / mean);
		}

	}

	/** A cell of Table 2: blob's inserts a second a client over table's. */
	public record Cell(int kb, int clients, Side blob, Side table) {

		public double ratio() {
			return (this.table.perClientPerSec() == 0) ? Double.NaN
					: this.blob.perClientPerSec() / this.table.perClientPerSec();
		}

	}

	/** Every cell in {@code requests}, by size then clients. */
	public static List<Cell> measure(List<Request> requests) {
		Map<String, Latencies> ok = new TreeMap<>();
		Map<String, Long> errors = new TreeMap<>();
		Map<Integer, SortedSet<Integer>> cells = new TreeMap<>();
		for (Request r : requests) {
			Matcher m = GROUP.matcher(r.group());
			if (!m.matches()) {
				continue;
			}
			cells.computeIfAbsent(Integer.parseInt(m.group(2)), (k) -> new TreeSet<>()).add(Integer.parseInt(m.group(3)));
			if (r.ok()) {
				ok.computeIfAbsent(r.group(), (k) -> new Latencies()).recordMillis(r.durationMs());
			}
			else {
				errors.merge(r.group(), 1L, Long::sum);
			}
		}
		List<Cell> measured = new ArrayList<>();
		cells.forEach((kb, levels) -> levels.forEach((clients) -> {
			String blob = group("blob", kb, clients);
			String table = group("table", kb, clients);
			measured.add(new Cell(kb, clients, Side.of(ok.getOrDefault(blob, new Latencies()), errors.getOrDefault(blob, 0L)),
					Side.of(ok.getOrDefault(table, new Latencies()), errors.getOrDefault(table, 0L))));
		}));
		return measured;
	}

}
