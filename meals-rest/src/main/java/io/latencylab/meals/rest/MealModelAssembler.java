package io.latencylab.meals.rest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.latencylab.meals.Meal;

import org.springframework.hateoas.EntityModel;
import org.springframework.hateoas.Links;
import org.springframework.hateoas.server.RepresentationModelAssembler;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.afford;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.linkTo;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.methodOn;

/**
 * A meal with its links, and the update and delete templates HAL-FORMS clients see.
 * <p>
 * Building them through {@code methodOn} reflects on the controller on every call (parameter
 * annotations, nullness, the HAL-FORMS properties of {@code MealSpec}): half of a GET's CPU when
 * measured. A meal's links depend only on its id and the address the request came in on, never on
 * its content, so they are built once for each pair and reused.
 */
@Component
class MealModelAssembler implements RepresentationModelAssembler<Meal, EntityModel<Meal>> {

	/** More addresses than any lab run uses; past it the cache starts again rather than grow. */
	static final int MAX_CACHED_LINKS = 10_000;

	private final Map<LinksKey, Links> cachedLinks = new ConcurrentHashMap<>();

	@Override
	public EntityModel<Meal> toModel(Meal meal) {
		LinksKey key = new LinksKey(ServletUriComponentsBuilder.fromCurrentServletMapping().toUriString(), meal.id());
		Links links = this.cachedLinks.get(key);
		if (links == null) {
			if (this.cachedLinks.size() >= MAX_CACHED_LINKS) {
				this.cachedLinks.clear();
			}
			links = linksOf(meal.id());
			this.cachedLinks.put(key, links);
		}
		return EntityModel.of(meal, links);
	}

	private static Links linksOf(String id) {
		return Links.of(
				linkTo(methodOn(MealController.class).one(id)).withSelfRel()
					.andAffordance(afford(methodOn(MealController.class).update(id, null)))
					.andAffordance(afford(methodOn(MealController.class).delete(id))),
				linkTo(methodOn(MealController.class).all(null, null)).withRel(MealController.MEALS_REL));
	}

	private record LinksKey(String base, String mealId) {
	}

}
