package io.latencylab.meals;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class OrderBookTests {

	private final MealCatalog catalog = new MealCatalog();

	private final Instant now = Instant.parse("2024-03-01T12:00:00Z");

	private final OrderBook orders = new OrderBook(this.catalog, Clock.fixed(this.now, ZoneOffset.UTC), 3);

	OrderBookTests() {
		MealsSeed.fill(this.catalog, new MealsProperties(new MealsProperties.Catalog(3), 0, 10_000));
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

	@Test
	void keepsTheLatestOrdersOnlyAndSaysSoOfAnOrderItForgot() {
		OrderSpec spec = new OrderSpec("1 Main Street", List.of(new OrderLine(MealsSeed.STEAK_ID, 1)));
		List<Order> placed = IntStream.range(0, 5).mapToObj((i) -> this.orders.place(spec)).toList();
		assertThat(this.orders.size()).isEqualTo(3);
		assertThat(placed.subList(2, 5)).allSatisfy((order) -> assertThat(this.orders.get(order.id())).isEqualTo(order));
		assertThat(this.orders.find(placed.get(0).id())).isEmpty();
		assertThatExceptionOfType(MealsException.class).isThrownBy(() -> this.orders.get(placed.get(1).id()))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(MealsException.Reason.ORDER_NOT_FOUND))
			.withMessageContaining("among the latest 3 (meals.orders-kept)");
	}

	@Test
	void staysWithinItsBoundUnderConcurrentPlaces() throws Exception {
		OrderBook book = new OrderBook(this.catalog, Clock.systemUTC(), 100);
		OrderSpec spec = new OrderSpec("1 Main Street", List.of(new OrderLine(MealsSeed.STEAK_ID, 1)));
		try (var pool = Executors.newFixedThreadPool(4)) {
			List<Future<Order>> last = new ArrayList<>();
			for (int i = 0; i < 4_000; i++) {
				last.add(pool.submit(() -> book.place(spec)));
			}
			for (var future : last) {
				future.get();
			}
		}
		assertThat(book.size()).isEqualTo(100);
	}

}
