package io.latencylab.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.latencylab.observability.Convergence.Level;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The warmth the lab keeps: for each warm-up target, its last verdict, when, and the service
 * processes it was judged on (each service's {@code process_start_time_seconds}). A verdict holds
 * only for those processes: a service restarted since (another start time) has forgotten it, so
 * its targets warm from cold again. Also the machine's measured time to steady of each target from
 * cold, which outlives the processes, for the next cold start's estimate.
 *
 * <p>Kept in runs/warmth.json. The file is the lab's memory of its services, not the services'
 * own: it needs nothing of them but their Prometheus endpoint, so it works bare, in containers
 * and in pods alike.
 */
public final class Warmth {

	// A ledger written before a field was added reads it as 0 (levelMs): such a lab stays warm.
	private static final JsonMapper JSON = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	/** Cold, one operation's own load took about this long to settle here; used until this machine measured one. */
	public static final Duration UNMEASURED_COLD = Duration.ofSeconds(130);

	/**
	 * A target's last verdict.
	 *
	 * @param verdict "settled", or the class it was left in
	 * @param judged when the verdict was given
	 * @param settledSince when it first settled on these processes (null: it has not)
	 * @param processes each service it reaches, by its process's start time (seconds since the epoch)
	 * @param windows how many windows the verdict took
	 * @param atFloor whether it was warm before and settled again at the rule's floor
	 * @param levelMs the level it settled at on these processes (the median p50 of its last windows), which its next
	 * floor is judged against; 0 when it did not settle (or the ledger was written before levels were kept)
	 * @param levelOverCpu the same level over the CPU the services spent a request; 0 where that was not read
	 */
	public record Verdict(String verdict, Instant judged, Instant settledSince, Map<String, Double> processes, int windows,
			boolean atFloor, double levelMs, double levelOverCpu) {

		/** The level, {@link Level#NONE} when none was kept. */
		public Level level() {
			return (this.levelMs > 0) ? new Level(this.levelMs, (this.levelOverCpu > 0) ? this.levelOverCpu : Double.NaN)
					: Level.NONE;
		}

		public boolean settled() {
			return "settled".equals(this.verdict);
		}

	}

	/**
	 * One target's measured time to steady from cold.
	 *
	 * @param seconds its own load's seconds until it settled
	 * @param measured when
	 */
	public record ColdStart(double seconds, Instant measured) {
	}

	private record State(Map<String, Verdict> targets, Map<String, ColdStart> coldStarts) {
	}

	private final Path file;

	private final Map<String, Verdict> targets;

	private final Map<String, ColdStart> coldStarts;

	private Warmth(Path file, Map<String, Verdict> targets, Map<String, ColdStart> coldStarts) {
		this.file = file;
		this.targets = targets;
		this.coldStarts = coldStarts;
	}

	/** The project's ledger (runs/warmth.json). */
	public static Warmth of(Path project) {
		return load(project.resolve("runs").resolve("warmth.json"));
	}

	/** The ledger in this file; empty when there is none or it cannot be read (a lab with no memory is a cold lab). */
	public static Warmth load(Path file) {
		if (Files.isRegularFile(file)) {
			try {
				State state = JSON.readValue(file.toFile(), State.class);
				return new Warmth(file, new TreeMap<>(orEmpty(state.targets())), new TreeMap<>(orEmpty(state.coldStarts())));
			}
			catch (JacksonException ex) {
				System.err.println("warmth: " + file + " unreadable (" + ex.getOriginalMessage() + "): every target counts as cold");
			}
		}
		return new Warmth(file, new TreeMap<>(), new TreeMap<>());
	}

	private static <V> Map<String, V> orEmpty(Map<String, V> map) {
		return (map == null) ? Map.of() : map;
	}

	public void save() throws IOException {
		Files.createDirectories(this.file.getParent());
		Path temporary = this.file.resolveSibling(this.file.getFileName() + ".tmp");
		JSON.writerWithDefaultPrettyPrinter().writeValue(temporary.toFile(), new State(this.targets, this.coldStarts));
		Files.move(temporary, this.file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
				java.nio.file.StandardCopyOption.ATOMIC_MOVE);
	}

	/** The last verdict of a target, whatever processes it was given on. */
	public Optional<Verdict> last(String target) {
		return Optional.ofNullable(this.targets.get(target));
	}

	public Map<String, Verdict> verdicts() {
		return Map.copyOf(this.targets);
	}

	/**
	 * Whether a target settled on these very processes: each service it reaches answered with the
	 * same start time as when it settled. A target that reaches no service of the lab's (nginx, an
	 * emulator) has no JIT to keep warm, and is never warm by memory.
	 */
	public boolean warm(String target, Map<String, Double> processes) {
		Verdict verdict = this.targets.get(target);
		return verdict != null && verdict.settledSince() != null && !processes.isEmpty()
				&& verdict.processes().equals(processes);
	}

	/**
	 * Records a target's verdict on these processes; the time it first settled on them is kept while they live.
	 *
	 * @param level the level it settled at ({@link Level#NONE} when it did not)
	 */
	public void judged(String target, String verdict, Map<String, Double> processes, int windows, boolean atFloor,
			Level level, Instant now) {
		Verdict before = this.targets.get(target);
		boolean same = before != null && before.processes().equals(processes);
		Instant since = (same && before.settledSince() != null) ? before.settledSince() : null;
		if ("settled".equals(verdict) && since == null) {
			since = now;
		}
		boolean kept = "settled".equals(verdict) && level.known();
		this.targets.put(target, new Verdict(verdict, now, since, Map.copyOf(processes), windows, atFloor,
				kept ? level.p50Ms() : 0, (kept && level.overCpu() > 0) ? level.overCpu() : 0));
	}

	/** The level a target settled at on these very processes, when its last verdict there was "settled". */
	public Optional<Level> level(String target, Map<String, Double> processes) {
		return last(target).filter((v) -> v.settled() && v.processes().equals(processes))
			.map(Verdict::level)
			.filter(Level::known);
	}

	/** A target settled from cold after this many seconds of its own load: this machine's figure from now on. */
	public void coldStart(String target, double seconds, Instant now) {
		this.coldStarts.put(target, new ColdStart(seconds, now));
	}

	public Optional<ColdStart> coldStart(String target) {
		return Optional.ofNullable(this.coldStarts.get(target));
	}

	/**
	 * What warming these targets from cold should take on this machine: each one's measured time to
	 * steady, or {@link #UNMEASURED_COLD} where none was measured.
	 */
	public Duration coldEstimate(List<String> targets) {
		double seconds = targets.stream()
			.mapToDouble((t) -> coldStart(t).map(ColdStart::seconds).orElse((double) UNMEASURED_COLD.toSeconds()))
			.sum();
		return Duration.ofSeconds(Math.round(seconds));
	}

	/** "about 14 min: each target's time to steady measured on this machine", for a start's line. */
	public String describeEstimate(List<String> targets) {
		long measured = targets.stream().filter(this.coldStarts::containsKey).count();
		Duration estimate = coldEstimate(targets);
		String basis = (measured == targets.size()) ? "each target's time to steady measured on this machine"
				: (measured == 0) ? "about " + UNMEASURED_COLD.toSeconds() + " s a target, as measured on two cores"
						: measured + " of " + targets.size() + " targets measured on this machine, "
								+ UNMEASURED_COLD.toSeconds() + " s for each other";
		return String.format(Locale.ROOT, "about %d min: %s", Math.max(1, Math.round(estimate.toSeconds() / 60.0)), basis);
	}

	/** Each service's process identity, from its Prometheus text: its start time in seconds, or empty. */
	public static Optional<Double> processStart(String prometheusText) {
		return ServiceMetrics.metric(prometheusText, "process_start_time_seconds");
	}

}
