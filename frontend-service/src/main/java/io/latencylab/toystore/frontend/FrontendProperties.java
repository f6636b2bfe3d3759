package io.latencylab.toystore.frontend;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param queryDeadline deadline of a product query to the catalog (and of an order lookup)
 * @param buyDeadline deadline of a buy to the order service
 * @param cache the product cache
 */
@ConfigurationProperties("frontend")
public record FrontendProperties(@DefaultValue("1s") Duration queryDeadline, @DefaultValue("10s") Duration buyDeadline,
		@DefaultValue Cache cache) {

	/** @param enabled whether product queries are served from the in-process cache */
	public record Cache(@DefaultValue("false") boolean enabled) {
	}

}
