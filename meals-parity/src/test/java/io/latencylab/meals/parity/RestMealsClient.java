package io.latencylab.meals.parity;

import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import io.latencylab.meals.Meal;
import io.latencylab.meals.MealSpec;
import io.latencylab.meals.MealType;
import io.latencylab.meals.OrderSpec;

import org.springframework.hateoas.UriTemplate;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/** Knows only the root URL; follows links from there, as a HATEOAS client does. */
class RestMealsClient implements MealsClient {

	private final URI root;

	private final RestClient http = RestClient.builder().defaultStatusHandler((status) -> true, (req, res) -> {
	}).build();

	RestMealsClient(URI root) {
		this.root = root;
	}

	private ResponseEntity<String> exchange(HttpMethod method, URI uri, String json) {
		RestClient.RequestBodySpec request = this.http.method(method).uri(uri).accept(MediaType.parseMediaType("application/hal+json"));
		if (json != null) {
			request.contentType(MediaType.APPLICATION_JSON).body(json);
		}
		ResponseEntity<String> response = request.retrieve().toEntity(String.class);
		if (response.getStatusCode().isError()) {
			throw new Refused(HttpStatus.valueOf(response.getStatusCode().value()));
		}
		return response;
	}

	private DocumentContext get(URI uri) {
		return JsonPath.parse(exchange(HttpMethod.GET, uri, null).getBody());
	}

	private URI link(String rel, Map<String, Object> parameters) {
		return link(get(this.root), rel, parameters);
	}

	private static URI link(DocumentContext doc, String rel, Map<String, Object> parameters) {
		Object link = doc.read("$._links['" + rel + "']");
		Map<?, ?> first = (link instanceof List<?> list) ? (Map<?, ?>) list.get(0) : (Map<?, ?>) link;
		return UriTemplate.of((String) first.get("href")).expand(parameters);
	}

	private static Meal toMeal(Object json) {
		DocumentContext doc = (json instanceof String text) ? JsonPath.parse(text) : JsonPath.parse(json);
		return new Meal(doc.read("$.id"), doc.read("$.name"), doc.read("$.kcal", Integer.class),
				new BigDecimal(doc.read("$.price").toString()), doc.read("$.description"),
				MealType.valueOf(doc.read("$.mealType")));
	}

	private static String toJson(MealSpec spec) {
		return JsonPath.parse(Map.of("name", spec.name(), "kcal", spec.kcal(), "price", spec.price(), "description",
				spec.description(), "mealType", spec.mealType().name())).jsonString();
	}

	/** Every page of the listing, following the next links. */
	private List<DocumentContext> pages(int pageSize) {
		List<DocumentContext> pages = new ArrayList<>();
		DocumentContext page = get(link("meals", Map.of("size", pageSize)));
		pages.add(page);
		while (page.read("$._links", Map.class).containsKey("next")) {
			page = get(link(page, "next", Map.of()));
			pages.add(page);
		}
		return pages;
	}

	private URI mealUri(String id) {
		// A HATEOAS client finds a meal's URL in the listing; the catalogue is small in this test.
		for (DocumentContext page : pages(100)) {
			List<Map<String, Object>> meals = page.read("$._embedded.meals");
			for (Map<String, Object> meal : meals) {
				if (id.toString().equals(meal.get("id"))) {
					return link(JsonPath.parse(meal), "self", Map.of());
				}
			}
		}
		throw new Refused(HttpStatus.NOT_FOUND);
	}

	@Override
	public List<Meal> list(int pageSize) {
		List<Meal> meals = new ArrayList<>();
		for (DocumentContext page : pages(pageSize)) {
			List<Object> content = page.read("$._embedded.meals");
			content.forEach((meal) -> meals.add(toMeal(meal)));
		}
		return meals;
	}

	@Override
	public Meal get(String id) {
		return toMeal(get(mealUri(id)).json());
	}

	@Override
	public Meal cheapest() {
		return toMeal(get(link("cheapest", Map.of())).json());
	}

	@Override
	public Meal largest() {
		return toMeal(get(link("largest", Map.of())).json());
	}

	@Override
	public Meal create(MealSpec spec) {
		return toMeal(exchange(HttpMethod.POST, link("meals", Map.of()), toJson(spec)).getBody());
	}

	@Override
	public Meal update(String id, MealSpec spec) {
		return toMeal(exchange(HttpMethod.PUT, mealUri(id), toJson(spec)).getBody());
	}

	@Override
	public void delete(String id) {
		exchange(HttpMethod.DELETE, mealUri(id), null);
	}

	@Override
	public BigDecimal order(OrderSpec spec) {
		List<Map<String, Object>> lines = spec.lines()
			.stream()
			.map((line) -> Map.<String, Object>of("mealId", line.mealId().toString(), "quantity", line.quantity()))
			.toList();
		String json = JsonPath.parse(Map.of("deliveryAddress", spec.deliveryAddress(), "lines", lines)).jsonString();
		URI location = exchange(HttpMethod.POST, link("orders", Map.of()), json).getHeaders().getLocation();
		return new BigDecimal(get(location).read("$.totalPrice").toString());
	}

	@Override
	public String refusalOf(Runnable request) {
		try {
			request.run();
			return "accepted";
		}
		catch (Refused refused) {
			return switch (refused.status) {
				case NOT_FOUND -> "not found";
				case BAD_REQUEST -> "invalid";
				case CONFLICT -> "conflict";
				default -> refused.status.toString();
			};
		}
	}

	private static final class Refused extends RuntimeException {

		private final HttpStatus status;

		Refused(HttpStatus status) {
			super(status.toString());
			this.status = status;
		}

	}

}
