package io.latencylab.lab.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.latencylab.observability.Convergence;
import io.latencylab.observability.Convergence.Level;
import io.latencylab.observability.Convergence.State;
import io.latencylab.observability.Convergence.Window;
import io.latencylab.observability.StealLink;
import io.latencylab.observability.Trend;
import io.latencylab.plan.WarmUp;

/**
 * How a warm-up settled, target by target (an operation at a concurrency): each target's windows
 * (p50, answers, length, the JIT's time in it) and its verdict by the {@link Convergence} rule. The
 * warm-up has settled when every target has. Kept in the run's manifest ({@link #property()}) and
 * read back by the report.
 */
public final class Settling {

	/** The most the machine's noise may loosen the rule to: past it the machine is too noisy to settle anything. */
	public static final double MOST_VARIATION = 0.10;

	/** Why a target stopped without settling, beside its state. */
	public enum End {

		SETTLED, CAP, BUDGET, FAILED,
		/** Its JIT quiet and its p50 without a direction for a while: compiled, and more windows would not settle it. */
		UNSTEADY,
		/** Steady, but slower than it had been with its JIT quiet: something grew, not compilation. */
		SLOWDOWN;

		public String describe(Convergence rule) {
			return switch (this) {
				case SETTLED -> "settled";
				case CAP -> "the target's cap, " + rule.maxWindows() + " windows";
				case BUDGET -> "the warm-up's cap spent";
				case FAILED -> "a window failed";
				case UNSTEADY -> "its JIT quiet and its p50 without a direction: more windows would not settle it";
				case SLOWDOWN -> "more windows would not undo it";
			};
		}

	}

	/**
	 * One target's warm-up: its windows and how it ended.
	 *
	 * @param warmBefore whether the lab remembered it settled on the same service processes (the lab's kept warmth)
	 * @param kept the level it had settled at on those processes, which its floor was judged against
	 * ({@link Convergence#atLevel}); {@link Level#NONE} when none was kept
	 */
	public record Target(String name, List<Window> windows, End end, boolean warmBefore, Level kept) {

		public Target(String name, List<Window> windows, End end, boolean warmBefore) {
			this(name, windows, end, warmBefore, Level.NONE);
		}

		public boolean settled() {
			return this.end == End.SETTLED;
		}

		/** Warm before, and steady again at the rule's floor: re-judged, not warmed. */
		public boolean atFloor(Convergence rule) {
			return this.warmBefore && settled() && this.windows.size() <= rule.minWindows();
		}

		/** Seconds from the target's first window to the end of its last. */
		public double seconds() {
			return this.windows.stream().mapToDouble(Window::seconds).sum();
		}

	}

	/**
	 * This machine's own noise at some clients, measured on a reference with no JIT.
	 *
	 * @param clients how many clients the reference had
	 * @param p50s the reference's windows' p50s, in milliseconds
	 * @param variation the coefficient of variation of its last windows' p50s
	 * @param allowed the variation the rule allows at these clients: the rule's own, or 1.5× the noise's where that is larger
	 */
	public record Noise(int clients, List<Double> p50s, double variation, double allowed) {

		/** In words, against the rule's own variation. */
		public String describe(double ruleVariation) {
			String measured = String.format(Locale.ROOT,
					"the machine's own noise at %d client%s, on nginx serving the REST get's bytes (no JIT): p50 %s ms, "
							+ "a variation of %.1f%% over the last 3",
					this.clients, (this.clients == 1) ? "" : "s",
					String.join(" → ", this.p50s.stream().map((p) -> String.format(Locale.ROOT, "%.3f", p)).toList()),
					100 * this.variation);
			return measured + ((this.allowed <= ruleVariation && this.variation > ruleVariation)
					? ", and still falling (the load generator still warming): the rule as it is"
					: (this.allowed <= ruleVariation)
							? String.format(Locale.ROOT, ", within the rule's %.0f%%: the rule as it is", 100 * ruleVariation)
					: String.format(Locale.ROOT, ", more than the rule's %.0f%%: the rule allows %.1f%% there (1.5× the "
							+ "noise, at most %.0f%%)", 100 * ruleVariation, 100 * this.allowed, 100 * MOST_VARIATION));
		}

