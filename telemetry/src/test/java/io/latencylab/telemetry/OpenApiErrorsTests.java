package io.latencylab.telemetry;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OpenApiErrorsTests {

	@Test
	void everyOperationGetsTheErrorsItCanAnswerInProblemJson() {
		OpenAPI api = api();
		new OpenApiErrors("problem", false).customise(api);
		Operation list = api.getPaths().get("/meals").getGet();
		Operation replace = api.getPaths().get("/meals/{id}").getPut();
		assertThat(list.getResponses()).containsOnlyKeys("200", "400");
		assertThat(replace.getResponses()).containsOnlyKeys("200", "400", "404", "409", "413", "415");
		assertThat(replace.getResponses().get("409").getDescription()).as("an operation's own kept")
			.isEqualTo("name taken");
		assertThat(replace.getResponses().get("409").getContent()).containsOnlyKeys("application/problem+json");
		assertThat(replace.getResponses().get("404").getContent().get("application/problem+json").getSchema()
			.getProperties()).containsKeys("type", "title", "status", "detail");
		assertThat(list.getResponses().get("200").getContent()).as("successes untouched").isNull();
	}

	@Test
	void theCourseShapeAndA503WhereEverythingDependsOnOthers() {
		OpenAPI api = api();
		new OpenApiErrors("course", true).customise(api);
		Operation list = api.getPaths().get("/meals").getGet();
		assertThat(list.getResponses()).containsOnlyKeys("200", "400", "503");
		assertThat(list.getResponses().get("503").getContent()).containsOnlyKeys("application/json");
		assertThat(list.getResponses().get("400").getContent().get("application/json").getSchema().getProperties())
			.containsOnlyKeys("error");
	}

	private static OpenAPI api() {
		Operation list = new Operation().responses(new ApiResponses().addApiResponse("200", new ApiResponse()));
		Operation replace = new Operation().requestBody(new RequestBody())
			.responses(new ApiResponses().addApiResponse("200", new ApiResponse())
				.addApiResponse("409", new ApiResponse().description("name taken")));
		return new OpenAPI().paths(new Paths().addPathItem("/meals", new PathItem().get(list))
			.addPathItem("/meals/{id}", new PathItem().put(replace)));
	}

}
