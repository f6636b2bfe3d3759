package io.latencylab.meals.rest;

import java.util.UUID;

import io.latencylab.meals.Order;
import io.latencylab.meals.OrderBook;
import io.latencylab.meals.OrderLine;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;

import org.springframework.hateoas.EntityModel;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.linkTo;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.methodOn;

/** Orders: placed with POST, read back by id, each linking to the meals it holds. */
@RestController
@RequestMapping("/rest/orders")
public class OrderController {

	/** Each line of an order links to its meal under this rel (always an array in HAL). */
	static final String MEAL_REL = "meal";

	private final OrderBook orders;

	public OrderController(OrderBook orders) {
		this.orders = orders;
	}

	@ApiResponse(responseCode = "404", description = "Not Found: a line names a meal that does not exist")
	@ApiResponse(responseCode = "201", description = "Created: the order, its address in Location")
	@PostMapping
	public ResponseEntity<EntityModel<Order>> place(@Valid @RequestBody OrderRequest request) {
		EntityModel<Order> placed = toModel(this.orders.place(request.spec()));
		return ResponseEntity.created(placed.getRequiredLink("self").toUri()).body(placed);
	}

	@GetMapping("/{id}")
	public ResponseEntity<EntityModel<Order>> one(@PathVariable UUID id) {
		return ResponseEntity.ok(toModel(this.orders.get(id)));
	}

	private EntityModel<Order> toModel(Order order) {
		EntityModel<Order> model = EntityModel.of(order,
				linkTo(methodOn(OrderController.class).one(order.id())).withSelfRel());
		for (OrderLine line : order.lines()) {
			model.add(linkTo(methodOn(MealController.class).one(line.mealId())).withRel(MEAL_REL));
		}
		return model;
	}

}
