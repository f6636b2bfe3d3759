package io.latencylab.meals.rest;

import java.util.List;

import io.latencylab.meals.Meal;
import io.latencylab.meals.MealCatalog;
import io.latencylab.meals.MealPage;
import io.latencylab.meals.MealSpec;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.hateoas.EntityModel;
import org.springframework.hateoas.Link;
import org.springframework.hateoas.PagedModel;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.afford;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.linkTo;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.methodOn;

/** The meals collection and its members. Same catalogue, same rules as the SOAP service. */
@RestController
@RequestMapping("/rest/meals")
public class MealController {

	static final String MEALS_REL = "meals";

	static final int DEFAULT_PAGE_SIZE = 20;

	static final int MAX_PAGE_SIZE = 1000;

	private final MealCatalog catalog;

	private final MealModelAssembler assembler;

	private final CacheControl cacheControl;

	public MealController(MealCatalog catalog, MealModelAssembler assembler, MealsRestProperties properties) {
		this.catalog = catalog;
		this.assembler = assembler;
		this.cacheControl = CacheControl.maxAge(properties.cacheMaxAge()).mustRevalidate();
	}

	@GetMapping
	public ResponseEntity<PagedModel<EntityModel<Meal>>> all(@RequestParam(required = false) @Min(0) Integer page,
			@RequestParam(required = false) @Min(1) @Max(MAX_PAGE_SIZE) Integer size) {
		int number = (page != null) ? page : 0;
		int pageSize = (size != null) ? size : DEFAULT_PAGE_SIZE;
		MealPage meals = this.catalog.page(number, pageSize);
		List<EntityModel<Meal>> content = meals.content().stream().map(this.assembler::toModel).toList();
		PagedModel<EntityModel<Meal>> model = PagedModel.of(content,
				new PagedModel.PageMetadata(pageSize, number, meals.totalElements(), meals.totalPages()));
		model.add(pageLink(number, pageSize, "self").andAffordance(afford(methodOn(MealController.class).create(null))));
		model.add(pageLink(0, pageSize, "first"));
		if (meals.hasPrevious()) {
			model.add(pageLink(number - 1, pageSize, "prev"));
		}
		if (meals.hasNext()) {
			model.add(pageLink(number + 1, pageSize, "next"));
		}
		model.add(pageLink(Math.max(0, meals.totalPages() - 1), pageSize, "last"));
		return ResponseEntity.ok().cacheControl(this.cacheControl).body(model);
	}

	@GetMapping("/{id}")
	public ResponseEntity<EntityModel<Meal>> one(@PathVariable String id) {
		return cached(this.catalog.getById(id));
	}

	@ApiResponse(responseCode = "200", description = "The cheapest meal")
	@ApiResponse(responseCode = "404", description = "Not Found: the catalogue is empty")
	@GetMapping("/cheapest")
	public ResponseEntity<EntityModel<Meal>> cheapest() {
		return cached(this.catalog.cheapest());
	}

	@ApiResponse(responseCode = "200", description = "The largest meal")
	@ApiResponse(responseCode = "404", description = "Not Found: the catalogue is empty")
	@GetMapping("/largest")
	public ResponseEntity<EntityModel<Meal>> largest() {
		return cached(this.catalog.largest());
	}

	@ApiResponse(responseCode = "201", description = "Created: the new meal, its address in Location")
	@ApiResponse(responseCode = "409", description = "Conflict: a meal of that name exists")
	@PostMapping
	public ResponseEntity<EntityModel<Meal>> create(@Valid @RequestBody NewMeal meal) {
		// The studied service's clients chose the id and sent the same create again and again: it
		// answered 201 each time, and so does this (the meal of that id is replaced).
		Meal created = (meal.id() == null) ? this.catalog.create(meal.spec()) : this.catalog.put(meal.id(), meal.spec());
		EntityModel<Meal> model = this.assembler.toModel(created);
		return ResponseEntity.created(model.getRequiredLink("self").toUri()).body(model);
	}

	@ApiResponse(responseCode = "200", description = "The meal as it now is")
	@ApiResponse(responseCode = "409", description = "Conflict: another meal has that name")
	@PutMapping("/{id}")
	public ResponseEntity<EntityModel<Meal>> update(@PathVariable String id, @Valid @RequestBody MealSpec spec) {
		return ResponseEntity.ok(this.assembler.toModel(this.catalog.update(id, spec)));
	}

	@ApiResponse(responseCode = "204", description = "Deleted")
	@ApiResponse(responseCode = "404", description = "Not Found: no meal has that id")
	@DeleteMapping("/{id}")
	public ResponseEntity<Void> delete(@PathVariable String id) {
		this.catalog.delete(id);
		return ResponseEntity.noContent().build();
	}

	private ResponseEntity<EntityModel<Meal>> cached(Meal meal) {
		return ResponseEntity.ok().cacheControl(this.cacheControl).body(this.assembler.toModel(meal));
	}

	private static Link pageLink(int page, int size, String rel) {
		return linkTo(methodOn(MealController.class).all(page, size)).withRel(rel);
	}

}
