package io.latencylab.lab.report;

import java.time.Duration;
import java.util.Locale;

/** How the report writes numbers. */
public final class Format {

	private Format() {
	}

	/** A duration as a clock shows it: 1:15, or 1:02:05 past an hour. */
	public static String clock(Duration duration) {
		long seconds = duration.toSeconds();
		return (seconds >= 3600) ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
				: String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
	}

	public static String ms(double value) {
		return String.format(Locale.ROOT, "%.2f", value);
	}

	public static String seconds(double value) {
		return String.format(Locale.ROOT, "%.4f", value);
	}

	public static String num(double value) {
		return String.format(Locale.ROOT, "%,.1f", value);
	}

	public static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}

	/** A published figure as the paper printed it, whole numbers with thousands separators. */
	public static String published(Object value) {
		if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && !(value instanceof Double)) {
			return count(n.longValue());
		}
		return (value == null) ? "" : String.valueOf(value);
	}

	public static String percent(double value) {
		return String.format(Locale.ROOT, "%.2f", value);
	}

}
