package io.latencylab.meals.parity;

import java.math.BigDecimal;
import java.util.List;

import io.latencylab.meals.Meal;
import io.latencylab.meals.MealSpec;
import io.latencylab.meals.OrderSpec;

/** What the parity scenario does, once over SOAP and once over REST. */
interface MealsClient {

	/** Every meal, page by page. */
	List<Meal> list(int pageSize);

	Meal get(String id);

	Meal cheapest();

	Meal largest();

	Meal create(MealSpec spec);

	Meal update(String id, MealSpec spec);

	void delete(String id);

	/** Places the order and returns its total, as read back from the service. */
	BigDecimal order(OrderSpec spec);

	/** The kind of refusal for a request the service must refuse: "not found", "invalid", "conflict". */
	String refusalOf(Runnable request);

}
