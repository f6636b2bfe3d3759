package io.latencylab.telemetry;

import java.util.Map;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Documents the errors every operation of a service can answer, in the service's error shape
 * (lab.openapi.error-shape: problem, application/problem+json; or course, the toy store's
 * {"error":{"code","message"}}): 400 for bad input, 404 where the path names something, 413 and
 * 415 where there is a body, 503 everywhere in a service that depends on others
 * (lab.openapi.may-be-unavailable). Errors particular to an operation (a 409, a 503) are annotated on it;
 * those are kept. The fuzzer checks every answered status against this (ops/fuzz/run).
 */
class OpenApiErrors implements OpenApiCustomizer {

	private final boolean course;

	private final boolean mayBeUnavailable;

	/**
	 * @param shape the service's error shape: problem or course
	 * @param mayBeUnavailable whether every operation may answer 503 (it depends on a database or
	 * on other services)
	 */
	OpenApiErrors(String shape, boolean mayBeUnavailable) {
		this.course = "course".equals(shape);
		this.mayBeUnavailable = mayBeUnavailable;
	}

	@Override
	public void customise(OpenAPI openApi) {
		if (openApi.getPaths() == null) {
			return;
		}
		openApi.getPaths().forEach((path, item) -> item.readOperations().forEach((operation) -> {
			add(operation, "400", "Bad Request: a parameter or the body is not valid");
			if (path.contains("{")) {
				add(operation, "404", "Not Found: nothing by that name");
			}
			if (operation.getRequestBody() != null) {
				add(operation, "413", "Content Too Large: the body is over lab.http.max-body-size");
				add(operation, "415", "Unsupported Media Type");
			}
			if (this.mayBeUnavailable) {
				add(operation, "503", "Service Unavailable: a database or a backend cannot be reached; try again");
			}
			operation.getResponses().forEach((status, response) -> {
				if (status.startsWith("4") || status.startsWith("5")) {
					response.setContent(errorContent());
				}
			});
		}));
	}

	private void add(Operation operation, String status, String description) {
		ApiResponses responses = (operation.getResponses() != null) ? operation.getResponses() : new ApiResponses();
		operation.setResponses(responses);
		responses.computeIfAbsent(status, (s) -> new ApiResponse().description(description));
	}

	private Content errorContent() {
		Schema<?> schema;
		String mediaType;
		if (this.course) {
			schema = new ObjectSchema().addProperty("error",
					new ObjectSchema().addProperty("code", new IntegerSchema()).addProperty("message", new StringSchema()));
			mediaType = "application/json";
		}
		else {
			schema = new ObjectSchema().properties(Map.of("type", new StringSchema(), "title", new StringSchema(),
					"status", new IntegerSchema(), "detail", new StringSchema(), "instance", new StringSchema()));
			mediaType = "application/problem+json";
		}
		return new Content().addMediaType(mediaType, new MediaType().schema(schema));
	}

}
