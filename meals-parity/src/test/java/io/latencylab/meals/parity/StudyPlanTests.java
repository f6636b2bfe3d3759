package io.latencylab.meals.parity;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import io.latencylab.meals.MealsSeed;
import io.latencylab.plan.StudyPlanRequests;
import io.latencylab.plan.StudyPlanRequests.StudyRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 000's load plans, request by request as the study's plans sent them ({@link StudyPlanRequests},
 * which the Gatling study mix and the JMeter plans send), against both services started for real:
 * every request gets the status the study's own services answered.
 */
class StudyPlanTests {

	private static MealsServices services;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void startBothServices() {
		services = MealsServices.start();
	}

	@AfterAll
	static void stopBothServices() {
		services.close();
	}

	private HttpResponse<String> send(int port, String method, String path, String contentType, String body)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.method(method, (body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody());
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> send(int port, StudyRequest request) throws IOException, InterruptedException {
		return send(port, request.method(), request.path(), request.contentType(), request.body());
	}

	/** One test per request of the SOAP plan: each answered 200 with its response, never a fault. */
	@TestFactory
	Stream<DynamicTest> theSoapPlansRequestsAnswerAsTheStudysService() {
		return StudyPlanRequests.soap().stream().map((request) -> DynamicTest.dynamicTest(label(request), () -> {
			HttpResponse<String> response = send(services.soapPort(), request);
			assertThat(response.statusCode()).isIn(request.statuses());
			String operation = request.body().replaceAll("(?s).*<gs:(\\w+)Request.*", "$1");
			assertThat(response.body()).contains(operation + "Response").doesNotContain("Fault");
		}));
	}

	/** One test per request of the REST plan, sent in the plan's order, as one of its users sends them. */
	@TestFactory
	Stream<DynamicTest> theRestPlansRequestsAnswerAsTheStudysService() {
		return StudyPlanRequests.rest().stream().map((request) -> DynamicTest.dynamicTest(label(request), () -> {
			HttpResponse<String> response = send(services.restPort(), request);
			// Alone, this user's delete follows its own create: the 204 of the study's 204-or-404.
			assertThat(response.statusCode()).isEqualTo(request.statuses().getFirst());
		}));
	}

	@Test
	void theStudysCreateOfItsOwnIdAnswers201EveryTimeAndReplacesTheMeal() throws Exception {
		StudyRequest create = request(StudyPlanRequests.rest(), "rest create");
		int before = total();
		assertThat(send(services.restPort(), create).statusCode()).isEqualTo(201);
		HttpResponse<String> again = send(services.restPort(), create);
		assertThat(again.statusCode()).isEqualTo(201);
		assertThat(again.headers().firstValue("Location")).hasValueSatisfying(
				(location) -> assertThat(location).endsWith("/rest/meals/" + StudyPlanRequests.CREATED_ID));
		assertThat(again.body()).contains("\"id\":\"12345\"", "Double Cheese");
		assertThat(total()).isEqualTo(before + 1);
		assertThat(send(services.restPort(), "DELETE", "/rest/meals/12345", null, null).statusCode()).isEqualTo(204);
		HttpResponse<String> gone = send(services.restPort(), "DELETE", "/rest/meals/12345", null, null);
		assertThat(gone.statusCode()).isEqualTo(404);
		assertThat(gone.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(total()).isEqualTo(before);
	}

	@Test
	void theStudysOrderNamesEachMealOncePerPortion() throws Exception {
		HttpResponse<String> placed = send(services.restPort(), "POST", "/rest/orders", "application/json",
				"{\"address\":\"Leuven\",\"mealIds\":[\"" + MealsSeed.STEAK_ID + "\",\"" + MealsSeed.STEAK_ID + "\",\""
						+ MealsSeed.FISH_AND_CHIPS_ID + "\"]}");
		assertThat(placed.statusCode()).isEqualTo(201);
		// Steak 10.00 twice and fish and chips 5.00: two lines.
		assertThat(placed.body()).contains("\"totalPrice\":25.00", "\"quantity\":2", "\"deliveryAddress\":\"Leuven\"");
	}

	@Test
	void anOrderOfBothShapesOrOfAnUnknownMealIsAProblem() throws Exception {
		HttpResponse<String> both = send(services.restPort(), "POST", "/rest/orders", "application/json",
				"{\"address\":\"Leuven\",\"mealIds\":[\"" + MealsSeed.STEAK_ID + "\"],\"deliveryAddress\":\"Leuven\",\"lines\":[]}");
		assertThat(both.statusCode()).isEqualTo(400);
		assertThat(both.body()).contains("INVALID_INPUT");
		HttpResponse<String> unknown = send(services.restPort(), "POST", "/rest/orders", "application/json",
				"{\"address\":\"Leuven\",\"mealIds\":[\"12345-none\"]}");
		assertThat(unknown.statusCode()).isEqualTo(404);
		assertThat(unknown.headers().firstValue("Content-Type")).hasValue("application/problem+json");
	}

	@Test
	void anIdThatIsNoPathSegmentIsRefused() throws Exception {
		HttpResponse<String> refused = send(services.restPort(), "POST", "/rest/meals", "application/json",
				"{\"id\":\"a/b\",\"name\":\"Slash\",\"kcal\":1,\"price\":1.00,\"description\":\"\",\"mealType\":\"VEGAN\"}");
		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.body()).contains("\"field\":\"id\"");
	}

	/**
	 * The study's plans had an empty row in their HTTP Header Manager, which JMeter sends as a line
	 * ": ". The studied Tomcat 9 ignored it; Tomcat 11, under both services, refuses the request
	 * before any service code runs, as RFC 9112 (2.2) allows. The lab drops the row from a plan
	 * (load-jmeter's PlanChanges) rather than loosen the server.
	 */
	@Test
	void aHeaderLineWithAnEmptyNameIsRefusedByTomcat() throws Exception {
		StudyRequest cheapest = StudyPlanRequests.soap().getFirst();
		byte[] body = cheapest.body().getBytes(StandardCharsets.UTF_8);
		String head = "POST /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + cheapest.contentType() + "\r\n: \r\n"
				+ "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
		assertThat(rawStatusLine(services.soapPort(), head, body)).startsWith("HTTP/1.1 400");
		String clean = head.replace("\r\n: \r\n", "\r\n");
		assertThat(rawStatusLine(services.soapPort(), clean, body)).startsWith("HTTP/1.1 200");
	}

	private static String rawStatusLine(int port, String head, byte[] body) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(head.getBytes(StandardCharsets.US_ASCII));
			out.write(body);
			out.flush();
			InputStream in = socket.getInputStream();
			StringBuilder line = new StringBuilder();
			for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
				line.append((char) c);
			}
			return line.toString();
		}
	}

	private int total() throws Exception {
		String page = send(services.restPort(), "GET", "/rest/meals?size=1", null, null).body();
		return Integer.parseInt(page.replaceAll("(?s).*\"totalElements\":(\\d+).*", "$1"));
	}

	private static StudyRequest request(List<StudyRequest> plan, String name) {
		return plan.stream().filter((r) -> r.name().equals(name)).findFirst().orElseThrow();
	}

	private static String label(StudyRequest request) {
		return request.name() + ": " + request.method() + " " + request.path();
	}

}
