package io.latencylab.lab.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology;

/**
 * How warm the lab is, for {@code ./lab status}: per service, warm (every target the lab judged on
 * its running process settled), warming (some did not), or only ready (none judged on this process),
 * with its JIT's time over a few seconds now; per target, its last verdict, when, and whether it still
 * holds (the same processes) or was forgotten by a restart.
 */
public final class WarmthStatus {

	/** How long the JIT is sampled for. */
	static final Duration SAMPLE = Duration.ofSeconds(5);

	private WarmthStatus() {
	}

	/** The lines for the lab of this topology, its services' metrics read now and {@link #SAMPLE} later. */
	public static List<String> lines(Topology topology, Warmth warmth) throws InterruptedException {
		Map<String, String> metrics = new LinkedHashMap<>();
		topology.services().forEach((name, endpoint) -> metrics.put(name, endpoint.metrics()));
		Map<String, String> before = scrape(metrics);
		long start = System.nanoTime();
		Thread.sleep(SAMPLE);
		Map<String, String> after = scrape(metrics);
		double seconds = (System.nanoTime() - start) / 1e9;
		Map<String, Double> processes = new LinkedHashMap<>();
		Map<String, Double> jitMs = new LinkedHashMap<>();
		after.forEach((name, text) -> {
			Warmth.processStart(text).ifPresent((p) -> processes.put(name, p));
			Optional.ofNullable(before.get(name)).ifPresent((b) -> jitMs.put(name,
					Math.max(0, ServiceMetrics.compilationMs(text) - ServiceMetrics.compilationMs(b))));
		});
		return lines(metrics.keySet().stream().toList(), processes, jitMs, seconds, warmth, Instant.now());
	}

	/**
	 * The lines from readings already taken.
	 *
	 * @param services every service of the lab, in order
	 * @param processes each answering service's process start time
	 * @param jitMs each answering service's compilation time over the sample
	 * @param seconds the sample's length
	 */
	static List<String> lines(List<String> services, Map<String, Double> processes, Map<String, Double> jitMs, double seconds,
			Warmth warmth, Instant now) {
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT, "warmth (the JIT's time over the last %.0f s; targets as the last warm-up judged them):",
				seconds));
		for (String service : services) {
			if (!processes.containsKey(service)) {
				lines.add(String.format(Locale.ROOT, "  %-17s no metrics", service));
				continue;
			}
			List<Map.Entry<String, Warmth.Verdict>> judged = warmth.verdicts()
				.entrySet()
				.stream()
				.filter((e) -> processes.get(service).equals(e.getValue().processes().get(service)))
				.toList();
			String state = judged.isEmpty() ? "ready (no target judged on this process)"
					: judged.stream().allMatch((e) -> e.getValue().settled())
							? "warm (" + judged.size() + " targets settled on this process)"
							: "warming (" + judged.stream().filter((e) -> e.getValue().settled()).count() + " of " + judged.size()
									+ " targets settled on this process)";
			double jit = jitMs.getOrDefault(service, Double.NaN);
			lines.add(String.format(Locale.ROOT, "  %-17s %s; JIT %s", service, state,
					Double.isNaN(jit) ? "not read" : String.format(Locale.ROOT, "%.0f ms (%.0f%%)", jit, jit / (10 * seconds))));
		}
		warmth.verdicts().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach((e) -> {
			Warmth.Verdict v = e.getValue();
			boolean holds = !v.processes().isEmpty() && v.processes().entrySet().stream()
				.allMatch((p) -> p.getValue().equals(processes.get(p.getKey())));
			lines.add(String.format(Locale.ROOT, "  %-17s %s%s%s, %s ago after %d windows; %s", e.getKey(), v.verdict(),
					(v.levelMs() > 0) ? String.format(Locale.ROOT, " at p50 %.3f ms", v.levelMs()) : "",
					v.atFloor() ? " at its floor" : "", ago(Duration.between(v.judged(), now)), v.windows(),
					holds ? "its services still the same processes" : "forgotten: a service it reaches restarted since"));
		});
		return lines;
	}

	private static Map<String, String> scrape(Map<String, String> metrics) {
		Map<String, String> texts = new LinkedHashMap<>();
		metrics.forEach((name, url) -> Http.get(url).ifPresent((text) -> texts.put(name, text)));
		return texts;
	}

	static String ago(Duration duration) {
		long s = Math.max(0, duration.toSeconds());
		return (s < 120) ? s + " s" : (s < 7200) ? (s / 60) + " min" : (s / 3600) + " h";
	}

}
