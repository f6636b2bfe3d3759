package io.latencylab.toystore.order;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param catalogDeadline deadline of each call to the catalog's Buy, retries included
 * @param reconcile settling of pending orders
 */
@ConfigurationProperties("order")
public record OrderProperties(@DefaultValue("2s") Duration catalogDeadline, @DefaultValue Reconcile reconcile) {

	/**
	 * @param interval how often pending orders are settled
	 * @param minAge how old a pending order must be before it is settled (younger ones may still be
	 * in flight)
	 */
	public record Reconcile(@DefaultValue("5s") Duration interval, @DefaultValue("10s") Duration minAge) {
	}

}
