package io.latencylab.lab.net;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The path between a client's place and the services, as the lab emulates it with Toxiproxy: a
 * round trip (half each way), a jitter on each way (Toxiproxy's latency ± jitter, uniform), and a
 * bandwidth each way (Toxiproxy's bandwidth toxic, in its unit, 1,000 bytes a second; 0: none).
 * Toxiproxy works on the TCP stream above the kernel, so it delays data, never drops packets: loss,
 * and the round trips a lossy or slow-starting TCP takes, are not in it.
 */
public record Link(Duration roundTrip, Duration jitter, long kilobytesPerSecond) {

	private static final Pattern BANDWIDTH = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(kbit|mbit|gbit|KB/s|MB/s)",
			Pattern.CASE_INSENSITIVE);

	public Link {
		if (roundTrip.isNegative() || roundTrip.toMillis() > 10_000) {
			throw new IllegalArgumentException("a round trip is 0 to 10 s, not " + roundTrip.toMillis() + " ms");
		}
		if (jitter.isNegative() || jitter.toMillis() > roundTrip.toMillis() / 2) {
			throw new IllegalArgumentException("a jitter is 0 to half the round trip (" + roundTrip.toMillis() / 2 + " ms), not "
					+ jitter.toMillis() + " ms: Toxiproxy cannot take a delay below nothing");
		}
		if (kilobytesPerSecond < 0) {
			throw new IllegalArgumentException("a bandwidth is 0 (none) or more, not " + kilobytesPerSecond + " KB/s");
		}
	}

	/** A round trip alone. */
	public static Link of(Duration roundTrip) {
		return new Link(roundTrip, Duration.ZERO, 0);
	}

	public boolean isZero() {
		return this.roundTrip.isZero() && this.jitter.isZero() && this.kilobytesPerSecond == 0;
	}

	/** The way there's share of the round trip; the way back has the rest. */
	public long thereMillis() {
		return this.roundTrip.toMillis() / 2;
	}

	public long backMillis() {
		return this.roundTrip.toMillis() - thereMillis();
	}

	/** As the report names it: "172 ms a round trip, ± 5 ms jitter each way, 1,250 KB/s each way". */
	public String describe() {
		StringBuilder text = new StringBuilder(this.roundTrip.toMillis() + " ms a round trip");
		if (!this.jitter.isZero()) {
			text.append(", ± ").append(this.jitter.toMillis()).append(" ms jitter each way");
		}
		if (this.kilobytesPerSecond > 0) {
			text.append(String.format(Locale.ROOT, ", %,d KB/s (%s Mbit/s) each way", this.kilobytesPerSecond,
					megabits(this.kilobytesPerSecond)));
		}
		return text.toString();
	}

	private static String megabits(long kilobytesPerSecond) {
		double mbit = kilobytesPerSecond * 8 / 1000.0;
		return (mbit == Math.rint(mbit)) ? String.valueOf((long) mbit) : String.format(Locale.ROOT, "%.3f", mbit);
	}

	/**
	 * A bandwidth as written in a topology: "10mbit", "512kbit", "1gbit" (bits a second, 1,000 a
	 * kilo) or "1250KB/s", "2MB/s" (bytes); in Toxiproxy's KB/s, at least 1.
	 */
	public static long parseBandwidth(String text) {
		Matcher m = BANDWIDTH.matcher(text.strip());
		if (!m.matches()) {
			throw new IllegalArgumentException("a bandwidth such as 10mbit, 512kbit or 1250KB/s, not '" + text + "'");
		}
		double amount = Double.parseDouble(m.group(1));
		double kilobytes = switch (m.group(2).toLowerCase(Locale.ROOT)) {
			case "kbit" -> amount / 8;
			case "mbit" -> amount * 1000 / 8;
			case "gbit" -> amount * 1_000_000 / 8;
			case "mb/s" -> amount * 1000;
			default -> amount;
		};
		if (kilobytes < 1) {
			throw new IllegalArgumentException("a bandwidth of at least 1 KB/s (8kbit), Toxiproxy's least, not '" + text + "'");
		}
		return Math.round(kilobytes);
	}

	/** What a topology changes of a study's link for one region: any of its three parts. */
	public record Change(Optional<Duration> roundTrip, Optional<Duration> jitter, OptionalLong kilobytesPerSecond) {

		public Link applyTo(Link link) {
			return new Link(this.roundTrip.orElse(link.roundTrip()), this.jitter.orElse(link.jitter()),
					this.kilobytesPerSecond.orElse(link.kilobytesPerSecond()));
		}

	}

}
