package io.latencylab.meals.rest;

import io.latencylab.meals.Meal;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.hateoas.LinkRelation;
import org.springframework.hateoas.server.LinkRelationProvider;
import org.springframework.stereotype.Component;

/** Embeds meals as {@code _embedded.meals}; the domain record stays free of web annotations. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class MealsLinkRelations implements LinkRelationProvider {

	@Override
	public LinkRelation getItemResourceRelFor(Class<?> type) {
		return LinkRelation.of("meal");
	}

	@Override
	public LinkRelation getCollectionResourceRelFor(Class<?> type) {
		return LinkRelation.of(MealController.MEALS_REL);
	}

	@Override
	public boolean supports(LookupContext context) {
		return Meal.class.equals(context.getType());
	}

}
