package io.latencylab.meals;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class OrderBookTests {

	private final MealCatalog catalog = new MealCatalog();

	private final Instant now = Instant.parse("2024-03-01T12:00:00Z");

	private final OrderBook orders = new OrderBook(this.catalog, Clock.fixed(this.now, ZoneOffset.UTC));

	OrderBookTests() {
		MealsSeed.fill(this.catalog, new MealsProperties(new MealsProperties.Catalog(3), 0));
	}

	@Test
	void totalsTheLinesAtCurrentPrices() {
		Order order = this.orders.place(new OrderSpec("1 Main Street",
				List.of(new OrderLine(MealsSeed.STEAK_ID, 2), new OrderLine(MealsSeed.FISH_AND_CHIPS_ID, 1))));
		assertThat(order.totalPrice()).isEqualByComparingTo(new BigDecimal("25.00"));
		assertThat(order.createdAt()).isEqualTo(this.now);
		assertThat(this.orders.get(order.id())).isEqualTo(order);
	}

	@Test
	void refusesTheWholeOrderWhenOneMealIsUnknown() {
		OrderSpec spec = new OrderSpec("1 Main Street",
				List.of(new OrderLine(MealsSeed.STEAK_ID, 1), new OrderLine(UUID.randomUUID().toString(), 1)));
		assertThatExceptionOfType(MealsException.class).isThrownBy(() -> this.orders.place(spec))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(MealsException.Reason.MEAL_NOT_FOUND));
		assertThat(this.orders.size()).isZero();
	}

	@Test
	void refusesEmptyOrdersAndBadQuantities() {
		assertThatExceptionOfType(MealsException.class)
			.isThrownBy(() -> this.orders.place(new OrderSpec("x", List.of())));
		assertThatExceptionOfType(MealsException.class)
			.isThrownBy(() -> this.orders.place(new OrderSpec("x", List.of(new OrderLine(MealsSeed.STEAK_ID, 0)))));
		assertThatExceptionOfType(MealsException.class)
			.isThrownBy(() -> this.orders.place(new OrderSpec(" ", List.of(new OrderLine(MealsSeed.STEAK_ID, 1)))));
	}

}
