package io.latencylab.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Function;

import com.jayway.jsonpath.JsonPath;

/** A course client: plain HTTP/1.1, JSON in and out. */
final class StoreClient {

	record Answer(int status, String body) {

		<T> T read(String path) {
			return JsonPath.read(this.body, path);
		}

	}

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	private final Function<String, URI> frontend;

	StoreClient(Function<String, URI> frontend) {
		this.frontend = frontend;
	}

	Answer get(String path) throws Exception {
		return send(HttpRequest.newBuilder(this.frontend.apply(path)).GET());
	}

	Answer post(String path, String contentType, String body) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.frontend.apply(path))
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		return send(request);
	}

	Answer buy(String name, int quantity) throws Exception {
		return post("/orders", "application/json", "{\"name\":\"" + name + "\",\"quantity\":" + quantity + "}");
	}

	int quantityOf(String name) throws Exception {
		return get("/products/" + name).read("$.data.quantity");
	}

	private Answer send(HttpRequest.Builder request) throws Exception {
		HttpResponse<String> response = this.http.send(request.timeout(Duration.ofSeconds(30)).build(),
				HttpResponse.BodyHandlers.ofString());
		return new Answer(response.statusCode(), response.body());
	}

}
