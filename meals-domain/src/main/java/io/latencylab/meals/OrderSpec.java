package io.latencylab.meals;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** What a client sends to place an order. */
public record OrderSpec(
		@NotBlank @Size(max = OrderSpec.MAX_ADDRESS_LENGTH) String deliveryAddress,
		@NotEmpty @Size(max = OrderSpec.MAX_LINES) List<@NotNull @Valid OrderLine> lines) {

	public static final int MAX_ADDRESS_LENGTH = 500;

	public static final int MAX_LINES = 100;

}
