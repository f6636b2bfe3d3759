package io.latencylab.meals;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Places orders against the catalogue and keeps them in memory, as the studied service did, but
 * only the latest {@code kept}: under load the lab places hundreds a second, and a book that kept
 * them all would grow the heap, and the garbage collector's work, through every later measurement.
 */
public class OrderBook {

	private final MealCatalog catalog;

	private final Clock clock;

	private final int kept;

	private final Map<UUID, Order> orders = new ConcurrentHashMap<>();

	/** The orders kept, oldest first. */
	private final Queue<UUID> placed = new ConcurrentLinkedQueue<>();

	private final AtomicInteger count = new AtomicInteger();

	public OrderBook(MealCatalog catalog, Clock clock, int kept) {
		if (kept < 1) {
			throw new IllegalArgumentException("an order book keeps 1 order or more, not " + kept);
		}
		this.catalog = catalog;
		this.clock = clock;
		this.kept = kept;
	}

	/** Prices every line at the meal's current price; a line naming an unknown meal refuses the whole order. */
	public Order place(OrderSpec spec) {
		if (spec.lines() == null || spec.lines().isEmpty()) {
			throw new MealsException(MealsException.Reason.INVALID_INPUT, "an order needs at least one line");
		}
		if (spec.deliveryAddress() == null || spec.deliveryAddress().isBlank()) {
			throw new MealsException(MealsException.Reason.INVALID_INPUT, "an order needs a delivery address");
		}
		BigDecimal total = BigDecimal.ZERO;
		List<OrderLine> lines = new ArrayList<>(spec.lines().size());
		for (OrderLine line : spec.lines()) {
			if (line.quantity() < 1 || line.quantity() > OrderLine.MAX_QUANTITY) {
				throw new MealsException(MealsException.Reason.INVALID_INPUT,
						"quantity must be between 1 and " + OrderLine.MAX_QUANTITY + ", got " + line.quantity());
			}
			Meal meal = this.catalog.getById(line.mealId());
			total = total.add(meal.price().multiply(BigDecimal.valueOf(line.quantity())));
			lines.add(line);
		}
		Order order = new Order(UUID.randomUUID(), spec.deliveryAddress().strip(), lines, total, this.clock.instant());
		this.orders.put(order.id(), order);
		this.placed.add(order.id());
		// Each place past the bound forgets one, the oldest: the book stays within kept (give or
		// take the places in flight) without a lock.
		if (this.count.incrementAndGet() > this.kept) {
			UUID oldest = this.placed.poll();
			if (oldest != null) {
				this.orders.remove(oldest);
				this.count.decrementAndGet();
			}
		}
		return order;
	}

	public Optional<Order> find(UUID id) {
		return Optional.ofNullable(this.orders.get(id));
	}

	public Order get(UUID id) {
		return find(id).orElseThrow(() -> new MealsException(MealsException.Reason.ORDER_NOT_FOUND, "no order " + id
				+ " among the latest " + this.kept + " (meals.orders-kept)"));
	}

	public int size() {
		return this.orders.size();
	}

}
