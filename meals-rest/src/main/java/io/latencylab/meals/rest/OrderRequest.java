package io.latencylab.meals.rest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.meals.MealsException;
import io.latencylab.meals.OrderLine;
import io.latencylab.meals.OrderSpec;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * What a client sends to place an order, in either of two shapes: ours, a delivery address and
 * lines (a meal id and a quantity each); or the studied service's, an address and the ids of the
 * meals, one id for each meal ordered. The SOAP service takes its two shapes the same way.
 */
public record OrderRequest(@Size(max = OrderSpec.MAX_ADDRESS_LENGTH) String deliveryAddress,
		@Size(max = OrderSpec.MAX_LINES) List<@NotNull @Valid OrderLine> lines,
		@Size(max = OrderSpec.MAX_ADDRESS_LENGTH) String address,
		@Size(max = OrderSpec.MAX_LINES) List<@NotBlank String> mealIds) {

	/** The order to place; a request of both shapes, or of neither, is refused. */
	OrderSpec spec() {
		boolean ours = this.deliveryAddress != null || this.lines != null;
		boolean studys = this.address != null || this.mealIds != null;
		if (ours == studys) {
			throw new MealsException(MealsException.Reason.INVALID_INPUT,
					"an order takes deliveryAddress and lines, or address and mealIds (the studied service's), not both");
		}
		if (ours) {
			return new OrderSpec(this.deliveryAddress, (this.lines != null) ? this.lines : List.of());
		}
		// A meal named twice is ordered twice: one line with quantity 2, in the order first named.
		Map<String, Integer> quantities = new LinkedHashMap<>();
		for (String id : (this.mealIds != null) ? this.mealIds : List.<String>of()) {
			quantities.merge(id, 1, Integer::sum);
		}
		List<OrderLine> studyLines = new ArrayList<>();
		quantities.forEach((id, quantity) -> studyLines.add(new OrderLine(id, quantity)));
		return new OrderSpec(this.address, studyLines);
	}

}
