package io.latencylab.load.toystore;

import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.http.HttpDsl.http;

/** The requests of seed 001's toy store, at the frontend the parameters name. */
public final class ToyRequests {

	private final String toyStoreUrl;

	public ToyRequests(Parameters parameters) {
		this.toyStoreUrl = Targets.url(parameters, Targets.TOY_STORE);
	}

	public HttpRequestActionBuilder query(String toyExpression) {
		return http("query").get(this.toyStoreUrl + "/products/" + toyExpression);
	}

	public HttpRequestActionBuilder buy(String toyExpression) {
		return http("buy").post(this.toyStoreUrl + "/orders")
			.header("Content-Type", "application/json")
			.body(StringBody("{\"name\":\"" + toyExpression + "\",\"quantity\":1}"));
	}

}