		public String property() {
			return this.clients + ":" + this.variation + ":" + this.allowed + ":"
					+ String.join("|", this.p50s.stream().map(String::valueOf).toList());
		}

		public static Noise parse(String text) {
			String[] f = text.split(":");
			return new Noise(Integer.parseInt(f[0]), Arrays.stream(f[3].split("\\|")).map(Double::valueOf).toList(),
					Double.parseDouble(f[1]), Double.parseDouble(f[2]));
		}

	}

	private static final String WARM = "+warm";

	private static final String LEVEL = "@";

	private final Convergence rule;

	private final Map<Integer, Noise> noises = new TreeMap<>();

	private final Map<String, Target> targets = new LinkedHashMap<>();

	public Settling(Convergence rule) {
		this.rule = rule;
	}

	/** The machine's noise measured at these clients, if it was. */
	public Optional<Noise> noise(int clients) {
		return Optional.ofNullable(this.noises.get(clients));
	}

	public void noise(int clients, Noise noise) {
		this.noises.put(clients, noise);
	}

	public List<Noise> noises() {
		return List.copyOf(this.noises.values());
	}

	/** The rule a target was judged by: the variation its clients' noise made the rule allow. */
	public Convergence rule(Target target) {
		int at = target.name().lastIndexOf('@');
		Noise noise = (at < 0) ? null : this.noises.get(Integer.parseInt(target.name().substring(at + 1)));
		return (noise == null) ? this.rule : this.rule.allowing(noise.allowed());
	}

	/** The noises as a manifest property ({@link RunFolder#NOISE}); read back by {@link #parse(String, String, Convergence)}. */
	public String noiseProperty() {
		return String.join(";", this.noises.values().stream().map(Noise::property).toList());
	}

	public Convergence rule() {
		return this.rule;
	}

	/** A target's windows so far, and whether (and why) it ended; a later call for the same target replaces it. */
	public void put(String target, List<Window> windows, End end) {
		put(target, windows, end, false);
	}

	/** The same, for a target the lab remembered warm ({@code warmBefore}) or not. */
	public void put(String target, List<Window> windows, End end, boolean warmBefore) {
		put(target, windows, end, warmBefore, Level.NONE);
	}

	/** The same, with the level the lab kept for it ({@link Target#kept()}). */
	public void put(String target, List<Window> windows, End end, boolean warmBefore, Level kept) {
		this.targets.put(target, new Target(target, List.copyOf(windows), end, warmBefore, kept));
	}

	/**
	 * A warm target settled at its floor by its kept level ({@link Convergence#atLevel}) where the rule's variation over
	 * those windows alone would have sent it on.
	 */
	public boolean atLevelOnly(Target target) {
		return target.atFloor(this.rule) && rule(target).atLevel(target.windows(), target.kept())
				&& rule(target).judge(target.windows()) != State.SETTLED;
	}

	/** The class of a target's windows (Barrett et al.'s): steady, still warming, slowdown, no steady state. */
	public Trend trend(Target target) {
		return (target.end() == End.UNSTEADY)
				? Trend.of(target.windows(), rule(target), Math.min(target.windows().size(), Trend.SETTLED_NOISE))
				: Trend.of(target.windows(), rule(target));
	}

	public List<Target> targets() {
		return List.copyOf(this.targets.values());
	}

	/** Every target settled (and there was one). */
	public boolean settled() {
		return !this.targets.isEmpty() && this.targets.values().stream().allMatch(Target::settled);
	}

