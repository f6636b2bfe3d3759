package io.latencylab.observability;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.latencylab.observability.Convergence.Window;

/**
 * Whether a target's p50 moved with this machine's CPU steal: on a virtual machine the hypervisor
 * takes the CPU from it for other guests, and an operation made of many thread hand-offs waits for a
 * vCPU at each. Windows whose p50 rises and falls with the steal did not fail to settle because of
 * the JVM but because of the machine: the report says so beside the class, and by how much.
 *
 * @param windows how many windows were read (judged, steal read)
 * @param minSteal the least steal share among them
 * @param maxSteal the largest
 * @param r Pearson's correlation of the windows' p50 with their steal share
 * @param msPerPoint the least-squares slope: milliseconds of p50 per percentage point of steal
 */
public record StealLink(int windows, double minSteal, double maxSteal, double r, double msPerPoint) {

	/** Fewer windows than this say nothing about a correlation. */
	public static final int MIN_WINDOWS = 6;

	/** A steal that moved by less than this (a share of the CPU) cannot explain a p50's moves. */
	public static final double MIN_SPREAD = 0.02;

	/** The correlation from which the p50 is said to follow the steal. */
	public static final double MIN_R = 0.6;

	/** The link over these windows, where there are enough with a steal read; empty otherwise. */
	public static Optional<StealLink> of(List<Window> windows) {
		List<Window> read = windows.stream().filter((w) -> w.judged() && !Double.isNaN(w.stealShare())).toList();
		if (read.size() < MIN_WINDOWS) {
			return Optional.empty();
		}
		int n = read.size();
		double mx = read.stream().mapToDouble(Window::stealShare).average().orElseThrow();
		double my = read.stream().mapToDouble(Window::p50Ms).average().orElseThrow();
		double sxy = 0;
		double sxx = 0;
		double syy = 0;
		for (Window w : read) {
			double dx = w.stealShare() - mx;
			double dy = w.p50Ms() - my;
			sxy += dx * dy;
			sxx += dx * dx;
			syy += dy * dy;
		}
		double r = (sxx == 0 || syy == 0) ? 0 : sxy / Math.sqrt(sxx * syy);
		double slope = (sxx == 0) ? 0 : sxy / sxx / 100;
		return Optional.of(new StealLink(n, read.stream().mapToDouble(Window::stealShare).min().orElseThrow(),
				read.stream().mapToDouble(Window::stealShare).max().orElseThrow(), r, slope));
	}

	/**
	 * The link over the last minute of windows (at most {@link Trend#SETTLED_NOISE}), where the p50
	 * followed the steal there; empty otherwise. What a warm-up's verdict adds to its class.
	 */
	public static Optional<StealLink> overLastMinute(List<Window> windows) {
		return of(windows.subList(Math.max(0, windows.size() - Trend.SETTLED_NOISE), windows.size())).filter(StealLink::follows);
	}

	/** "0.1–13.4%": the least and the most steal of the windows where it was read; empty where none was. */
	public static Optional<String> range(List<Window> windows) {
		var read = windows.stream().mapToDouble(Window::stealShare).filter((v) -> !Double.isNaN(v)).summaryStatistics();
		return (read.getCount() == 0) ? Optional.empty()
				: Optional.of(String.format(Locale.ROOT, "%.1f–%.1f%%", 100 * read.getMin(), 100 * read.getMax()));
	}

	/** Whether the p50 followed the steal: the steal moved enough and the two rose and fell together. */
	public boolean follows() {
		return this.maxSteal - this.minSteal >= MIN_SPREAD && this.r >= MIN_R;
	}

	/** "its p50 moved with this machine's CPU steal (0.0–28.2% of the CPU, r = 0.98, +0.17 ms a point, 12 windows)". */
	public String describe() {
		return String.format(Locale.ROOT, "%s this machine's CPU steal (%.1f–%.1f%% of the CPU, r = %.2f, %+.2f ms a point, %d windows)",
				follows() ? "its p50 moved with" : "not explained by", 100 * this.minSteal, 100 * this.maxSteal, this.r,
				this.msPerPoint, this.windows);
	}

}
