package io.latencylab.load;

import java.util.function.Supplier;

import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.http.HttpDsl.http;

/** The requests of the lab's systems under test, against the targets in the parameters. */
public final class Requests {

	public static final String STEAK_ID = OutsideLoad.STEAK_ID;

	public static final String PORTOBELLO_ID = OutsideLoad.PORTOBELLO_ID;

	private final String soapUrl;

	private final String restUrl;

	private final String toyStoreUrl;

	private final String sortUrl;

	private final String tablesUrl;

	private final Parameters parameters;

	public Requests(Parameters parameters) {
		this.soapUrl = Targets.url(parameters, Targets.MEALS_SOAP);
		this.restUrl = Targets.url(parameters, Targets.MEALS_REST);
		this.toyStoreUrl = Targets.url(parameters, Targets.TOY_STORE);
		this.sortUrl = Targets.url(parameters, Targets.SORT);
		this.tablesUrl = Targets.url(parameters, Targets.TABLES);
		this.parameters = parameters;
	}

	/** An operation's request as written once for the lab and for outside clients (OutsideLoad). */
	public HttpRequestActionBuilder of(String name, OutsideLoad.Request request) {
		HttpRequestActionBuilder builder = http(name)
			.httpRequest(request.method(), Targets.url(this.parameters, request.target()) + request.path())
			.headers(request.headers());
		return (request.body() != null) ? builder.body(StringBody(request.body())) : builder;
	}

	public String tablesUrl() {
		return this.tablesUrl;
	}

	public String soapUrl() {
		return this.soapUrl;
	}

	public String restUrl() {
		return this.restUrl;
	}

	public String sortUrl() {
		return this.sortUrl;
	}

	public HttpRequestActionBuilder soap(String name, String payload) {
		return http(name).post(this.soapUrl + "/ws")
			.header("Content-Type", "text/xml; charset=utf-8")
			.body(StringBody(OutsideLoad.soapEnvelope(payload)));
	}

	public HttpRequestActionBuilder soapGetMeal(String mealName) {
		return soap("soap getMeal", "<m:getMealRequest><m:name>" + mealName + "</m:name></m:getMealRequest>");
	}

	/** Our addOrder: one Steak delivered to Leuven. */
	public HttpRequestActionBuilder soapAddOrder() {
		return soap("soap addOrder", "<m:addOrderRequest><m:deliveryAddress>Leuven</m:deliveryAddress><m:line><m:mealId>"
				+ STEAK_ID + "</m:mealId><m:quantity>1</m:quantity></m:line></m:addOrderRequest>");
	}

	public HttpRequestActionBuilder restGet(String name, String path) {
		return http(name).get(this.restUrl + path).header("Accept", "application/hal+json");
	}

	public HttpRequestActionBuilder toyQuery(String toyExpression) {
		return http("query").get(this.toyStoreUrl + "/products/" + toyExpression);
	}

	public HttpRequestActionBuilder toyBuy(String toyExpression) {
		return http("buy").post(this.toyStoreUrl + "/orders")
			.header("Content-Type", "application/json")
			.body(StringBody("{\"name\":\"" + toyExpression + "\",\"quantity\":1}"));
	}

	public HttpRequestActionBuilder sort(String algorithm, String numbers) {
		return sort(algorithm, () -> numbers);
	}

	/** The body is read when the request is sent, so a simulation can load its file in before(). */
	public HttpRequestActionBuilder sort(String algorithm, Supplier<String> numbers) {
		return sort(this.sortUrl, algorithm, numbers);
	}

	/** The same, to the sort service at {@code sortUrl} (a region's own proxy). */
	public HttpRequestActionBuilder sort(String sortUrl, String algorithm, Supplier<String> numbers) {
		return http("sort " + algorithm).post(sortUrl + "/sort?algorithm=" + algorithm)
			.header("Content-Type", "text/plain")
			.body(StringBody((session) -> numbers.get()));
	}

}
