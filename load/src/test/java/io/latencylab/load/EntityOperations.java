package io.latencylab.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.function.Function;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.lab.plan.Operation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002's operation × entity size matrix on the REST meals service: insert, query, update and
 * delete of meals whose description is lab.entity.bytes long (the study: 1, 4, 16 and 64 KB
 * Table entities). Query and update work on one shared meal made before the run; insert and
 * delete make their own, and the call that only sets up or cleans up is not recorded.
 */
public final class EntityOperations {

	private final String restUrl;

	private final String description;

	private volatile String sharedMeal;

	private volatile String sharedName;

	public EntityOperations(String restUrl, int entityBytes) {
		this.restUrl = restUrl;
		this.description = "x".repeat(Math.max(1, entityBytes));
	}

	/** Makes the shared meal that query and update use. */
	public void prepare() {
		try {
			this.sharedName = "Entity " + UUID.randomUUID();
			HttpResponse<Void> created = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create(this.restUrl + "/rest/meals"))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString(body(this.sharedName)))
					.build(), HttpResponse.BodyHandlers.discarding());
			if (created.statusCode() != 201) {
				throw new IllegalStateException("creating the shared meal answered " + created.statusCode());
			}
			this.sharedMeal = created.headers().firstValue("Location").orElseThrow();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot create the shared meal at " + this.restUrl, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	public ChainBuilder of(Operation operation, LoadRecorder recorder) {
		String name = operation.label();
		return switch (name) {
			case "entity-insert" -> exec(newName()).exec(LabHttp.call(recorder, name, create(name), 201))
				.exec(http("clean up").delete("#{meal}"));
			case "entity-query" -> LabHttp.call(recorder, name,
					http(name).get((session) -> this.sharedMeal).header("Accept", "application/hal+json"));
			case "entity-update" -> exec((session) -> session.set("sharedName", this.sharedName))
				.exec(LabHttp.call(recorder, name, json(http(name).put((session) -> this.sharedMeal), "#{sharedName}")));
			case "entity-delete" -> exec(newName()).exec(create("set up"))
				.exec(LabHttp.call(recorder, name, http(name).delete("#{meal}"), 204));
			default -> throw new IllegalArgumentException(name + " is not an entity operation");
		};
	}

	private static Function<Session, Session> newName() {
		return (session) -> session.set("mealName", "Entity " + UUID.randomUUID());
	}

	private HttpRequestActionBuilder create(String requestName) {
		return json(http(requestName).post(this.restUrl + "/rest/meals"), "#{mealName}").check(header("Location").saveAs("meal"));
	}

	private HttpRequestActionBuilder json(HttpRequestActionBuilder request, String name) {
		return request.header("Content-Type", "application/json")
			.header("Accept", "application/hal+json")
			.body(StringBody(body(name)));
	}

	private String body(String name) {
		return "{\"name\":\"" + name + "\",\"kcal\":500,\"price\":5.5,\"description\":\"" + this.description
				+ "\",\"mealType\":\"VEGGIE\"}";
	}

}
