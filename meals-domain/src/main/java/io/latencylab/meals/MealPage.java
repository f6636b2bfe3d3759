package io.latencylab.meals;

import java.util.List;

/** One page of the catalogue, ordered by name. */
public record MealPage(List<Meal> content, int page, int size, long totalElements) {

	public MealPage {
		content = List.copyOf(content);
	}

	public int totalPages() {
		return (int) ((this.totalElements + this.size - 1) / this.size);
	}

	public boolean hasNext() {
		return this.page + 1 < totalPages();
	}

	public boolean hasPrevious() {
		return this.page > 0;
	}

}
