package io.latencylab.lab.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.latencylab.observability.Latencies;
import io.latencylab.observability.Request;

/**
 * Whether the services have settled after the warm-up, operation by operation: each operation's p50
 * under the warm-up's load, round after round; an operation has settled when its p50 moved by no more
 * than {@link #WITHIN} from one round to the next twice in a row (once happens by chance while the
 * services still improve), and the warm-up when every operation has, at the same round. An operation
 * with fewer than {@link #TOO_FEW} answers in a round is not judged in it (a p50 of a handful moves by
 * chance), and says so.
 *
 * <p>Each operation's p50 rather than the load's throughput: a student measures one operation's
 * latency, and an operation that still compiles hides behind others that have settled in a sum.
 */
public final class Settling {

	/** The most a settled operation's p50 moves from one round to the next. */
	public static final double WITHIN = 0.10;

	/** Rounds in a row within {@link #WITHIN} that make an operation settled. */
	static final int IN_A_ROW = 2;

	/** Fewer answers than this in a round: the operation's p50 is not judged in that round. */
	public static final int TOO_FEW = 20;

	/** Per operation: its p50 in each round (NaN: too few answers), the first the warm-up's own last seconds. */
	private final Map<String, List<Double>> p50s = new LinkedHashMap<>();

	/** Per operation: rounds in a row it stayed within {@link #WITHIN}. */
	private final Map<String, Integer> steady = new LinkedHashMap<>();

	private int rounds = -1;

	/** One round's answers: the first call is the warm-up's own last seconds, each later one a settling round. */
	public void add(List<Request> round) {
		this.rounds++;
		Map<String, Latencies> byOperation = new LinkedHashMap<>();
		for (Request request : round) {
			if (request.ok()) {
				byOperation.computeIfAbsent(operation(request.group()), (k) -> new Latencies()).recordMillis(request.durationMs());
			}
		}
		byOperation.keySet().forEach((operation) -> this.p50s.computeIfAbsent(operation, (k) -> new ArrayList<>()));
		for (Map.Entry<String, List<Double>> operation : this.p50s.entrySet()) {
			Latencies answers = byOperation.getOrDefault(operation.getKey(), new Latencies());
			List<Double> history = operation.getValue();
			while (history.size() < this.rounds) {
				history.add(Double.NaN);
			}
			// HdrHistogram's p50, as every p50 of the report.
			history.add((answers.count() < TOO_FEW) ? Double.NaN : answers.percentileMs(50));
			double change = lastChange(history);
			int before = this.steady.getOrDefault(operation.getKey(), 0);
			this.steady.put(operation.getKey(),
					Double.isNaN(change) ? before : (Math.abs(change) <= WITHIN) ? before + 1 : 0);
		}
	}

	/** Every operation judged has stayed within {@link #WITHIN} {@link #IN_A_ROW} rounds in a row (and one was judged). */
	public boolean settled() {
		List<String> judged = judged();
		return !judged.isEmpty() && judged.stream().allMatch((op) -> this.steady.get(op) >= IN_A_ROW);
	}

	/** Settling rounds so far (the warm-up's own last seconds not counted). */
	public int rounds() {
		return Math.max(0, this.rounds);
	}

	/** The operations whose p50 could be compared in some round. */
	private List<String> judged() {
		return this.p50s.entrySet()
			.stream()
			.filter((e) -> e.getValue().stream().filter((v) -> !Double.isNaN(v)).count() >= 2)
			.map(Map.Entry::getKey)
			.toList();
	}

	/** One line: settled or not, after how many rounds, and the operations that had not. */
	public String text(long roundSeconds) {
		String criterion = String.format(Locale.ROOT, "each operation's p50 within %.0f%% of the round before, %d rounds in a row",
				100 * WITHIN, IN_A_ROW);
		String rounds = String.format(Locale.ROOT, "%d round%s of %ds", rounds(), (rounds() == 1) ? "" : "s", roundSeconds);
		if (settled()) {
			return "settled after " + rounds + " (" + criterion + ")";
		}
		List<String> moving = judged().stream()
			.filter((op) -> this.steady.get(op) < IN_A_ROW)
			.map((op) -> String.format(Locale.ROOT, "%s %+.0f%%", op, 100 * lastChange(this.p50s.get(op))))
			.toList();
		return "not settled after " + rounds + " (" + criterion + "); still moving in the last: "
				+ (moving.isEmpty() ? "no operation could be judged" : String.join(", ", moving));
	}

	/** The p50s as a manifest property: {@code op=1.234|0.987|NaN;op2=…}, in milliseconds. */
	public String property() {
		return this.p50s.entrySet()
			.stream()
			.map((e) -> e.getKey() + "=" + e.getValue().stream().map((v) -> String.format(Locale.ROOT, "%.4f", v))
				.collect(Collectors.joining("|")))
			.collect(Collectors.joining(";"));
	}

	/** {@link #property()} read back: per operation, its p50 in each round (NaN: too few answers). */
	public static Map<String, List<Double>> parse(String property) {
		Map<String, List<Double>> p50s = new LinkedHashMap<>();
		if (property == null || property.isBlank()) {
			return p50s;
		}
		for (String operation : property.split(";")) {
			int eq = operation.lastIndexOf('=');
			p50s.put(operation.substring(0, eq),
					Arrays.stream(operation.substring(eq + 1).split("\\|")).map(Double::valueOf).toList());
		}
		return p50s;
	}

	/** The change from the round before to the last, NaN when either has no p50. */
	public static double lastChange(List<Double> history) {
		if (history.size() < 2) {
			return Double.NaN;
		}
		double before = history.get(history.size() - 2);
		double last = history.getLast();
		return (Double.isNaN(before) || Double.isNaN(last) || before <= 0) ? Double.NaN : (last - before) / before;
	}

	/** A request group's operation: seed 000's study plans record each request (soap-study: soap getMeal) apart. */
	static String operation(String group) {
		int colon = group.indexOf(": ");
		return (colon < 0) ? group : group.substring(0, colon);
	}

}
