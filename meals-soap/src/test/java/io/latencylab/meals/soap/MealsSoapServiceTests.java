package io.latencylab.meals.soap;

import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;

import io.latencylab.meals.MealsSeed;
import io.latencylab.meals.soap.contract.AddMealRequest;
import io.latencylab.meals.soap.contract.AddMealResponse;
import io.latencylab.meals.soap.contract.AddOrderRequest;
import io.latencylab.meals.soap.contract.AddOrderResponse;
import io.latencylab.meals.soap.contract.DeleteMealRequest;
import io.latencylab.meals.soap.contract.GetCheapestMealRequest;
import io.latencylab.meals.soap.contract.GetCheapestMealResponse;
import io.latencylab.meals.soap.contract.GetLargestMealRequest;
import io.latencylab.meals.soap.contract.GetLargestMealResponse;
import io.latencylab.meals.soap.contract.GetMealByIdRequest;
import io.latencylab.meals.soap.contract.GetMealByIdResponse;
import io.latencylab.meals.soap.contract.GetMealRequest;
import io.latencylab.meals.soap.contract.GetMealResponse;
import io.latencylab.meals.soap.contract.GetMealsRequest;
import io.latencylab.meals.soap.contract.GetMealsResponse;
import io.latencylab.meals.soap.contract.GetOrderRequest;
import io.latencylab.meals.soap.contract.GetOrderResponse;
import io.latencylab.meals.soap.contract.MealInput;
import io.latencylab.meals.soap.contract.Mealtype;
import io.latencylab.meals.soap.contract.OrderLine;
import io.latencylab.meals.soap.contract.UpdateMealRequest;
import io.latencylab.meals.soap.contract.UpdateMealResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.soap.client.SoapFaultClientException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The service on a random port, called by a Spring-WS client over real HTTP. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class MealsSoapServiceTests {

	@LocalServerPort
	int port;

	private WebServiceTemplate client;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeEach
	void createClient() throws Exception {
		Jaxb2Marshaller marshaller = new Jaxb2Marshaller();
		marshaller.setContextPath("io.latencylab.meals.soap.contract");
		marshaller.afterPropertiesSet();
		this.client = new WebServiceTemplate(marshaller);
		this.client.setDefaultUri("http://localhost:" + this.port + "/ws");
	}

	@SuppressWarnings("unchecked")
	private <T> T call(Object request) {
		return (T) this.client.marshalSendAndReceive(request);
	}

	private static MealInput input(String name, int kcal, String price, Mealtype type) {
		MealInput input = new MealInput();
		input.setName(name);
		input.setKcal(kcal);
		input.setPrice(new BigDecimal(price));
		input.setDescription(name + ", freshly made");
		input.setMealtype(type);
		return input;
	}

	@Test
	void getsTheStudysMealsByNameAndById() {
		GetMealRequest byName = new GetMealRequest();
		byName.setName("Portobello");
		GetMealResponse portobello = call(byName);
		assertThat(portobello.getMeal().getId()).isEqualTo(MealsSeed.PORTOBELLO_ID.toString());
		assertThat(portobello.getMeal().getKcal()).isEqualTo(637);
		assertThat(portobello.getMeal().getMealtype()).isEqualTo(Mealtype.VEGAN);

		GetMealByIdRequest byId = new GetMealByIdRequest();
		byId.setId(MealsSeed.STEAK_ID.toString());
		GetMealByIdResponse steak = call(byId);
		assertThat(steak.getMeal().getName()).isEqualTo("Steak");
		assertThat(steak.getMeal().getPrice()).isEqualByComparingTo("10.0");
	}

	@Test
	void cheapestAndLargest() {
		GetCheapestMealResponse cheapest = call(new GetCheapestMealRequest());
		GetLargestMealResponse largest = call(new GetLargestMealRequest());
		assertThat(cheapest.getMeal().getName()).isEqualTo("Fish and Chips");
		assertThat(largest.getMeal().getName()).isEqualTo("Steak");
	}

	@Test
	void listsMealsInPages() {
		GetMealsRequest request = new GetMealsRequest();
		request.setSize(2);
		GetMealsResponse first = call(request);
		assertThat(first.getMeal()).hasSize(2);
		assertThat(first.getTotalElements()).isGreaterThanOrEqualTo(3);
		assertThat(first.getTotalPages()).isGreaterThanOrEqualTo(2);
	}

	@Test
	void addsUpdatesAndDeletesAMeal() {
		AddMealRequest add = new AddMealRequest();
		add.setMeal(input("Ramen", 700, "11.50", Mealtype.MEAT));
		AddMealResponse added = call(add);
		String id = added.getMeal().getId();
		assertThat(added.getMeal().getMealtype()).isEqualTo(Mealtype.MEAT);

		UpdateMealRequest update = new UpdateMealRequest();
		update.setId(id);
		update.setMeal(input("Veggie Ramen", 600, "10.50", Mealtype.VEGGIE));
		UpdateMealResponse updated = call(update);
		assertThat(updated.getMeal().getId()).isEqualTo(id);
		assertThat(updated.getMeal().getName()).isEqualTo("Veggie Ramen");

		DeleteMealRequest delete = new DeleteMealRequest();
		delete.setId(id);
		call(delete);
		GetMealByIdRequest get = new GetMealByIdRequest();
		get.setId(id);
		assertThatExceptionOfType(SoapFaultClientException.class).isThrownBy(() -> call(get))
			.satisfies((fault) -> assertThat(fault.getFaultCode().getLocalPart()).isEqualTo("Client"));
	}

	@Test
	void placesAndReadsAnOrder() {
		AddOrderRequest add = new AddOrderRequest();
		add.setDeliveryAddress("Andreas Vesaliusstraat 13, Leuven");
		OrderLine steak = new OrderLine();
		steak.setMealId(MealsSeed.STEAK_ID.toString());
		steak.setQuantity(3);
		add.getLine().add(steak);
		AddOrderResponse placed = call(add);
		assertThat(placed.getTotalPrice()).isEqualByComparingTo("30.00");

		GetOrderRequest get = new GetOrderRequest();
		get.setId(placed.getOrderId());
		GetOrderResponse order = call(get);
		assertThat(order.getOrder().getDeliveryAddress()).isEqualTo("Andreas Vesaliusstraat 13, Leuven");
		assertThat(order.getOrder().getLine()).singleElement()
			.satisfies((line) -> assertThat(line.getQuantity()).isEqualTo(3));
		assertThat(order.getOrder().getCreatedAt()).isNotNull();
	}

	@Test
	void unknownMealIsAClientFaultWithDetail() throws Exception {
		HttpResponse<String> response = post(envelope("<m:getMealRequest><m:name>Moussaka</m:name></m:getMealRequest>"));
		assertThat(response.statusCode()).isEqualTo(500);
		assertClientFault(response, "MEAL_NOT_FOUND");
		assertThat(response.body()).contains("no meal named \'Moussaka\'");
	}

	@Test
	void orderForAnUnknownMealIsAClientFault() throws Exception {
		HttpResponse<String> response = post(envelope("<m:addOrderRequest><m:deliveryAddress>here</m:deliveryAddress>"
				+ "<m:line><m:mealId>00000000-0000-0000-0000-000000000000</m:mealId><m:quantity>1</m:quantity></m:line>"
				+ "</m:addOrderRequest>"));
		assertClientFault(response, "MEAL_NOT_FOUND");
	}

	@Test
	void theStudysOwnAddOrderIsTakenAndConfirmed() throws Exception {
		HttpResponse<String> response = post(envelope("<m:addOrderRequest><m:order><m:orderId>1</m:orderId>"
				+ "<m:items><m:orderItem><m:mealName>Steak</m:mealName><m:quantity>2</m:quantity></m:orderItem>"
				+ "<m:orderItem><m:mealName>Portobello</m:mealName><m:quantity>1</m:quantity></m:orderItem></m:items>"
				+ "<m:customerName>Jan</m:customerName><m:deliveryAddress>Leuven</m:deliveryAddress></m:order>"
				+ "</m:addOrderRequest>"));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).containsPattern(element("confirmation", "Order [0-9a-f-]{36} placed: [0-9.]+ to Leuven"))
			.doesNotContain("orderId>");
	}

	@Test
	void anOrderOfBothShapesOrOfNeitherIsAClientFault() throws Exception {
		HttpResponse<String> neither = post(envelope("<m:addOrderRequest/>"));
		assertClientFault(neither, "INVALID_INPUT");
		HttpResponse<String> both = post(envelope("<m:addOrderRequest><m:deliveryAddress>here</m:deliveryAddress>"
				+ "<m:order><m:items><m:orderItem><m:mealName>Steak</m:mealName><m:quantity>1</m:quantity></m:orderItem></m:items>"
				+ "<m:deliveryAddress>Leuven</m:deliveryAddress></m:order></m:addOrderRequest>"));
		assertClientFault(both, "INVALID_INPUT");
	}

	@Test
	void aMealIsTakenInTheStudysFieldOrderAndAnsweredInIt() throws Exception {
		HttpResponse<String> added = post(envelope("<m:addMealRequest><m:meal><m:name>Study Soup</m:name><m:kcal>300</m:kcal>"
				+ "<m:description>as the study sent it</m:description><m:mealtype>vegan</m:mealtype><m:price>30.00</m:price>"
				+ "</m:meal></m:addMealRequest>"));
		assertThat(added.statusCode()).isEqualTo(200);
		assertThat(added.body()).containsPattern(element("name", "Study Soup") + element("kcal", "300")
				+ element("description", "as the study sent it") + element("mealtype", "vegan") + element("price", "30.00")
				+ element("id", "[0-9a-f-]{36}"));
	}

	@Test
	void aBodyOverTheServicesLimitIsAClientFaultWith413() throws Exception {
		String huge = envelope("<m:getMealRequest><m:name>" + "x".repeat(3 * 1024 * 1024) + "</m:name></m:getMealRequest>");
		HttpResponse<String> declared = post(huge);
		assertThat(declared.statusCode()).isEqualTo(413);
		assertClientFault(declared, "BODY_TOO_LARGE");
		HttpResponse<String> chunked = this.http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/ws"))
			.header("Content-Type", "text/xml; charset=utf-8")
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(huge.getBytes())))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(chunked.statusCode()).isEqualTo(413);
		assertClientFault(chunked, "BODY_TOO_LARGE");
	}

	@Test
	void schemaInvalidRequestIsAClientFaultNamingTheProblem() throws Exception {
		HttpResponse<String> response = post(envelope("<m:addMealRequest><m:meal><m:name>Soup</m:name><m:kcal>-5</m:kcal>"
				+ "<m:price>1.00</m:price><m:description>d</m:description><m:mealtype>VEGAN</m:mealtype></m:meal>"
				+ "</m:addMealRequest>"));
		assertThat(response.statusCode()).isEqualTo(500);
		assertClientFault(response, "SCHEMA_INVALID");
		assertThat(response.body()).contains("-5")
			.contains("VEGAN");
	}

	@Test
	void malformedXmlIsAClientFault() throws Exception {
		HttpResponse<String> response = post("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><oops");
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying((type) -> assertThat(type).startsWith("text/xml"));
		assertClientFault(response, "MALFORMED_XML");
	}

	@Test
	void anExternalEntityIsNeverResolvedButAnsweredWithAClientFault() throws Exception {
		Path secret = Files.createTempFile("meals-secret", ".txt");
		Files.writeString(secret, "the-secret-of-this-machine");
		HttpResponse<String> response = post("<?xml version=\"1.0\"?><!DOCTYPE soapenv:Envelope [<!ENTITY x SYSTEM \""
				+ secret.toUri() + "\">]>" + envelope("<m:getMealRequest><m:name>&x;</m:name></m:getMealRequest>"));
		assertThat(response.statusCode()).isEqualTo(500);
		assertClientFault(response, "MALFORMED_XML");
		assertThat(response.body()).containsIgnoringCase("DOCTYPE is not allowed")
			.doesNotContain("the-secret-of-this-machine");
	}

	@Test
	void anEntityBombIsAClientFaultBeforeAnyExpansion() throws Exception {
		StringBuilder entities = new StringBuilder("<!ENTITY lol0 \"lol\">");
		for (int i = 1; i <= 9; i++) {
			entities.append("<!ENTITY lol").append(i).append(" \"").append(("&lol" + (i - 1) + ";").repeat(10)).append("\">");
		}
		HttpResponse<String> response = post("<?xml version=\"1.0\"?><!DOCTYPE lolz [" + entities + "]>"
				+ envelope("<m:getMealRequest><m:name>&lol9;</m:name></m:getMealRequest>"));
		assertThat(response.statusCode()).isEqualTo(500);
		assertClientFault(response, "MALFORMED_XML");
		// A billion "lol"s expanded would be 3 GB; the answer is a short fault.
		assertThat(response.body().length()).isLessThan(2_000);
	}

	@Test
	void aRequestInAnotherNamespaceIsAClientFaultNamingIt() throws Exception {
		HttpResponse<String> response = post("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" "
				+ "xmlns:m=\"http://example.com/not-meals\"><soapenv:Body><m:getMealRequest><m:name>Steak</m:name>"
				+ "</m:getMealRequest></soapenv:Body></soapenv:Envelope>");
		assertThat(response.statusCode()).isEqualTo(500);
		assertClientFault(response, "UNKNOWN_OPERATION");
		assertThat(response.body()).contains("{http://example.com/not-meals}getMealRequest");
	}

	@Test
	void unknownOperationIsAClientFault() throws Exception {
		HttpResponse<String> response = post(envelope("<m:orderPizzaRequest/>"));
		assertClientFault(response, "UNKNOWN_OPERATION");
	}

	@Test
	void servesTheWsdlWithPortTypeMealsPort() throws Exception {
		HttpResponse<String> wsdl = this.http.send(
				HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/ws/meals.wsdl")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(wsdl.statusCode()).isEqualTo(200);
		assertThat(wsdl.body()).contains("<wsdl:portType name=\"MealsPort\">")
			.contains("targetNamespace=\"http://foodmenu.io/gt/webservice\"")
			.contains("location=\"http://localhost:" + this.port + "/ws\"");
	}

	/**
	 * A SOAP 1.1 Client fault whose meals.xsd detail carries {@code code}: read by namespace, as a
	 * client would, whatever prefixes the service chose.
	 */
	private static void assertClientFault(HttpResponse<String> response, String code) throws Exception {
		DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
		factory.setNamespaceAware(true);
		Document document = factory.newDocumentBuilder()
			.parse(new InputSource(new StringReader(response.body())));
		Element faultcode = (Element) document.getElementsByTagNameNS("", "faultcode").item(0);
		assertThat(faultcode).as("faultcode of %s", response.body()).isNotNull();
		String[] qname = faultcode.getTextContent().trim().split(":");
		assertThat(faultcode.lookupNamespaceURI(qname[0])).isEqualTo("http://schemas.xmlsoap.org/soap/envelope/");
		assertThat(qname[1]).isEqualTo("Client");
		Node detailCode = document.getElementsByTagNameNS(MealsEndpoint.NAMESPACE, "code").item(0);
		assertThat(detailCode).as("detail code of %s", response.body()).isNotNull();
		assertThat(detailCode.getTextContent()).isEqualTo(code);
	}

	/** An element of the response with any prefix (or none), holding text that matches {@code value}. */
	private static String element(String name, String value) {
		return "<(?:\\w+:)?" + name + ">" + value + "</(?:\\w+:)?" + name + ">";
	}

	private static String envelope(String payload) {
		return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" "
				+ "xmlns:m=\"http://foodmenu.io/gt/webservice\"><soapenv:Body>" + payload
				+ "</soapenv:Body></soapenv:Envelope>";
	}

	private HttpResponse<String> post(String body) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/ws"))
			.header("Content-Type", "text/xml; charset=utf-8")
			.header("SOAPAction", "\"\"")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

}
