package io.latencylab.meals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class MealCatalogTests {

	private final MealCatalog catalog = new MealCatalog();

	private static MealSpec spec(String name, int kcal, String price) {
		return new MealSpec(name, kcal, new BigDecimal(price), name + " description", MealType.VEGGIE);
	}

	@Test
	void findsMealsByIdAndByNameIgnoringCase() {
		Meal soup = this.catalog.create(spec("Tomato Soup", 300, "4.50"));
		assertThat(this.catalog.getById(soup.id())).isEqualTo(soup);
		assertThat(this.catalog.getByName("tomato soup")).isEqualTo(soup);
		assertThat(this.catalog.getByName("  TOMATO SOUP ")).isEqualTo(soup);
		assertThatExceptionOfType(MealsException.class).isThrownBy(() -> this.catalog.getByName("Gazpacho"))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(MealsException.Reason.MEAL_NOT_FOUND));
	}

	@Test
	void refusesASecondMealWithTheSameName() {
		this.catalog.create(spec("Curry", 800, "9.00"));
		assertThatExceptionOfType(MealsException.class).isThrownBy(() -> this.catalog.create(spec("CURRY", 1, "1.00")))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(MealsException.Reason.DUPLICATE_NAME));
		assertThat(this.catalog.size()).isEqualTo(1);
	}

	@Test
	void cheapestAndLargestFollowUpdatesAndDeletes() {
		Meal a = this.catalog.create(spec("A", 500, "5.00"));
		Meal b = this.catalog.create(spec("B", 900, "8.00"));
		assertThat(this.catalog.cheapest()).isEqualTo(a);
		assertThat(this.catalog.largest()).isEqualTo(b);
		Meal cheaperB = this.catalog.update(b.id(), spec("B", 100, "1.00"));
		assertThat(this.catalog.cheapest()).isEqualTo(cheaperB);
		assertThat(this.catalog.largest()).isEqualTo(a);
		this.catalog.delete(a.id());
		assertThat(this.catalog.largest()).isEqualTo(cheaperB);
		this.catalog.delete(b.id());
		assertThatExceptionOfType(MealsException.class).isThrownBy(this.catalog::cheapest);
	}

	@Test
	void renamingFreesTheOldName() {
		Meal a = this.catalog.create(spec("Old", 500, "5.00"));
		this.catalog.update(a.id(), spec("New", 500, "5.00"));
		assertThat(this.catalog.getByName("new").id()).isEqualTo(a.id());
		assertThatExceptionOfType(MealsException.class).isThrownBy(() -> this.catalog.getByName("old"));
		assertThat(this.catalog.create(spec("Old", 1, "1.00")).name()).isEqualTo("Old");
	}

	@Test
	void pagesAreOrderedByNameAndCoverTheCatalogueOnce() {
		for (String name : List.of("d", "B", "a", "C", "e")) {
			this.catalog.create(spec(name, 1, "1.00"));
		}
		MealPage first = this.catalog.page(0, 2);
		MealPage last = this.catalog.page(2, 2);
		assertThat(first.content()).extracting(Meal::name).containsExactly("a", "B");
		assertThat(this.catalog.page(1, 2).content()).extracting(Meal::name).containsExactly("C", "d");
		assertThat(last.content()).extracting(Meal::name).containsExactly("e");
		assertThat(first.totalPages()).isEqualTo(3);
		assertThat(first.hasNext()).isTrue();
		assertThat(last.hasNext()).isFalse();
		assertThat(this.catalog.page(3, 2).content()).isEmpty();
	}

	@Test
	void concurrentWritersKeepEveryIndexConsistent() throws Exception {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			ids.add(this.catalog.create(spec("meal " + i, i, i + ".00")).id());
		}
		OrderBook orders = new OrderBook(this.catalog, java.time.Clock.systemUTC(), 10_000);
		ExecutorService pool = Executors.newFixedThreadPool(8);
		List<Future<?>> work = new ArrayList<>();
		for (int t = 0; t < 8; t++) {
			int thread = t;
			work.add(pool.submit(() -> {
				ThreadLocalRandom random = ThreadLocalRandom.current();
				for (int i = 0; i < 2_000; i++) {
					String id = ids.get(random.nextInt(ids.size()));
					try {
						switch (random.nextInt(4)) {
							case 0 -> this.catalog.update(id,
									spec("meal " + random.nextInt(60), random.nextInt(5000), random.nextInt(100) + ".00"));
							case 1 -> this.catalog.delete(id);
							case 2 -> this.catalog.put(id, spec("t" + thread + " " + i, random.nextInt(5000), "3.00"));
							default -> orders.place(new OrderSpec("Somewhere 1", List.of(new OrderLine(id, 2))));
						}
					}
					catch (MealsException refused) {
						// unknown meal, taken name or existing id: all expected under this load
					}
				}
			}));
		}
		for (Future<?> f : work) {
			f.get(60, TimeUnit.SECONDS);
		}
		pool.shutdown();

		List<Meal> all = this.catalog.page(0, 100_000).content();
		assertThat(all).hasSize(this.catalog.size());
		assertThat(all).extracting((m) -> m.name().toLowerCase()).doesNotHaveDuplicates();
		for (Meal meal : all) {
			assertThat(this.catalog.getById(meal.id())).isEqualTo(meal);
			assertThat(this.catalog.getByName(meal.name())).isEqualTo(meal);
		}
		if (!all.isEmpty()) {
			assertThat(this.catalog.cheapest().price())
				.isEqualTo(all.stream().map(Meal::price).min(Comparator.naturalOrder()).orElseThrow());
			assertThat(this.catalog.largest().kcal()).isEqualTo(all.stream().mapToInt(Meal::kcal).max().orElseThrow());
		}
	}

	@Test
	void putReplacesTheMealOfAClientsIdAndKeepsNamesUnique() {
		assertThat(this.catalog.put("12345", spec("Double Cheese", 700, "8.50")).kcal()).isEqualTo(700);
		int size = this.catalog.size();
		assertThat(this.catalog.put("12345", spec("Double Cheese", 750, "9.00")).kcal()).isEqualTo(750);
		assertThat(this.catalog.size()).isEqualTo(size);
		assertThat(this.catalog.getById("12345").kcal()).isEqualTo(750);
		assertThat(this.catalog.getByName("double cheese").id()).isEqualTo("12345");
		assertThatExceptionOfType(MealsException.class).isThrownBy(() -> this.catalog.put("other", spec("Double Cheese", 1, "1.00")))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(MealsException.Reason.DUPLICATE_NAME));
		assertThatExceptionOfType(MealsException.class).isThrownBy(() -> this.catalog.create("12345", spec("Other", 1, "1.00")))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(MealsException.Reason.DUPLICATE_NAME));
	}

	@Test
	void aReaderFindsAMealWhileItIsUpdated() throws Exception {
		Meal meal = this.catalog.create(spec("Read Me", 100, "1.00"));
		java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
		java.util.concurrent.atomic.AtomicLong missed = new java.util.concurrent.atomic.AtomicLong();
		Thread reader = Thread.ofPlatform().start(() -> {
			while (!stop.get()) {
				if (this.catalog.findById(meal.id()).isEmpty()) {
					missed.incrementAndGet();
				}
				try {
					this.catalog.getByName("read me");
				}
				catch (MealsException ex) {
					missed.incrementAndGet();
				}
			}
		});
		for (int i = 0; i < 200_000; i++) {
			this.catalog.update(meal.id(), spec((i % 2 == 0) ? "Read me" : "READ ME", 100 + i % 7, (1 + i % 5) + ".00"));
		}
		stop.set(true);
		reader.join(10_000);
		assertThat(missed.get()).isZero();
	}

}
