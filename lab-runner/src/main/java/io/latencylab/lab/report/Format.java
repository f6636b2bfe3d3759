package io.latencylab.lab.report;

import java.util.Locale;

/** How the report writes numbers. */
public final class Format {

	private Format() {
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
