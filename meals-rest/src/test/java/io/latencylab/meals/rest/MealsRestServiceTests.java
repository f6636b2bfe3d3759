package io.latencylab.meals.rest;

import java.net.URI;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.hateoas.UriTemplate;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service on a random port, driven over HTTP the way a HATEOAS client drives it: only the root
 * URL is known, every other URL comes from a link.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class MealsRestServiceTests {

	private static final MediaType HAL = MediaType.parseMediaType("application/hal+json");

	private static final MediaType HAL_FORMS = MediaType.parseMediaType("application/prs.hal-forms+json");

	@LocalServerPort
	int port;

	private RestClient http;

	@BeforeEach
	void client() {
		// Errors are answers to inspect here, not exceptions.
		this.http = RestClient.builder().defaultStatusHandler((status) -> true, (request, response) -> {
		}).build();
	}

	private DocumentContext root() {
		return get(URI.create("http://localhost:" + this.port + "/rest"), HAL);
	}

	private DocumentContext get(URI uri, MediaType accept) {
		ResponseEntity<String> response = this.http.get().uri(uri).accept(accept).retrieve().toEntity(String.class);
		assertThat(response.getStatusCode()).as("GET %s", uri).isEqualTo(HttpStatus.OK);
		return JsonPath.parse(response.getBody());
	}

	private static URI link(DocumentContext doc, String rel, Map<String, Object> parameters) {
		Object link = doc.read("$._links['" + rel + "']");
		String href = (link instanceof List<?> list) ? (String) ((Map<?, ?>) list.get(0)).get("href")
				: (String) ((Map<?, ?>) link).get("href");
		return UriTemplate.of(href).expand(parameters);
	}

	private static URI link(DocumentContext doc, String rel) {
		return link(doc, rel, Map.of());
	}

	private ResponseEntity<String> send(HttpMethod method, URI uri, String json) {
		return this.http.method(method)
			.uri(uri)
			.contentType(MediaType.APPLICATION_JSON)
			.accept(HAL)
			.body(json)
			.retrieve()
			.toEntity(String.class);
	}

	@Test
	void aBodyOverTheServicesLimitIsA413Problem() throws Exception {
		String huge = "{\"name\":\"" + "x".repeat(3 * 1024 * 1024) + "\"}";
		java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient()
			.send(java.net.http.HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/rest/meals"))
				.header("Content-Type", "application/json")
				// No length: the stream is cut off where it passes the limit.
				.POST(java.net.http.HttpRequest.BodyPublishers
					.ofInputStream(() -> new java.io.ByteArrayInputStream(huge.getBytes())))
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("lab.http.max-body-size");
	}

	@Test
	void rootLinksToMealsCheapestLargestAndOrders() {
		DocumentContext root = root();
		assertThat(get(link(root, "cheapest"), HAL).read("$.name", String.class)).isEqualTo("Fish and Chips");
		assertThat(get(link(root, "largest"), HAL).read("$.name", String.class)).isEqualTo("Steak");
		DocumentContext meals = get(link(root, "meals"), HAL);
		assertThat(meals.read("$._embedded.meals[*].name", List.class)).contains("Steak", "Portobello",
				"Fish and Chips");
		assertThat(link(root, "orders")).isNotNull();
	}

	@Test
	void pagesThroughTheCatalogueWithPageLinks() {
		DocumentContext first = get(link(root(), "meals", Map.of("size", 2)), HAL);
		assertThat(first.read("$._embedded.meals.length()", Integer.class)).isEqualTo(2);
		assertThat(first.read("$.page.size", Integer.class)).isEqualTo(2);
		int total = first.read("$.page.totalElements", Integer.class);
		assertThat(total).isGreaterThanOrEqualTo(3);
		DocumentContext second = get(link(first, "next"), HAL);
		assertThat(second.read("$.page.number", Integer.class)).isEqualTo(1);
		assertThat(link(second, "prev")).isEqualTo(link(first, "self"));
		assertThat(first.read("$._embedded.meals[*].name", List.class))
			.doesNotContainAnyElementsOf(second.read("$._embedded.meals[*].name", List.class));
	}

	@Test
	void createsReadsUpdatesAndDeletesAMeal() {
		URI meals = link(root(), "meals");
		ResponseEntity<String> created = send(HttpMethod.POST, meals,
				"{\"name\":\"Lasagne\",\"kcal\":850,\"price\":9.5,\"description\":\"Oven baked\",\"mealType\":\"MEAT\"}");
		assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		URI location = created.getHeaders().getLocation();
		DocumentContext meal = JsonPath.parse(created.getBody());
		assertThat(location).isEqualTo(link(meal, "self"));
		assertThat(meal.read("$.mealType", String.class)).isEqualTo("MEAT");

		ResponseEntity<String> updated = send(HttpMethod.PUT, location,
				"{\"name\":\"Veggie Lasagne\",\"kcal\":700,\"price\":8.5,\"description\":\"Oven baked\",\"mealType\":\"VEGGIE\"}");
		assertThat(updated.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(get(location, HAL).read("$.name", String.class)).isEqualTo("Veggie Lasagne");

		assertThat(send(HttpMethod.DELETE, location, "").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
		ResponseEntity<String> gone = this.http.get().uri(location).retrieve().toEntity(String.class);
		assertThat(gone.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(gone.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(JsonPath.parse(gone.getBody()).read("$.title", String.class)).isEqualTo("Meal not found");
	}

	@Test
	void getsCarryAnETagAndAConditionalGetReturns304() {
		URI cheapest = link(root(), "cheapest");
		ResponseEntity<String> first = this.http.get().uri(cheapest).retrieve().toEntity(String.class);
		String etag = first.getHeaders().getETag();
		assertThat(etag).isNotBlank();
		assertThat(first.getHeaders().getCacheControl()).contains("max-age=0");
		ResponseEntity<String> again = this.http.get()
			.uri(cheapest)
			.header("If-None-Match", etag)
			.retrieve()
			.toEntity(String.class);
		assertThat(again.getStatusCode()).isEqualTo(HttpStatus.NOT_MODIFIED);
	}

	@Test
	void placesAnOrderThatLinksToItsMeals() {
		DocumentContext root = root();
		String steak = link(get(link(root, "largest"), HAL), "self").toString();
		String fish = link(get(link(root, "cheapest"), HAL), "self").toString();
		String steakId = steak.substring(steak.lastIndexOf('/') + 1);
		String fishId = fish.substring(fish.lastIndexOf('/') + 1);
		ResponseEntity<String> placed = send(HttpMethod.POST, link(root, "orders"),
				"{\"deliveryAddress\":\"Celestijnenlaan 200A\",\"lines\":[{\"mealId\":\"" + steakId
						+ "\",\"quantity\":2},{\"mealId\":\"" + fishId + "\",\"quantity\":1}]}");
		assertThat(placed.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		DocumentContext order = get(placed.getHeaders().getLocation(), HAL);
		assertThat(order.read("$.totalPrice", Double.class)).isEqualTo(25.0);
		assertThat(order.read("$._links.meal[*].href", List.class)).containsExactly(steak, fish);
	}

	@Test
	void halFormsClientsSeeTheTemplates() {
		DocumentContext root = root();
		DocumentContext collection = get(link(root, "meals"), HAL_FORMS);
		assertThat(collection.read("$._templates.create.method", String.class)).isEqualTo("POST");
		URI steak = link(get(link(root, "largest"), HAL), "self");
		DocumentContext meal = get(steak, HAL_FORMS);
		assertThat(meal.read("$._templates.update.method", String.class)).isEqualTo("PUT");
		assertThat(meal.read("$._templates.delete.method", String.class)).isEqualTo("DELETE");
		assertThat(meal.read("$._templates.update.properties[*].name", List.class)).contains("name", "kcal", "price",
				"description", "mealType");
	}

	@Test
	void aMealsLinksFollowTheAddressEachRequestCameInOn() {
		// The links are built once per address and meal and reused: a second address must not get the first's.
		URI steak = link(get(link(root(), "largest"), HAL), "self");
		String path = steak.getPath();
		for (String host : List.of("localhost", "127.0.0.1", "localhost", "127.0.0.1")) {
			DocumentContext meal = get(URI.create("http://" + host + ":" + this.port + path), HAL_FORMS);
			assertThat(meal.read("$._links.self.href", String.class)).isEqualTo("http://" + host + ":" + this.port + path);
			assertThat(meal.read("$._links.meals.href", String.class))
				.isEqualTo("http://" + host + ":" + this.port + "/rest/meals{?page,size}");
			assertThat(meal.read("$._templates.update.method", String.class)).isEqualTo("PUT");
		}
	}

	@Test
	void invalidMealIsA400NamingTheFailingFields() {
		ResponseEntity<String> response = send(HttpMethod.POST, link(root(), "meals"),
				"{\"name\":\" \",\"kcal\":-1,\"price\":1.0,\"description\":\"x\",\"mealType\":\"VEGAN\"}");
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		DocumentContext problem = JsonPath.parse(response.getBody());
		assertThat(problem.read("$.title", String.class)).isEqualTo("Validation failed");
		assertThat(problem.read("$.errors[*].field", List.class)).containsExactlyInAnyOrder("name", "kcal");
	}

	@Test
	void malformedJsonIsA400() {
		ResponseEntity<String> response = send(HttpMethod.POST, link(root(), "meals"), "{\"name\": ");
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(JsonPath.parse(response.getBody()).read("$.title", String.class)).isEqualTo("Malformed JSON");
	}

	@Test
	void unknownMealTypeIsA400() {
		ResponseEntity<String> response = send(HttpMethod.POST, link(root(), "meals"),
				"{\"name\":\"Pie\",\"kcal\":1,\"price\":1.0,\"description\":\"x\",\"mealType\":\"CANDY\"}");
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getBody()).contains("CANDY");
	}

	@Test
	void wrongMethodMediaTypeAndAcceptAreProblems() {
		URI meals = link(root(), "meals");
		ResponseEntity<String> patch = this.http.patch().uri(meals).retrieve().toEntity(String.class);
		assertThat(patch.getStatusCode()).isEqualTo(HttpStatus.METHOD_NOT_ALLOWED);
		assertThat(patch.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);

		ResponseEntity<String> xml = this.http.get()
			.uri(meals)
			.accept(MediaType.APPLICATION_XML)
			.retrieve()
			.toEntity(String.class);
		assertThat(xml.getStatusCode()).isEqualTo(HttpStatus.NOT_ACCEPTABLE);

		ResponseEntity<String> text = this.http.post()
			.uri(meals)
			.contentType(MediaType.TEXT_PLAIN)
			.body("Lasagne")
			.retrieve()
			.toEntity(String.class);
		assertThat(text.getStatusCode()).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
		assertThat(text.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/** What the fuzzer (ops/fuzz/run) found answered 500: each is the client's fault, as a problem. */
	@Test
	void inputTheFuzzerFoundIsAProblemNotA500() throws Exception {
		URI orders = link(root(), "orders");
		ResponseEntity<String> nullLine = send(HttpMethod.POST, orders, "{\"deliveryAddress\":\"Leuven\",\"lines\":[null]}");
		assertThat(nullLine.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(nullLine.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);

		URI meal = URI.create("http://localhost:" + this.port + "/rest/meals/" + io.latencylab.meals.MealsSeed.STEAK_ID);
		for (String type : List.of("multipart/form-data", "application/x-www-form-urlencoded")) {
			ResponseEntity<String> form = this.http.put()
				.uri(meal)
				.header("Content-Type", type)
				.body("name=%F2%95%B6%87&=true")
				.retrieve()
				.toEntity(String.class);
			assertThat(form.getStatusCode()).as(type).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
			assertThat(form.getHeaders().getContentType()).as(type).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		}

		// Refused by the servlet container itself, before Spring MVC: still a problem.
		java.net.http.HttpResponse<String> trace = java.net.http.HttpClient.newHttpClient()
			.send(java.net.http.HttpRequest.newBuilder(meal).method("TRACE", java.net.http.HttpRequest.BodyPublishers.noBody())
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
		assertThat(trace.statusCode()).isEqualTo(405);
		assertThat(trace.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(JsonPath.parse(trace.body()).read("$.status", Integer.class)).isEqualTo(405);
		ResponseEntity<String> errorPage = this.http.get()
			.uri(URI.create("http://localhost:" + this.port + "/error"))
			.retrieve()
			.toEntity(String.class);
		assertThat(errorPage.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(errorPage.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
	}

	@Test
	void pageSizeOutOfRangeIsA400NamingTheParameter() {
		ResponseEntity<String> response = this.http.get()
			.uri(link(root(), "meals", Map.of("size", 0)))
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(JsonPath.parse(response.getBody()).read("$.errors[0].field", String.class)).isEqualTo("size");
	}

	@Test
	void duplicateNameIsA409() {
		ResponseEntity<String> response = send(HttpMethod.POST, link(root(), "meals"),
				"{\"name\":\"steak\",\"kcal\":1,\"price\":1.0,\"description\":\"x\",\"mealType\":\"MEAT\"}");
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
	}

}
