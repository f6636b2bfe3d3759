package io.latencylab.plan;

import java.time.Duration;
import java.util.Map;

/**
 * A step for an outside client (wrk), not the lab's load generator: one connection sending one
 * operation's request back to back for {@code duration}, as the lab's one-client steps do, so
 * that the two can be compared on the same services. The request is the one the lab sends for the
 * operation, trace headers included.
 */
public record OutsideLoad(Operation operation, Duration duration, String mix, int connections) {

	/** One operation's request on one connection. */
	public OutsideLoad(Operation operation, Duration duration) {
		this(operation, duration, null, 1);
	}

	/** The step's simulation name: the runner hands such steps to wrk. */
	public static final String CLIENT = "wrk";

	public static final Parameter<Operation> OPERATION = Operation.one("lab.outside.operation");

	public static final Parameter<Duration> DURATION = Parameter.duration("lab.outside.duration");

	/**
	 * A study's load plan instead of one operation ({@link StudyPlanRequests#named}): each of wrk's
	 * connections sends the plan's requests in turn, as a user of the study's plan sends them.
	 */
	public static final Parameter<String> MIX = Parameter.text("lab.outside.mix");

	public static final Parameter<Integer> CONNECTIONS = Parameter.integer("lab.outside.connections");

	/** The meal every rest-get and soap-get asks for: Steak, of the study's seed. */
	public static final String STEAK_ID = "5268203c-de76-4921-a3e3-439db69c462a";

	/** Portobello, the seed's other meal the study's plans name. */
	public static final String PORTOBELLO_ID = "4237681a-441f-47fc-a747-8e0169bacea1";

	/**
	 * The toy every toy-buy buys: the lab's own, stocked so deep (catalog migration V2) that every
	 * buy of a run succeeds, so that two clients compared on buys both measure a real sale.
	 */
	public static final String DEEP_STOCK_TOY = "Kite";

	/** The toy every toy-query asks for: Tux, the first of the study's ten. */
	public static final String QUERIED_TOY = "Tux";

	/** One HTTP request as an outside client sends it; target is the Targets parameter of its service. */
	public record Request(Parameter<String> target, String method, String path, Map<String, String> headers, String body) {
	}

	public static OutsideLoad from(Parameters p) {
		return new OutsideLoad(p.get(OPERATION, Operation.TOY_QUERY), p.get(DURATION, Duration.ofSeconds(5)),
				p.get(MIX, null), p.get(CONNECTIONS, 1));
	}

	/** The SOAP 1.1 envelope around a meals request body. */
	public static String soapEnvelope(String payload) {
		return "<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\" "
				+ "xmlns:m=\"http://foodmenu.io/gt/webservice\"><e:Body>" + payload + "</e:Body></e:Envelope>";
	}

	/** This step's request. */
	public Request request() {
		return requestOf(this.operation);
	}

	/** This step's requests, in the order each connection sends them: the mix's, or the one request. */
	public java.util.List<Request> requests() {
		if (this.mix == null) {
			return java.util.List.of(request());
		}
		Parameter<String> target = this.mix.endsWith("-soap") ? Targets.MEALS_SOAP : Targets.MEALS_REST;
		return StudyPlanRequests.named(this.mix)
			.stream()
			.map((r) -> new Request(target, r.method(), r.path(),
					(r.contentType() == null) ? Map.of() : Map.of("Content-Type", r.contentType()), r.body()))
			.toList();
	}

	/**
	 * The one request of each operation that both the lab's generator and an outside client send,
	 * written once so that the two measure the same thing.
	 */
	public static Request requestOf(Operation operation) {
		return switch (operation) {
			case REST_GET -> new Request(Targets.MEALS_REST, "GET", "/rest/meals/" + STEAK_ID,
					Map.of("Accept", "application/hal+json"), null);
			case REFERENCE_GET -> new Request(Targets.REFERENCE, "GET", "/rest/meals/" + STEAK_ID,
					Map.of("Accept", "application/hal+json"), null);
			case SOAP_GET -> new Request(Targets.MEALS_SOAP, "POST", "/ws",
					Map.of("Content-Type", "text/xml; charset=utf-8"),
					soapEnvelope("<m:getMealRequest><m:name>Steak</m:name></m:getMealRequest>"));
			case TOY_QUERY -> toyQuery(QUERIED_TOY);
			case TOY_BUY -> toyBuy(DEEP_STOCK_TOY);
			default -> throw new IllegalArgumentException("no single request for " + operation.label());
		};
	}

	/** A query of {@code toy}: its name, or an expression the generator fills in (#{toy}). */
	public static Request toyQuery(String toy) {
		return new Request(Targets.TOY_STORE, "GET", "/products/" + toy, Map.of(), null);
	}

	/** A buy of one {@code toy}: its name, or an expression the generator fills in (#{toy}). */
	public static Request toyBuy(String toy) {
		return toyBuy(toy, 1);
	}

	/** A buy of {@code quantity} of {@code toy}. */
	public static Request toyBuy(String toy, int quantity) {
		return new Request(Targets.TOY_STORE, "POST", "/orders", Map.of("Content-Type", "application/json"),
				"{\"name\":\"" + toy + "\",\"quantity\":" + quantity + "}");
	}

	public Step step(String name) {
		Step.Builder step = Step.of(name, CLIENT).set(OPERATION, this.operation).set(DURATION, this.duration);
		if (this.mix != null) {
			step.set(MIX, this.mix).set(CONNECTIONS, this.connections);
		}
		return step.lasting(this.duration);
	}

}
