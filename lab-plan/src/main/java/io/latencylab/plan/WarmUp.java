package io.latencylab.plan;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The warm-up every plan starts with: its parameters and its step. A plan's warm-up names its
 * targets, each operation at the concurrency its steps measure it at; the runner warms one target
 * at a time in windows of the warm-up simulation ({@link #SIMULATION}) until it has settled (the runner's Warming), within
 * a budget. One window is a run of the warm-up simulation ({@link #SIMULATION}) on one operation.
 */
public final class WarmUp {

	/**
	 * The load generator's simulation that sends a warm-up's windows, by name: the plan knows no
	 * simulation class (the load generator's own tests check the name).
	 */
	public static final String SIMULATION = "io.latencylab.load.operation.WarmUpSimulation";

	/** One window's length, when the warm-up simulation ({@link #SIMULATION}) runs alone. */
	public static final Parameter<Duration> DURATION = Parameter.duration("lab.warmup.duration");

	/** The operations one run of the warm-up simulation ({@link #SIMULATION}) sends, each by {@link #CLIENTS} clients at once. */
	public static final Parameter<List<Operation>> OPERATIONS = Operation.list("lab.warmup.operations");

	public static final Parameter<Integer> CLIENTS = Parameter.integer("lab.warmup.clients");

	/** What the plan's steps measure, warmed one after another: toy-query@5,toy-query@1,… */
	public static final Parameter<List<Target>> TARGETS = new Parameter<>("lab.warmup.targets",
			"operation@clients separated by commas (toy-query@5,toy-buy@1)",
			(text) -> Arrays.stream(text.split(",")).map(String::strip).filter((s) -> !s.isEmpty()).map(Target::parse).toList(),
			(list) -> list.stream().map(Target::toString).collect(Collectors.joining(",")));

	/** One window of a target's warm-up. */
	public static final Parameter<Duration> WINDOW = Parameter.duration("lab.warmup.window");

	/**
	 * The whole warm-up's cap: past it, each target left gets its floor of windows and no more. (Its
	 * manifest key keeps the name it had when the cap was a budget, so that older runs still read.)
	 */
	public static final Parameter<Duration> BUDGET = Parameter.duration("lab.warmup.budget");

	/**
	 * The default cap: what warming every target of the quick tour from cold takes on two cores (about
	 * two minutes of its own load a target), with room; a warm lab needs each target's floor only.
	 */
	public static final Duration DEFAULT_CAP = Duration.ofMinutes(20);

	/** The most windows a target gets (the convergence rule's cap); unset: the rule's own. */
	public static final Parameter<Integer> MAX_WINDOWS = Parameter.integer("lab.warmup.max-windows");

	/** The default window: long enough for a p50 of hundreds of answers at one client, short enough to stop soon. */
	public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(5);

	/** An operation at the concurrency a step measures it at. */
	public record Target(Operation operation, int clients) {

		public Target {
			if (clients < 1) {
				throw new IllegalArgumentException("a warm-up target needs 1 or more clients, got " + clients);
			}
		}

		public static Target of(Operation operation, int clients) {
			return new Target(operation, clients);
		}

		/** "toy-query@5"; "toy-query" alone is one client. */
		public static Target parse(String text) {
			int at = text.indexOf('@');
			return (at < 0) ? new Target(Operation.named(text), 1)
					: new Target(Operation.named(text.substring(0, at)), Integer.parseInt(text.substring(at + 1).strip()));
		}

		@Override
		public String toString() {
			return this.operation.label() + "@" + this.clients;
		}

	}

	private WarmUp() {
	}

	/** A study's warm-up: every target in turn until settled, within {@code cap}. */
	public static Step step(List<Target> targets, Duration cap) {
		if (targets.isEmpty()) {
			throw new IllegalArgumentException("a warm-up needs a target");
		}
		return Step.of("warm-up", SIMULATION)
			.set(TARGETS, targets)
			.set(WINDOW, DEFAULT_WINDOW)
			.set(BUDGET, cap)
			.lasting(cap);
	}

	/** A study's warm-up, within the default cap ({@link #DEFAULT_CAP}) at either scale: settling takes what it takes. */
	public static Step step(List<Target> targets, boolean full) {
		return step(targets, DEFAULT_CAP);
	}

	/** Every operation at one client. */
	public static List<Target> atOneClient(List<Operation> operations) {
		return operations.stream().map((o) -> Target.of(o, 1)).toList();
	}

	/**
	 * One run of the warm-up simulation ({@link #SIMULATION}): the operations at once, {@code clients} each, for
	 * {@code duration} (a window of the warm-up, or a training load such as the AOT cache's).
	 */
	public static Step load(List<Operation> operations, int clients, Duration duration) {
		return Step.of("warm-up", SIMULATION)
			.set(DURATION, duration)
			.set(OPERATIONS, operations)
			.set(CLIENTS, clients)
			.lasting(duration);
	}

}