	/** One line: settled or not, how long it took, and the targets that had not. */
	public String text() {
		double seconds = this.targets.values().stream().mapToDouble(Target::seconds).sum();
		long settled = this.targets.values().stream().filter(Target::settled).count();
		long atFloor = this.targets.values().stream().filter((t) -> t.atFloor(this.rule)).count();
		long overCpu = this.targets.values().stream().filter(this::steadyOnlyOverCpu).count();
		long atLevel = this.targets.values().stream().filter(this::atLevelOnly).count();
		String took = String.format(Locale.ROOT, "%d of %d targets settled in %.0f s", settled, this.targets.size(), seconds)
				+ ((atFloor == 0) ? "" : String.format(Locale.ROOT, " (%d warm before, steady again at their floor%s)", atFloor,
						(atLevel == 0) ? ""
								: String.format(Locale.ROOT, "; %d of them by their kept level, the variation of their 3 windows "
										+ "beyond the rule's", atLevel)))
				+ ((overCpu == 0) ? "" : String.format(Locale.ROOT,
						", %d of them steady only with the machine's speed taken out (the p50 over the services' CPU a request)",
						overCpu));
		if (settled()) {
			return "settled: " + took;
		}
		List<String> moving = this.targets.values()
			.stream()
			.filter((t) -> !t.settled())
			.map((t) -> t.name() + " " + trend(t).describe() + stealLink(t).map((link) -> ", " + link.describe()).orElse(""))
			.toList();
		return "not settled: " + took + "; " + String.join("; ", moving);
	}

	/** The table's columns: one row a target ({@link #rows()}). */
	public List<String> headers() {
		return List.of("target", "windows", "seconds", "p50 per window (ms)", "variation, last " + this.rule.windows(),
				"JIT in the last window (ms)", "CPU steal, least–most of a window", "verdict");
	}

