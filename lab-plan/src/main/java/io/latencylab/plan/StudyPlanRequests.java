package io.latencylab.plan;

import java.util.List;

/**
 * Seed 000's load plans, request by request, as the study's JMeter plans sent them: the SOAP plan's
 * getCheapestMeal, getLargestMeal, getMeal twice and addOrder (its request files requestcheapest,
 * requestbiggest, request, requestorder), the REST plan's create, update, delete, get and order.
 * Written once: the Gatling study mix and wrk send these, and the JMeter plans in load-jmeter/plans
 * send the same bodies (a test there holds them equal).
 *
 * @see <a href="../../../../../../docs/studies/seed-000.md">the study's page: what the study's
 * service answered, and where ours answers as it did</a>
 */
public final class StudyPlanRequests {

	/**
	 * One request of a plan.
	 *
	 * @param name the sampler's label, and the request group in the lab's results
	 * @param statuses what the study's service answered, each of which counts as success
	 */
	public record StudyRequest(String name, String method, String path, String contentType, String body,
			List<Integer> statuses) {
	}

	/** The id the study's REST plan gives the meal it creates, updates and deletes: not a UUID. */
	public static final String CREATED_ID = "12345";

	public static final String SOAP_CONTENT_TYPE = "text/xml;charset=UTF-8";

	public static final String JSON = "application/json";

	private StudyPlanRequests() {
	}

	/** A SOAP 1.1 envelope as SoapUI writes it, the service's namespace as gs. */
	static String envelope(String body) {
		return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" "
				+ "xmlns:gs=\"http://foodmenu.io/gt/webservice\"><soapenv:Header/><soapenv:Body>" + body
				+ "</soapenv:Body></soapenv:Envelope>";
	}

	public static List<StudyRequest> soap() {
		return List.of(soap("soap getCheapestMeal", "<gs:getCheapestMealRequest/>"),
				soap("soap getLargestMeal", "<gs:getLargestMealRequest/>"),
				soap("soap getMeal", "<gs:getMealRequest><gs:name>Portobello</gs:name></gs:getMealRequest>"),
				soap("soap getMeal", "<gs:getMealRequest><gs:name>Steak</gs:name></gs:getMealRequest>"),
				soap("soap addOrder", "<gs:addOrderRequest><gs:order><gs:orderId>1</gs:orderId><gs:items>"
						+ "<gs:orderItem><gs:mealName>Steak</gs:mealName><gs:quantity>2</gs:quantity></gs:orderItem>"
						+ "<gs:orderItem><gs:mealName>Portobello</gs:mealName><gs:quantity>1</gs:quantity></gs:orderItem>"
						+ "</gs:items><gs:customerName>Jan Peeters</gs:customerName>"
						+ "<gs:deliveryAddress>Andreas Vesaliusstraat 13, Leuven</gs:deliveryAddress></gs:order>"
						+ "</gs:addOrderRequest>"));
	}

	public static List<StudyRequest> rest() {
		String meal = "{\"id\":\"" + CREATED_ID + "\",\"name\":\"Double Cheese\",\"kcal\":850,\"price\":9.50,"
				+ "\"description\":\"Double cheeseburger with fries\",\"mealType\":\"MEAT\"}";
		return List.of(new StudyRequest("rest create", "POST", "/rest/meals", JSON, meal, List.of(201)),
				new StudyRequest("rest update", "PUT", "/rest/meals/" + OutsideLoad.PORTOBELLO_ID, JSON,
						"{\"name\":\"Portobello\",\"kcal\":637,\"price\":7.50,\"description\":\"Portobello Mushroom Burger\","
								+ "\"mealType\":\"VEGAN\"}",
						List.of(200)),
				// 204 right after this user's create; 404 when another user deleted it first.
				new StudyRequest("rest delete", "DELETE", "/rest/meals/" + CREATED_ID, null, null, List.of(204, 404)),
				new StudyRequest("rest get", "GET", "/rest/meals/" + OutsideLoad.STEAK_ID, null, null, List.of(200)),
				new StudyRequest("rest order", "POST", "/rest/orders", JSON, "{\"address\":\"Andreas Vesaliusstraat 13, Leuven\","
						+ "\"mealIds\":[\"" + OutsideLoad.STEAK_ID + "\",\"" + OutsideLoad.PORTOBELLO_ID + "\"]}", List.of(201)));
	}

	/** A plan by its name: seed-000-soap or seed-000-rest. */
	public static List<StudyRequest> named(String plan) {
		return switch (plan) {
			case "seed-000-soap" -> soap();
			case "seed-000-rest" -> rest();
			default -> throw new IllegalArgumentException("no plan " + plan + "; seed-000-soap or seed-000-rest");
		};
	}

	private static StudyRequest soap(String name, String body) {
		return new StudyRequest(name, "POST", "/ws", SOAP_CONTENT_TYPE, envelope(body), List.of(200));
	}

}
