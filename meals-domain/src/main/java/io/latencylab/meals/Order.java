package io.latencylab.meals;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A placed order. The total is fixed at the prices the meals had when it was placed. */
public record Order(UUID id, String deliveryAddress, List<OrderLine> lines, BigDecimal totalPrice, Instant createdAt) {

	public Order {
		lines = List.copyOf(lines);
	}

}
