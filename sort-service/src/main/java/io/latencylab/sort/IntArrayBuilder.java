package io.latencylab.sort;

import java.util.Arrays;

/** A growable int array, so that parsing never boxes. */
final class IntArrayBuilder {

	private int[] values = new int[1024];

	private int size;

	void add(int value) {
		if (this.size == this.values.length) {
			this.values = Arrays.copyOf(this.values, this.values.length * 2);
		}
		this.values[this.size++] = value;
	}

	int size() {
		return this.size;
	}

	int[] toArray() {
		return Arrays.copyOf(this.values, this.size);
	}

}
