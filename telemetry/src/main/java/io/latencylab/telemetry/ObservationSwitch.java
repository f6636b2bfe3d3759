package io.latencylab.telemetry;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;

/**
 * Every Micrometer Observation of the service on or off while it runs (the {@code sampling}
 * actuator endpoint's {@code observations}). Off, each observation is Micrometer's no-op: no
 * meter, no span (sampled or not), no trace context sent on. Sampling alone cannot show what the
 * instrumentation costs, since an unsampled request still runs every observation, its meters and
 * a non-recording span; this switch is the lab without it, in the same JVM.
 */
public final class ObservationSwitch implements ObservationPredicate {

	private volatile boolean enabled = true;

	public boolean enabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	@Override
	public boolean test(String name, Observation.Context context) {
		return this.enabled;
	}

}
