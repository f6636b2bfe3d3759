package io.latencylab.plan;


import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a run does: a warm-up, then its steps, in order.
 *
 * @param name the study's (or the tour's) name, which the run id starts with
 * @param seed the study it reproduces ("000", "001", …), or "all"
 * @param warmUp the step that warms the services' JIT up; it is run, kept, and left out of every figure
 */
public record Plan(String name, String seed, boolean full, Step warmUp, List<Step> steps) {

	/** Per step, the JVM start and the trace collection that the estimates leave out. */
	public static final Duration STEP_OVERHEAD = Duration.ofSeconds(5);

	/** A service whose cores the runner limits while a step runs (seed 004's 1 vs 2 vCPU)... */
	public static final Parameter<String> LIMITED_SERVICE = Parameter.text("lab.cpus.service");

	/** ...to this many cores. */
	public static final Parameter<Integer> CPUS = Parameter.integer("lab.cpus");

	/**
	 * Steps that compare with each other (SOAP against REST, one core against two, the lab against
	 * wrk) carry the same key and stand side by side; a repeated plan runs them in turn in the
	 * opposite order (see {@link #repetition}).
	 */
	public static final Parameter<String> COMPARED = Parameter.text("lab.compared");

	/** The tuning a step wants seed 003's cache tier and store in ("before", "after"); none: as they are. */
	public static final Parameter<String> TUNING = Parameter.text("lab.tuning");

	/** Set on a step whose requests no traced service answers (a cache's hits): the runner waits for no spans. */
	public static final Parameter<Boolean> UNTRACED = Parameter.flag("lab.untraced");

	/** The same step, marked as one side of the comparison {@code key}. */
	public static Step compared(Step step, String key) {
		return step.with(COMPARED, key);
	}

	/** The same step with {@code service} limited to {@code cpus} cores while it runs; its name says so. */
	public static Step withCpus(Step step, String service, int cpus) {
		return step.renamed(step.name() + "-cpus" + cpus).with(LIMITED_SERVICE, service).with(CPUS, cpus);
	}

	/** The steps as run: the warm-up first when it is wanted. */
	public List<Step> run(boolean withWarmUp) {
		List<Step> all = new ArrayList<>(this.steps);
		if (withWarmUp) {
			all.addFirst(this.warmUp);
		}
		return all;
	}

	/**
	 * This plan as its {@code n}-th repetition runs it (from 1): the odd ones as written, the even ones
	 * with the steps of each comparison in reverse order, so that over two runs each side meets the
	 * services as often first as second (a service warming up, or a disk filling, favours neither).
	 */
	public Plan repetition(int n) {
		if (n % 2 == 1) {
			return this;
		}
		List<Step> reordered = new ArrayList<>(this.steps.size());
		int i = 0;
		while (i < this.steps.size()) {
			String key = this.steps.get(i).get(COMPARED);
			int end = i + 1;
			while (key != null && end < this.steps.size() && key.equals(this.steps.get(end).get(COMPARED))) {
				end++;
			}
			reordered.addAll(this.steps.subList(i, end).reversed());
			i = end;
		}
		return new Plan(this.name, this.seed, this.full, this.warmUp, reordered);
	}

	/**
	 * This plan with only the steps named, in the plan's order; a name that is no step of it is refused.
	 * Its warm-up keeps the targets of the operations those steps send: a run of REST get alone does not
	 * wait for the buy to settle.
	 */
	public Plan only(List<String> names) {
		List<String> known = this.steps.stream().map(Step::name).toList();
		List<String> unknown = names.stream().filter((n) -> !known.contains(n)).toList();
		if (!unknown.isEmpty()) {
			throw new IllegalArgumentException(this.name + " has no step " + String.join(", ", unknown) + "; its steps: "
					+ String.join(", ", known));
		}
		List<Step> kept = this.steps.stream().filter((s) -> names.contains(s.name())).toList();
		return new Plan(this.name, this.seed, this.full, warmUpFor(kept), kept);
	}

	/** The warm-up narrowed to the targets {@code kept} send; as it is when it names none of theirs (or no targets). */
	private Step warmUpFor(List<Step> kept) {
		List<WarmUp.Target> targets = this.warmUp.get(WarmUp.TARGETS);
		if (targets == null) {
			return this.warmUp;
		}
		List<WarmUp.Target> sent = targets.stream()
			.filter((target) -> kept.stream().anyMatch((step) -> step.measures(target.operation())))
			.toList();
		return sent.isEmpty() ? this.warmUp : this.warmUp.with(WarmUp.TARGETS, sent);
	}

	/**
	 * The lab's services each step as run sends to, by step name, in run order: the warm-up's by its
	 * targets, another step's by the operations it sends ({@link Step#measures}). A step that names no
	 * operation (its simulation aims where it likes) is left out.
	 */
	public Map<String, Set<String>> servicesReached(boolean withWarmUp) {
		Map<String, Set<String>> reached = new LinkedHashMap<>();
		for (Step step : run(withWarmUp)) {
			Set<String> services = new LinkedHashSet<>();
			List<WarmUp.Target> targets = (step == this.warmUp) ? step.get(WarmUp.TARGETS) : null;
			if (targets != null) {
				targets.forEach((target) -> services.addAll(target.operation().services()));
			}
			else {
				for (Operation operation : Operation.values()) {
					if (step.measures(operation)) {
						services.addAll(operation.services());
					}
				}
			}
			if (!services.isEmpty()) {
				reached.put(step.name(), services);
			}
		}
		return reached;
	}

	/**
	 * Every service the run sends to, when each of its steps says where ({@link #servicesReached});
	 * empty when a step names no operation, as its simulation may send anywhere.
	 */
	public Optional<Set<String>> servicesNeeded(boolean withWarmUp) {
		Map<String, Set<String>> reached = servicesReached(withWarmUp);
		// servicesReached leaves out each step that names no operation.
		if (reached.size() != run(withWarmUp).size()) {
			return Optional.empty();
		}
		Set<String> needed = new LinkedHashSet<>();
		reached.values().forEach(needed::addAll);
		return Optional.of(needed);
	}

	/** How long the plan should take: the warm-up and every step, each with its overhead. */
	public Duration estimate() {
		return estimate(run(true));
	}

	public static Duration estimate(List<Step> steps) {
		return steps.stream().map((s) -> s.estimate().plus(STEP_OVERHEAD)).reduce(Duration.ZERO, Duration::plus);
	}

}
