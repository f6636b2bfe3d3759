package io.latencylab.observability;

import java.util.Collection;

import org.HdrHistogram.Histogram;

/**
 * The lab's one way to take percentiles: an HdrHistogram of microseconds with four significant
 * digits (exact below 32.768 ms, within 0.01% above), sized to what it holds. The mean and the
 * standard deviation are exact, kept beside the histogram.
 */
public final class Latencies {

	public static final int SIGNIFICANT_DIGITS = 4;

	private final Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);

	private long count;

	private double sumMicros;

	private double sumSquares;

	public static Latencies ofNanos(Collection<Long> nanos) {
		Latencies latencies = new Latencies();
		nanos.forEach(latencies::recordNanos);
		return latencies;
	}

	/** Negative values count as 0: a part of a latency is never less than nothing. */
	public void recordNanos(long nanos) {
		recordMicros(Math.max(0, nanos) / 1000.0);
	}

	public void recordMillis(double millis) {
		recordMicros(Math.max(0, millis) * 1000);
	}

	private void recordMicros(double micros) {
		this.histogram.recordValue(Math.round(micros));
		this.count++;
		this.sumMicros += micros;
		this.sumSquares += micros * micros;
	}

	public long count() {
		return this.count;
	}

	public double meanMs() {
		return (this.count == 0) ? 0 : this.sumMicros / this.count / 1000;
	}

	public double stdDevMs() {
		if (this.count == 0) {
			return 0;
		}
		double mean = this.sumMicros / this.count;
		return Math.sqrt(Math.max(0, this.sumSquares / this.count - mean * mean)) / 1000;
	}

	/** The value at or below which {@code percentile}% of the values lie (HdrHistogram's definition). */
	public double percentileMs(double percentile) {
		return (this.count == 0) ? 0 : this.histogram.getValueAtPercentile(percentile) / 1000.0;
	}

	public double maxMs() {
		return (this.count == 0) ? 0 : this.histogram.getMaxValue() / 1000.0;
	}

	/** The histogram itself, for exact merging and interval logs. */
	public Histogram histogram() {
		return this.histogram;
	}

}
