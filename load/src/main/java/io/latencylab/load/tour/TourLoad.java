package io.latencylab.load.tour;

import java.time.Duration;

import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;

/**
 * The default Maven simulation's load: every system, {@code rate} users a second each, for
 * {@code duration}, after a warm-up of at most {@code warmUp} an operation (zero: none).
 */
public record TourLoad(Duration duration, double rate, Duration warmUp) {

	public static final Parameter<Duration> DURATION = Parameter.duration("lab.tour.duration");

	public static final Parameter<Double> RATE = Parameter.decimal("lab.tour.rate");

	public static final Parameter<Duration> WARM_UP = Parameter.duration("lab.tour.warmup");

	public static TourLoad from(Parameters p) {
		return new TourLoad(p.get(DURATION, Duration.ofSeconds(20)), p.get(RATE, 2.0),
				p.get(WARM_UP, Duration.ofSeconds(60)));
	}

}