	/** Per target: its windows, their p50s, the variation of the last ones, the JIT's time in the last, the verdict. */
	public List<List<String>> rows() {
		List<List<String>> rows = new ArrayList<>();
		for (Target target : this.targets.values()) {
			List<Window> windows = target.windows();
			String p50s = String.join(" → ", windows.stream()
				.map((w) -> (w.answers() < Convergence.TOO_FEW) ? "too few" : String.format(Locale.ROOT, "%.3f", w.p50Ms()))
				.toList());
			double variation = this.rule.variation(windows);
			double overCpu = this.rule.variationOverCpu(windows);
			double jit = windows.isEmpty() ? Double.NaN : windows.getLast().jitMs();
			rows.add(List.of(target.name(), String.valueOf(windows.size()), String.format(Locale.ROOT, "%.0f", target.seconds()),
					p50s, (Double.isNaN(variation) ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * variation))
							+ (Double.isNaN(overCpu) ? "" : String.format(Locale.ROOT, " (%.1f%% over the CPU a request)", 100 * overCpu)),
					Double.isNaN(jit) ? "not read" : String.format(Locale.ROOT, "%.0f", jit), steal(windows),
					verdict(target)));
		}
		return rows;
	}

	/** How the rule and the JIT column are read, for the table's caption, with the noise measured. */
	public String caption() {
		String noise = this.noises.isEmpty() ? ""
				: " Measured on the reference at the first target's clients (its windows also warm the load generator's "
						+ "JVM), and at another target's clients only where that target's p50 missed the rule with its JIT "
						+ "quiet: " + String.join("; ",
						this.noises.values().stream().map((n) -> n.describe(this.rule.maxVariation())).toList()) + ".";
		return "Each target (an operation at the clients its steps use) warmed alone, in windows, until "
				+ this.rule.describe() + ". JIT: the most compilation time any service the operation reaches spent in "
				+ "the target's last window (Micrometer's jvm.compilation.time); the CPU a request: the CPU time those "
				+ "services spent in a window (process.cpu.time) over its answers; windows of fewer than "
				+ Convergence.TOO_FEW + " answers are not judged." + noise;
	}

	/**
	 * "settled at 15 s", "settled at 15 s, at its floor (warm before)", "settled at 40 s (warm before, it had
	 * moved)", or "not settled: still warming (−12.0%/min over 6 windows, JIT 40% of the last window); the
	 * target's cap, 48 windows".
	 */
	public String verdict(Target target) {
		if (target.settled()) {
			String at = String.format(Locale.ROOT, "settled at %.0f s", target.seconds());
			return target.atFloor(this.rule) ? at + ", at its floor (warm before" + level(target) + ")"
					: target.warmBefore() ? at + " (warm before, it had moved" + level(target) + ")" : at;
		}
		return "not settled: " + trend(target).describe() + stealLink(target).map((link) -> "; " + link.describe()).orElse("")
				+ "; " + target.end().describe(this.rule);
	}

	/**
	 * ": its floor's p50 0.212 ms, +3.4% from its kept 0.205 ms, over the CPU a request +1.2%, ±6.0% allowed", or ""
	 * with no kept level.
	 */
	private String level(Target target) {
		Convergence rule = rule(target);
		Level now = rule.level(target.windows().subList(0, Math.min(target.windows().size(), rule.minWindows())));
		if (!target.kept().known() || !now.known()) {
			return "";
		}
		String overCpu = (now.overCpu() > 0 && target.kept().overCpu() > 0)
				? String.format(Locale.ROOT, ", over the CPU a request %+.1f%%", 100 * (now.overCpu() / target.kept().overCpu() - 1))
				: "";
		return String.format(Locale.ROOT, ": its floor's p50 %.3f ms, %+.1f%% from its kept %.3f ms%s, ±%.1f%% allowed%s",
				now.p50Ms(), 100 * (now.p50Ms() / target.kept().p50Ms() - 1), target.kept().p50Ms(), overCpu,
				100 * Convergence.LEVEL_BAND * rule.maxVariation(),
				atLevelOnly(target) ? "; its windows' variation beyond the rule's" : "");
	}

	/** A target that settled by the p50 over the services' CPU a request, its p50 as measured beyond the rule. */
	public boolean steadyOnlyOverCpu(Target target) {
		return target.settled() && rule(target).steadyOnlyOverCpu(target.windows());
	}

	/**
	 * Where an unsettled target's p50 moved with this machine's CPU steal over its last windows (a minute's):
	 * the machine, not the JVM, kept it from settling.
	 */
	public Optional<StealLink> stealLink(Target target) {
		List<Window> windows = target.windows();
		return StealLink.overLastMinute(windows);
	}

	/** "0.1–13.4%" over the windows with a steal read; "not read" where none was. */
	private static String steal(List<Window> windows) {
		return StealLink.range(windows).orElse("not read");
	}

	/**
	 * The whole as a manifest property:
	 * {@code target=END[+warm][@p50/overCpu]|p50:answers:seconds:jit:steal:cpu|…;…}, p50 in milliseconds, jit in
	 * milliseconds, steal a share of the CPU, cpu the services' milliseconds a request (NaN: not read); +warm when the
	 * lab remembered it warm, @p50/overCpu the level it had kept (its p50 in milliseconds, and over the CPU a request).
	 */
	public String property() {
		return this.targets.values()
			.stream()
			.map((t) -> t.name() + "=" + t.end() + (t.warmBefore() ? WARM : "")
					+ (t.kept().known() ? String.format(Locale.ROOT, LEVEL + "%.4f/%.5f", t.kept().p50Ms(), t.kept().overCpu()) : "")
					+ t.windows()
				.stream()
				.map((w) -> String.format(Locale.ROOT, "|%.4f:%d:%.2f:%.0f:%.4f:%.5f", w.p50Ms(), w.answers(), w.seconds(),
						w.jitMs(), w.stealShare(), w.cpuMsPerAnswer()))
				.collect(Collectors.joining()))
			.collect(Collectors.joining(";"));
	}

	/** The rule with the warm-up's own cap ({@link WarmUp#MAX_WINDOWS}) when its properties set one: for it and its report. */
	public static Convergence ruleOf(Convergence rule, Map<String, String> warmUpProperties) {
		String max = warmUpProperties.get(WarmUp.MAX_WINDOWS.name());
		return (max == null) ? rule : rule.capped(WarmUp.MAX_WINDOWS.parse(max));
	}

	/** {@link #property()} and {@link #noiseProperty()} read back. */
	public static Settling parse(String property, String noises, Convergence rule) {
		Settling settling = parse(property, rule);
		if (noises != null && !noises.isBlank()) {
			Arrays.stream(noises.split(";")).map(Noise::parse).forEach((n) -> settling.noise(n.clients(), n));
		}
		return settling;
	}

	/**
	 * The warm-up for scripts (warm.json beside warm.md): each target's verdict and every window's
	 * figures, a figure not read as null, and the two properties a run's manifest keeps
	 * ({@link RunFolder#SETTLING}, {@link RunFolder#NOISE}), which {@link #parse(String, String, Convergence)} reads back.
	 */
	public Map<String, Object> json() {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("settled", settled());
		json.put("text", text());
		json.put("targets", this.targets.values().stream().map((t) -> {
			Map<String, Object> target = new LinkedHashMap<>();
			target.put("name", t.name());
			target.put("end", t.end().name());
			target.put("warmBefore", t.warmBefore());
			target.put("keptLevelMs", t.kept().known() ? t.kept().p50Ms() : null);
			target.put("keptLevelOverCpu", (t.kept().overCpu() > 0) ? t.kept().overCpu() : null);
			target.put("atFloor", t.atFloor(this.rule));
			target.put("atLevelOnly", atLevelOnly(t));
			target.put("steadyOnlyOverCpu", steadyOnlyOverCpu(t));
			target.put("windows", t.windows().stream().map(Settling::json).toList());
			return target;
		}).toList());
		json.put(RunFolder.SETTLING, property());
		json.put(RunFolder.NOISE, noiseProperty());
		return json;
	}

	private static Map<String, Object> json(Window window) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("p50Ms", window.p50Ms());
		json.put("answers", window.answers());
		json.put("seconds", window.seconds());
		json.put("jitMs", window.jitMs());
		json.put("stealShare", Double.isNaN(window.stealShare()) ? null : window.stealShare());
		json.put("cpuMsPerAnswer", Double.isNaN(window.cpuMsPerAnswer()) ? null : window.cpuMsPerAnswer());
		return json;
	}

	/** {@link #property()} read back. */
	public static Settling parse(String property, Convergence rule) {
		Settling settling = new Settling(rule);
		if (property == null || property.isBlank()) {
			return settling;
		}
		for (String target : property.split(";")) {
			int eq = target.lastIndexOf('=');
			String[] parts = target.substring(eq + 1).split("\\|");
			List<Window> windows = new ArrayList<>();
			for (String window : Arrays.asList(parts).subList(1, parts.length)) {
				String[] f = window.split(":");
				// Runs written before the steal was read have four fields; before the CPU a request, five.
				windows.add(new Window(Double.parseDouble(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2]),
						Double.parseDouble(f[3]), (f.length > 4) ? Double.parseDouble(f[4]) : Double.NaN,
						(f.length > 5) ? Double.parseDouble(f[5]) : Double.NaN));
			}
			// END[+warm][@p50/overCpu]: runs written before the kept level have none.
			int at = parts[0].indexOf(LEVEL);
			String head = (at < 0) ? parts[0] : parts[0].substring(0, at);
			String[] kept = (at < 0) ? new String[0] : parts[0].substring(at + LEVEL.length()).split("/");
			Level level = (at < 0) ? Level.NONE
					: new Level(Double.parseDouble(kept[0]), (kept.length > 1) ? Double.parseDouble(kept[1]) : Double.NaN);
			boolean warm = head.endsWith(WARM);
			settling.put(target.substring(0, eq), windows, End.valueOf(warm ? head.substring(0, head.length() - WARM.length()) : head),
					warm, level);
		}
		return settling;
	}

	/** The verdict of the rule on these windows, as the warm-up ends a target. */
	public static End endOf(State state) {
		return (state == State.SETTLED) ? End.SETTLED : End.CAP;
	}

}
