package io.latencylab.meals.soap;

import io.latencylab.meals.MealCatalog;
import io.latencylab.meals.MealPage;
import io.latencylab.meals.MealsException;
import io.latencylab.meals.Order;
import io.latencylab.meals.OrderBook;
import io.latencylab.meals.soap.contract.AddMealRequest;
import io.latencylab.meals.soap.contract.AddMealResponse;
import io.latencylab.meals.soap.contract.AddOrderRequest;
import io.latencylab.meals.soap.contract.AddOrderResponse;
import io.latencylab.meals.soap.contract.DeleteMealRequest;
import io.latencylab.meals.soap.contract.DeleteMealResponse;
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
import io.latencylab.meals.soap.contract.UpdateMealRequest;
import io.latencylab.meals.soap.contract.UpdateMealResponse;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;

/** The operations of port type MealsPort. Requests arrive here already schema-valid. */
@Endpoint
class MealsEndpoint {

	static final String NAMESPACE = "http://foodmenu.io/gt/webservice";

	private final MealCatalog catalog;

	private final OrderBook orders;

	MealsEndpoint(MealCatalog catalog, OrderBook orders) {
		this.catalog = catalog;
		this.orders = orders;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "getMealRequest")
	@ResponsePayload
	GetMealResponse getMeal(@RequestPayload GetMealRequest request) {
		GetMealResponse response = new GetMealResponse();
		response.setMeal(MealsXml.toXml(this.catalog.getByName(request.getName())));
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "getMealByIdRequest")
	@ResponsePayload
	GetMealByIdResponse getMealById(@RequestPayload GetMealByIdRequest request) {
		GetMealByIdResponse response = new GetMealByIdResponse();
		response.setMeal(MealsXml.toXml(this.catalog.getById(request.getId())));
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "getMealsRequest")
	@ResponsePayload
	GetMealsResponse getMeals(@RequestPayload GetMealsRequest request) {
		int page = (request.getPage() != null) ? request.getPage() : 0;
		int size = (request.getSize() != null) ? request.getSize() : 20;
		MealPage meals = this.catalog.page(page, size);
		GetMealsResponse response = new GetMealsResponse();
		meals.content().forEach((meal) -> response.getMeal().add(MealsXml.toXml(meal)));
		response.setPage(meals.page());
		response.setSize(meals.size());
		response.setTotalElements(meals.totalElements());
		response.setTotalPages(meals.totalPages());
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "getLargestMealRequest")
	@ResponsePayload
	GetLargestMealResponse getLargestMeal(@RequestPayload GetLargestMealRequest request) {
		GetLargestMealResponse response = new GetLargestMealResponse();
		response.setMeal(MealsXml.toXml(this.catalog.largest()));
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "getCheapestMealRequest")
	@ResponsePayload
	GetCheapestMealResponse getCheapestMeal(@RequestPayload GetCheapestMealRequest request) {
		GetCheapestMealResponse response = new GetCheapestMealResponse();
		response.setMeal(MealsXml.toXml(this.catalog.cheapest()));
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "addMealRequest")
	@ResponsePayload
	AddMealResponse addMeal(@RequestPayload AddMealRequest request) {
		AddMealResponse response = new AddMealResponse();
		response.setMeal(MealsXml.toXml(this.catalog.create(MealsXml.toSpec(request.getMeal()))));
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "updateMealRequest")
	@ResponsePayload
	UpdateMealResponse updateMeal(@RequestPayload UpdateMealRequest request) {
		UpdateMealResponse response = new UpdateMealResponse();
		response.setMeal(MealsXml
			.toXml(this.catalog.update(request.getId(), MealsXml.toSpec(request.getMeal()))));
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "deleteMealRequest")
	@ResponsePayload
	DeleteMealResponse deleteMeal(@RequestPayload DeleteMealRequest request) {
		DeleteMealResponse response = new DeleteMealResponse();
		response.setId(this.catalog.delete(request.getId()).id());
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "addOrderRequest")
	@ResponsePayload
	AddOrderResponse addOrder(@RequestPayload AddOrderRequest request) {
		AddOrderResponse response = new AddOrderResponse();
		boolean ours = request.getDeliveryAddress() != null || !request.getLine().isEmpty();
		if ((request.getOrder() != null) == ours) {
			throw new MealsException(MealsException.Reason.INVALID_INPUT,
					"addOrderRequest takes either deliveryAddress and lines, or one order");
		}
		if (request.getOrder() != null) {
			// The studied service's shape, answered as it answered: a confirmation.
			Order order = this.orders.place(MealsXml.toSpec(request.getOrder(), this.catalog));
			response.setConfirmation("Order " + order.id() + " placed: " + order.totalPrice() + " to "
					+ order.deliveryAddress());
			return response;
		}
		Order order = this.orders.place(MealsXml.toSpec(request));
		response.setOrderId(order.id().toString());
		response.setTotalPrice(order.totalPrice());
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "getOrderRequest")
	@ResponsePayload
	GetOrderResponse getOrder(@RequestPayload GetOrderRequest request) {
		GetOrderResponse response = new GetOrderResponse();
		response.setOrder(MealsXml.toXml(this.orders.get(MealsXml.uuid(request.getId()))));
		return response;
	}

}
