package io.latencylab.observability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * This machine's CPU steal, from Linux's {@code /proc/stat}: the time the hypervisor ran other
 * guests while this one had work for its vCPUs. Read before and after a window, it says how much of
 * the window the machine itself lost; zero on bare metal, absent where there is no {@code /proc}.
 * Read by the lab's warm-up and by a simulation's own, on the machine each runs on.
 */
public final class HostSteal {

	private static final Path STAT = Path.of("/proc/stat");

	private HostSteal() {
	}

	/** The machine's CPU counters now: all time and stolen time, in ticks; empty where not Linux. */
	public static Optional<Ticks> now() {
		try {
			if (!Files.isReadable(STAT)) {
				return Optional.empty();
			}
			// Its first line only: the rest (every CPU, every interrupt's count) is read by nobody.
			try (var lines = Files.lines(STAT)) {
				return lines.findFirst().flatMap(HostSteal::parse);
			}
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/**
	 * The first line of /proc/stat: {@code cpu user nice system idle iowait irq softirq steal guest guest_nice};
	 * guest time is already counted in user, so the total is the first eight.
	 */
	static Optional<Ticks> parse(String cpuLine) {
		String[] f = cpuLine.trim().split("\\s+");
		if (f.length < 9 || !f[0].equals("cpu")) {
			return Optional.empty();
		}
		long total = 0;
		for (int i = 1; i <= 8; i++) {
			total += Long.parseLong(f[i]);
		}
		return Optional.of(new Ticks(total, Long.parseLong(f[8])));
	}

	/** The share of the time between two readings that was stolen; NaN when either is missing or no time passed. */
	public static double share(Optional<Ticks> before, Optional<Ticks> after) {
		if (before.isEmpty() || after.isEmpty() || after.get().total() <= before.get().total()) {
			return Double.NaN;
		}
		return (double) (after.get().steal() - before.get().steal()) / (after.get().total() - before.get().total());
	}

	/** Counters of /proc/stat's first line, in ticks. */
	public record Ticks(long total, long steal) {
	}

}
