package io.latencylab.toystore.frontend;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;

import io.latencylab.toystore.api.Toy;
import io.latencylab.toystore.api.ToyRules;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The course's REST contract, exactly: clients written for it must work unchanged. So a JSON body
 * is read whatever its Content-Type says (or if it says nothing), and every path also answers with
 * a trailing slash.
 */
@RestController
class StoreController {

	private final ToyStore store;

	private final JsonMapper json;

	StoreController(ToyStore store, JsonMapper json) {
		this.store = store;
		this.json = json;
	}

	@GetMapping({ "/products/{name}", "/products/{name}/" })
	ResponseEntity<StoreApi.Data<StoreApi.Product>> product(@PathVariable String name) {
		ToyStore.Lookup lookup = this.store.query(name);
		Toy toy = lookup.toy();
		ResponseEntity.BodyBuilder response = ResponseEntity.ok();
		if (lookup.cacheHit() != null) {
			response.header("X-Cache", lookup.cacheHit() ? "HIT" : "MISS");
		}
		return response.body(new StoreApi.Data<>(
				new StoreApi.Product(toy.getName(), BigDecimal.valueOf(toy.getPriceCents(), 2), toy.getQuantity())));
	}

	@ApiResponse(responseCode = "200", description = "The order number")
	@ApiResponse(responseCode = "409", description = "Conflict: insufficient stock")
	@PostMapping({ "/orders", "/orders/" })
	StoreApi.Data<StoreApi.OrderNumber> buy(HttpServletRequest request) throws IOException {
		JsonNode body = readJson(request);
		JsonNode name = body.get("name");
		JsonNode quantity = body.get("quantity");
		if (name == null || !name.isString()) {
			throw new StoreException(HttpStatus.BAD_REQUEST, "name must be a non-empty string");
		}
		if (quantity == null || !quantity.isIntegralNumber() || !quantity.canConvertToLong()) {
			throw new StoreException(HttpStatus.BAD_REQUEST, "quantity must be an integer");
		}
		ToyRules.invalidBuy(name.asString(), quantity.asLong()).ifPresent((why) -> {
			throw new StoreException(HttpStatus.BAD_REQUEST, why);
		});
		long number = this.store.buy(name.asString(), quantity.asInt());
		return new StoreApi.Data<>(new StoreApi.OrderNumber(number));
	}

	@GetMapping({ "/orders/{number}", "/orders/{number}/" })
	StoreApi.Data<StoreApi.Order> order(@PathVariable String number) {
		long parsed;
		try {
			parsed = Long.parseLong(number);
		}
		catch (NumberFormatException notANumber) {
			throw new StoreException(HttpStatus.NOT_FOUND, "order not found");
		}
		var order = this.store.order(parsed);
		return new StoreApi.Data<>(new StoreApi.Order(order.getNumber(), order.getName(), order.getQuantity()));
	}

	// Read the body ourselves: Spring would refuse text/plain or a form type for a JSON object,
	// and course clients send those. Nothing here calls getParameter, so a form body stays unread.
	private JsonNode readJson(HttpServletRequest request) throws IOException {
		byte[] bytes;
		// The stream ends at the service's body limit (lab.http.max-body-size): StoreErrors answers 413.
		try (InputStream in = request.getInputStream()) {
			bytes = in.readAllBytes();
		}
		try {
			JsonNode body = this.json.readTree(bytes);
			if (body == null || !body.isObject()) {
				throw new StoreException(HttpStatus.BAD_REQUEST, "body must be a JSON object with name and quantity");
			}
			return body;
		}
		catch (JacksonException malformed) {
			throw new StoreException(HttpStatus.BAD_REQUEST, "malformed JSON: " + malformed.getOriginalMessage());
		}
	}

}
