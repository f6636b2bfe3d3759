package io.latencylab.meals.rest;

import io.latencylab.meals.Meal;

import org.springframework.hateoas.EntityModel;
import org.springframework.hateoas.server.RepresentationModelAssembler;
import org.springframework.stereotype.Component;

import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.afford;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.linkTo;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.methodOn;

/** A meal with its links, and the update and delete templates HAL-FORMS clients see. */
@Component
class MealModelAssembler implements RepresentationModelAssembler<Meal, EntityModel<Meal>> {

	@Override
	public EntityModel<Meal> toModel(Meal meal) {
		return EntityModel.of(meal,
				linkTo(methodOn(MealController.class).one(meal.id())).withSelfRel()
					.andAffordance(afford(methodOn(MealController.class).update(meal.id(), null)))
					.andAffordance(afford(methodOn(MealController.class).delete(meal.id()))),
				linkTo(methodOn(MealController.class).all(null, null)).withRel(MealController.MEALS_REL));
	}

}
