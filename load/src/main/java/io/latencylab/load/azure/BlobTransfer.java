package io.latencylab.load.azure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.latencylab.observability.Request;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Step;

/**
 * Seed 002 §3.1 (Figure 1) on the object store: in rounds of N clients at once, each client
 * downloads the same blob ({@link Direction#DOWNLOAD}), or uploads the same bytes to the same
 * container under a name of its own ({@link Direction#UPLOAD}), as the study's worker roles did.
 * A round starts when the last one's clients are all done; each level runs {@code rounds} times
 * (the study: three a day).
 */
public record BlobTransfer(Direction direction, List<Integer> levels, int mib, int rounds) {

	public static final Class<?> SIMULATION = BlobTransferSimulation.class;

	/** The account and container of seed 002's blobs. */
	public static final String CONTAINER = "/v1/seed002/blobs";

	public static final Parameter<String> DIRECTION = Parameter.text("lab.blob.direction");

	public static final Parameter<List<Integer>> LEVELS = Parameter.integers("lab.blob.levels");

	public static final Parameter<Integer> MIB = Parameter.integer("lab.blob.mib");

	public static final Parameter<Integer> ROUNDS = Parameter.integer("lab.blob.rounds");

	/** How a request's group names its round: "download-c8-r2". */
	private static final Pattern GROUP = Pattern.compile("(download|upload)-c(\\d+)-r(\\d+)");

	public enum Direction {

		DOWNLOAD, UPLOAD;

		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

		static Direction named(String label) {
			for (Direction d : values()) {
				if (d.label().equals(label.strip())) {
					return d;
				}
			}
			throw new IllegalArgumentException("lab.blob.direction is download or upload, not '" + label + "'");
		}

	}

	public BlobTransfer {
		if (levels.isEmpty() || levels.stream().anyMatch((level) -> level < 1)) {
			throw new IllegalArgumentException(LEVELS.name() + " must list clients, each 1 or more, got " + levels);
		}
		if (levels.stream().distinct().count() < levels.size()) {
			throw new IllegalArgumentException(LEVELS.name() + " lists a level twice (lab.blob.rounds repeats one): " + levels);
		}
		if (mib < 1 || mib > 4096) {
			throw new IllegalArgumentException(MIB.name() + " is 1 to 4096 (MiB), not " + mib);
		}
		if (rounds < 1) {
			throw new IllegalArgumentException(ROUNDS.name() + " must be 1 or more, not " + rounds);
		}
		levels = List.copyOf(levels);
	}

	public static BlobTransfer from(Parameters p) {
		return new BlobTransfer(Direction.named(p.get(DIRECTION, "download")), p.get(LEVELS, List.of(1, 2, 4, 8)),
				p.get(MIB, 64), p.get(ROUNDS, 3));
	}

	public long bytes() {
		return this.mib * 1024L * 1024L;
	}

	public String group(int clients, int round) {
		return this.direction.label() + "-c" + clients + "-r" + round;
	}

	/** Where upload's client {@code i} (0 to N-1) writes; download reads {@code "download"}. */
	public static String object(Direction direction, long client) {
		return (direction == Direction.DOWNLOAD) ? "download" : "upload-" + client;
	}

	public Step step(String name) {
		long transfers = this.rounds * (long) this.levels.stream().mapToInt(Integer::intValue).sum();
		// About 300 MB/s on a laptop's loopback and disk, and a second a round to start and end.
		Duration estimate = Duration.ofSeconds(transfers * this.mib / 300 + this.rounds * this.levels.size());
		return Step.of(name, SIMULATION)
			.set(DIRECTION, this.direction.label())
			.set(LEVELS, this.levels)
			.set(MIB, this.mib)
			.set(ROUNDS, this.rounds)
			.lasting(estimate);
	}

	/**
	 * One level, over its rounds: the study's Figure 1 plots the per-client bandwidth (each
	 * transfer's bytes over its own time, averaged); the aggregate is a round's bytes over the time
	 * from its first request's start to its last one's end, averaged over the rounds.
	 */
	public record Level(int clients, int transfers, int errors, double perClientMBps, double aggregateMBps,
			double meanSeconds, double maxSeconds) {
	}

	/** The levels in {@code requests} (this step's requests.csv), fewest clients first; MB = 10⁶ bytes. */
	public List<Level> measure(List<Request> requests) {
		Map<Integer, Map<Integer, List<Request>>> byLevel = new TreeMap<>();
		for (Request r : requests) {
			Matcher m = GROUP.matcher(r.group());
			if (m.matches() && m.group(1).equals(this.direction.label())) {
				byLevel.computeIfAbsent(Integer.parseInt(m.group(2)), (k) -> new TreeMap<>())
					.computeIfAbsent(Integer.parseInt(m.group(3)), (k) -> new ArrayList<>())
					.add(r);
			}
		}
		double mb = bytes() / 1e6;
		List<Level> levels = new ArrayList<>();
		byLevel.forEach((clients, rounds) -> {
			int transfers = 0;
			int errors = 0;
			double perClient = 0;
			double seconds = 0;
			double max = 0;
			double aggregate = 0;
			int fullRounds = 0;
			for (List<Request> round : rounds.values()) {
				long first = Long.MAX_VALUE;
				long last = 0;
				int ok = 0;
				for (Request r : round) {
					if (!r.ok()) {
						errors++;
						continue;
					}
					ok++;
					transfers++;
					perClient += mb / (r.durationMs() / 1000);
					seconds += r.durationMs() / 1000;
					max = Math.max(max, r.durationMs() / 1000);
					first = Math.min(first, r.startMillis());
					last = Math.max(last, r.endMillis());
				}
				if (ok > 0 && last > first) {
					aggregate += ok * mb / ((last - first) / 1000.0);
					fullRounds++;
				}
			}
			levels.add(new Level(clients, transfers, errors, (transfers == 0) ? 0 : perClient / transfers,
					(fullRounds == 0) ? 0 : aggregate / fullRounds, (transfers == 0) ? 0 : seconds / transfers, max));
		});
		return levels;
	}

}
