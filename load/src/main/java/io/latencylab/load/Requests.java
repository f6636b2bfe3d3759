package io.latencylab.load;

import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.http.HttpDsl.http;

/** An operation's request as written once for the lab and for outside clients (OutsideLoad), at the targets in the parameters. */
public final class Requests {

	private final Parameters parameters;

	public Requests(Parameters parameters) {
		this.parameters = parameters;
	}

	public HttpRequestActionBuilder of(String name, OutsideLoad.Request request) {
		HttpRequestActionBuilder builder = http(name)
			.httpRequest(request.method(), Targets.url(this.parameters, request.target()) + request.path())
			.headers(request.headers());
		return (request.body() != null) ? builder.body(StringBody(request.body())) : builder;
	}

}
