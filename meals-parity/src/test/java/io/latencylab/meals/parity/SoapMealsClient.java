package io.latencylab.meals.parity;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.transform.dom.DOMSource;

import io.latencylab.meals.Meal;
import io.latencylab.meals.MealSpec;
import io.latencylab.meals.MealType;
import io.latencylab.meals.OrderSpec;
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
import io.latencylab.meals.soap.contract.GetMealsRequest;
import io.latencylab.meals.soap.contract.GetMealsResponse;
import io.latencylab.meals.soap.contract.GetOrderRequest;
import io.latencylab.meals.soap.contract.GetOrderResponse;
import io.latencylab.meals.soap.contract.MealInput;
import io.latencylab.meals.soap.contract.Mealtype;
import io.latencylab.meals.soap.contract.OrderLine;
import io.latencylab.meals.soap.contract.UpdateMealRequest;
import io.latencylab.meals.soap.contract.UpdateMealResponse;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.soap.SoapFaultDetailElement;
import org.springframework.ws.soap.client.SoapFaultClientException;

class SoapMealsClient implements MealsClient {

	private final WebServiceTemplate ws;

	SoapMealsClient(String endpoint) throws Exception {
		Jaxb2Marshaller marshaller = new Jaxb2Marshaller();
		marshaller.setContextPath("io.latencylab.meals.soap.contract");
		marshaller.afterPropertiesSet();
		this.ws = new WebServiceTemplate(marshaller);
		this.ws.setDefaultUri(endpoint);
	}

	@SuppressWarnings("unchecked")
	private <T> T call(Object request) {
		return (T) this.ws.marshalSendAndReceive(request);
	}

	private static Meal toMeal(io.latencylab.meals.soap.contract.Meal xml) {
		return new Meal(xml.getId(), xml.getName(), xml.getKcal(), xml.getPrice(),
				xml.getDescription(), MealType.valueOf(xml.getMealtype().value().toUpperCase(Locale.ROOT)));
	}

	private static MealInput toInput(MealSpec spec) {
		MealInput input = new MealInput();
		input.setName(spec.name());
		input.setKcal(spec.kcal());
		input.setPrice(spec.price());
		input.setDescription(spec.description());
		input.setMealtype(Mealtype.fromValue(spec.mealType().name().toLowerCase(Locale.ROOT)));
		return input;
	}

	@Override
	public List<Meal> list(int pageSize) {
		List<Meal> meals = new ArrayList<>();
		for (int page = 0;; page++) {
			GetMealsRequest request = new GetMealsRequest();
			request.setPage(page);
			request.setSize(pageSize);
			GetMealsResponse response = call(request);
			response.getMeal().forEach((meal) -> meals.add(toMeal(meal)));
			if (page + 1 >= response.getTotalPages()) {
				return meals;
			}
		}
	}

	@Override
	public Meal get(String id) {
		GetMealByIdRequest request = new GetMealByIdRequest();
		request.setId(id.toString());
		return toMeal(((GetMealByIdResponse) call(request)).getMeal());
	}

	@Override
	public Meal cheapest() {
		return toMeal(((GetCheapestMealResponse) call(new GetCheapestMealRequest())).getMeal());
	}

	@Override
	public Meal largest() {
		return toMeal(((GetLargestMealResponse) call(new GetLargestMealRequest())).getMeal());
	}

	@Override
	public Meal create(MealSpec spec) {
		AddMealRequest request = new AddMealRequest();
		request.setMeal(toInput(spec));
		return toMeal(((AddMealResponse) call(request)).getMeal());
	}

	@Override
	public Meal update(String id, MealSpec spec) {
		UpdateMealRequest request = new UpdateMealRequest();
		request.setId(id.toString());
		request.setMeal(toInput(spec));
		return toMeal(((UpdateMealResponse) call(request)).getMeal());
	}

	@Override
	public void delete(String id) {
		DeleteMealRequest request = new DeleteMealRequest();
		request.setId(id.toString());
		call(request);
	}

	@Override
	public BigDecimal order(OrderSpec spec) {
		AddOrderRequest request = new AddOrderRequest();
		request.setDeliveryAddress(spec.deliveryAddress());
		spec.lines().forEach((line) -> {
			OrderLine xml = new OrderLine();
			xml.setMealId(line.mealId().toString());
			xml.setQuantity(line.quantity());
			request.getLine().add(xml);
		});
		AddOrderResponse placed = call(request);
		GetOrderRequest get = new GetOrderRequest();
		get.setId(placed.getOrderId());
		return ((GetOrderResponse) call(get)).getOrder().getTotalPrice();
	}

	@Override
	public String refusalOf(Runnable request) {
		try {
			request.run();
			return "accepted";
		}
		catch (SoapFaultClientException fault) {
			return switch (faultCode(fault)) {
				case "MEAL_NOT_FOUND", "ORDER_NOT_FOUND" -> "not found";
				case "SCHEMA_INVALID", "INVALID_INPUT" -> "invalid";
				case "DUPLICATE_NAME" -> "conflict";
				default -> faultCode(fault);
			};
		}
	}

	/** The code element of the fault's faultDetail. */
	private static String faultCode(SoapFaultClientException fault) {
		SoapFaultDetailElement detail = fault.getSoapFault().getFaultDetail().getDetailEntries().next();
		Node faultDetail = ((DOMSource) detail.getSource()).getNode();
		return ((Element) faultDetail).getElementsByTagNameNS("http://foodmenu.io/gt/webservice", "code")
			.item(0)
			.getTextContent();
	}

}
