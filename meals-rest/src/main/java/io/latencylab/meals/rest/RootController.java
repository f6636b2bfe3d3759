package io.latencylab.meals.rest;

import org.springframework.hateoas.RepresentationModel;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.afford;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.linkTo;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.methodOn;

/** The one URL a client needs to know: everything else is reached by following links from here. */
@RestController
@RequestMapping("/rest")
public class RootController {

	@GetMapping
	public RepresentationModel<?> root() {
		RepresentationModel<?> root = new RepresentationModel<>();
		root.add(linkTo(methodOn(RootController.class).root()).withSelfRel());
		root.add(linkTo(methodOn(MealController.class).all(null, null)).withRel(MealController.MEALS_REL)
			.andAffordance(afford(methodOn(MealController.class).create(null))));
		root.add(linkTo(methodOn(MealController.class).cheapest()).withRel("cheapest"));
		root.add(linkTo(methodOn(MealController.class).largest()).withRel("largest"));
		root.add(linkTo(methodOn(OrderController.class).place(null)).withRel("orders")
			.andAffordance(afford(methodOn(OrderController.class).place(null))));
		return root;
	}

}
