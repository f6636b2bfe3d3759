package io.latencylab.load;

import java.util.function.Supplier;

import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.http.HttpDsl.http;

/** The requests of the lab's systems under test, against the targets in the parameters. */
public final class Requests {

	public static final String STEAK_ID = "5268203c-de76-4921-a3e3-439db69c462a";

	private final LabParameters parameters;

	public Requests(LabParameters parameters) {
		this.parameters = parameters;
	}

	public HttpRequestActionBuilder soap(String name, String payload) {
		return http(name).post(this.parameters.mealsSoapUrl() + "/ws")
			.header("Content-Type", "text/xml; charset=utf-8")
			.body(StringBody("<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\" "
					+ "xmlns:m=\"http://foodmenu.io/gt/webservice\"><e:Body>" + payload + "</e:Body></e:Envelope>"));
	}

	public HttpRequestActionBuilder soapGetMeal(String mealName) {
		return soap("soap getMeal", "<m:getMealRequest><m:name>" + mealName + "</m:name></m:getMealRequest>");
	}

	public HttpRequestActionBuilder restGet(String name, String path) {
		return http(name).get(this.parameters.mealsRestUrl() + path).header("Accept", "application/hal+json");
	}

	public HttpRequestActionBuilder toyQuery(String toyExpression) {
		return http("query").get(this.parameters.toyStoreUrl() + "/products/" + toyExpression);
	}

	public HttpRequestActionBuilder toyBuy(String toyExpression) {
		return http("buy").post(this.parameters.toyStoreUrl() + "/orders")
			.header("Content-Type", "application/json")
			.body(StringBody("{\"name\":\"" + toyExpression + "\",\"quantity\":1}"));
	}

	public HttpRequestActionBuilder sort(String algorithm, String numbers) {
		return sort(algorithm, () -> numbers);
	}

	/** The body is read when the request is sent, so a simulation can load its file in before(). */
	public HttpRequestActionBuilder sort(String algorithm, Supplier<String> numbers) {
		return http("sort " + algorithm).post(this.parameters.sortUrl() + "/sort?algorithm=" + algorithm)
			.header("Content-Type", "text/plain")
			.body(StringBody((session) -> numbers.get()));
	}

}
