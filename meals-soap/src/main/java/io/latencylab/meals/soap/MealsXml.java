package io.latencylab.meals.soap;

import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.UUID;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;

import io.latencylab.meals.Meal;
import io.latencylab.meals.MealCatalog;
import io.latencylab.meals.MealSpec;
import io.latencylab.meals.MealType;
import io.latencylab.meals.Order;
import io.latencylab.meals.OrderLine;
import io.latencylab.meals.OrderSpec;
import io.latencylab.meals.soap.contract.AddOrderRequest;
import io.latencylab.meals.soap.contract.MealInput;
import io.latencylab.meals.soap.contract.Mealtype;
import io.latencylab.meals.soap.contract.StudyOrder;

/** Maps between the domain and the JAXB classes generated from meals.xsd. */
final class MealsXml {

	private static final DatatypeFactory DATATYPES;

	static {
		try {
			DATATYPES = DatatypeFactory.newInstance();
		}
		catch (DatatypeConfigurationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private MealsXml() {
	}

	static io.latencylab.meals.soap.contract.Meal toXml(Meal meal) {
		var xml = new io.latencylab.meals.soap.contract.Meal();
		xml.setId(meal.id());
		xml.setName(meal.name());
		xml.setKcal(meal.kcal());
		xml.setPrice(meal.price());
		xml.setDescription(meal.description());
		xml.setMealtype(Mealtype.fromValue(meal.mealType().name().toLowerCase(Locale.ROOT)));
		return xml;
	}

	static MealSpec toSpec(MealInput input) {
		return new MealSpec(input.getName(), input.getKcal(), input.getPrice(), input.getDescription(),
				MealType.valueOf(input.getMealtype().value().toUpperCase(Locale.ROOT)));
	}

	static OrderSpec toSpec(AddOrderRequest request) {
		List<OrderLine> lines = request.getLine()
			.stream()
			.map((line) -> new OrderLine(line.getMealId(), line.getQuantity()))
			.toList();
		return new OrderSpec(request.getDeliveryAddress(), lines);
	}

	/** The studied service's order: its items name their meals, which must exist. */
	static OrderSpec toSpec(StudyOrder order, MealCatalog catalog) {
		List<OrderLine> lines = order.getItems()
			.getOrderItem()
			.stream()
			.map((item) -> new OrderLine(catalog.getByName(item.getMealName()).id(), item.getQuantity()))
			.toList();
		return new OrderSpec(order.getDeliveryAddress(), lines);
	}

	static io.latencylab.meals.soap.contract.Order toXml(Order order) {
		var xml = new io.latencylab.meals.soap.contract.Order();
		xml.setId(order.id().toString());
		xml.setDeliveryAddress(order.deliveryAddress());
		for (OrderLine line : order.lines()) {
			var xmlLine = new io.latencylab.meals.soap.contract.OrderLine();
			xmlLine.setMealId(line.mealId());
			xmlLine.setQuantity(line.quantity());
			xml.getLine().add(xmlLine);
		}
		xml.setTotalPrice(order.totalPrice());
		xml.setCreatedAt(dateTime(order));
		return xml;
	}

	// The schema's pattern has already checked the form of an order's id; this only converts.
	static UUID uuid(String value) {
		return UUID.fromString(value);
	}

	private static XMLGregorianCalendar dateTime(Order order) {
		GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("UTC"), Locale.ROOT);
		calendar.setTimeInMillis(order.createdAt().toEpochMilli());
		return DATATYPES.newXMLGregorianCalendar(calendar);
	}

}
