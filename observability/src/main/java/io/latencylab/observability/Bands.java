package io.latencylab.observability;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Slices of a request group ranked by what the client measured, for a decomposition per slice:
 * {@code median=45-55,tail=90-99,extreme=99-100} by default. A band from percentile a to b holds
 * the requests ranked from a% to b% of the group (the slowest b% less the slowest a%), so adjacent
 * bands never share a request. The first band is the reference that the others are set against
 * ("what grows in the tail").
 */
public record Bands(List<Band> bands) {

	/** The text of {@link #DEFAULT}: the one place the default bands are written. */
	public static final String DEFAULT_SPEC = "median=45-55,tail=90-99,extreme=99-100";

	public static final Bands DEFAULT = parse(DEFAULT_SPEC);

	/** One band: the requests ranked from {@code from}% to {@code to}% by client latency. */
	public record Band(String name, double from, double to) {

		/** The band's ranks, first inclusive and last exclusive, among {@code n} requests sorted fastest first. */
		public int firstRank(int n) {
			return rank(this.from, n);
		}

		public int endRank(int n) {
			return rank(this.to, n);
		}

		private static int rank(double percentile, int n) {
			return (percentile >= 100) ? n : (int) Math.floor(percentile / 100 * n);
		}

		/** "median (p45–p55)". */
		public String label() {
			return this.name + " (p" + number(this.from) + "–p" + number(this.to) + ")";
		}

		String spec() {
			return this.name + "=" + number(this.from) + "-" + number(this.to);
		}

		private static String number(double value) {
			return (value == Math.rint(value)) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%s", value);
		}

	}

	public Bands {
		bands = List.copyOf(bands);
	}

	/**
	 * "median=45-55,tail=90-99,extreme=99-100": NAME=FROM-TO, percentiles from 0 to 100, FROM below
	 * TO, names unique.
	 */
	public static Bands parse(String spec) {
		List<Band> bands = new ArrayList<>();
		Set<String> names = new HashSet<>();
		for (String item : spec.split(",")) {
			String text = item.strip();
			int equals = text.indexOf('=');
			int dash = text.indexOf('-', equals + 1);
			if (equals < 1 || dash < 0) {
				throw invalid(spec, "'" + text + "' is not NAME=FROM-TO");
			}
			String name = text.substring(0, equals).strip();
			double from = percentile(text.substring(equals + 1, dash), spec);
			double to = percentile(text.substring(dash + 1), spec);
			if (from >= to) {
				throw invalid(spec, "band " + name + " must start below where it ends");
			}
			if (!names.add(name)) {
				throw invalid(spec, "band " + name + " is named twice");
			}
			bands.add(new Band(name, from, to));
		}
		return new Bands(bands);
	}

	private static double percentile(String text, String spec) {
		String value = text.strip();
		try {
			double percentile = Double.parseDouble(value.startsWith("p") ? value.substring(1) : value);
			if (percentile >= 0 && percentile <= 100) {
				return percentile;
			}
		}
		catch (NumberFormatException ex) {
			// said below
		}
		throw invalid(spec, "'" + value + "' is no percentile from 0 to 100");
	}

	private static IllegalArgumentException invalid(String spec, String why) {
		return new IllegalArgumentException("bands are NAME=FROM-TO percentiles, comma-separated, like " + DEFAULT_SPEC
				+ "; in '" + spec + "' " + why);
	}

	/** The reference band: the first. */
	public Band reference() {
		return this.bands.getFirst();
	}

	/** The band furthest into the tail: the one that ends highest (the last of those). */
	public Band slowest() {
		Band slowest = this.bands.getFirst();
		for (Band band : this.bands) {
			if (band.to() >= slowest.to()) {
				slowest = band;
			}
		}
		return slowest;
	}

	/** The text that parses back into these bands. */
	public String spec() {
		return this.bands.stream().map(Band::spec).collect(Collectors.joining(","));
	}

}
