package io.latencylab.sort;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The algorithms of the DigitalOcean sort-server study (its Slika 1.3 and 1.4), and two modern
 * baselines from the JDK.
 */
public enum SortAlgorithm {

	/**
	 * The study's O(n²) algorithm, exactly as its pseudo-code (Slika 1.3) gives it: for every i, for
	 * every j, swap when data[i] &lt; data[j]. The study calls it bubble sort; it is not one. It is
	 * the "exchange sort" that compares every ordered pair, n² comparisons whatever the input, and
	 * it sorts ascending because after round i the first i+1 elements are sorted and data[i] holds
	 * their maximum. Also reachable as {@code bubble}.
	 */
	EXCHANGE("bubble") {
		@Override
		public void sort(int[] data) {
			for (int i = 0; i < data.length; i++) {
				for (int j = 0; j < data.length; j++) {
					if (data[i] < data[j]) {
						int tmp = data[i];
						data[i] = data[j];
						data[j] = tmp;
					}
				}
			}
		}
	},

	/**
	 * The study's quicksort (Slika 1.4): Lomuto partition with the last element as pivot. O(n log n)
	 * on random input, O(n²) on sorted or reverse-sorted input, where every partition is maximally
	 * unbalanced. The partition and its comparisons and swaps are the study's; the only change is
	 * that the recursion descends into the smaller part and loops over the larger one, so that a
	 * sorted input at the size limit cannot overflow the thread's stack (the study's version recurses
	 * n deep on such input).
	 */
	QUICK() {
		@Override
		public void sort(int[] data) {
			quicksort(data, 0, data.length - 1);
		}

		private static void quicksort(int[] data, int lo, int hi) {
			while (lo < hi) {
				int p = partition(data, lo, hi);
				if (p - lo < hi - p) {
					quicksort(data, lo, p - 1);
					lo = p + 1;
				}
				else {
					quicksort(data, p + 1, hi);
					hi = p - 1;
				}
			}
		}

		private static int partition(int[] data, int lo, int hi) {
			int pivot = data[hi];
			int i = lo - 1;
			for (int j = lo; j < hi; j++) {
				if (data[j] <= pivot) {
					i = i + 1;
					if (i != j) {
						swap(data, i, j);
					}
				}
			}
			swap(data, i + 1, hi);
			return i + 1;
		}
	},

	/** {@link Arrays#sort(int[])}: dual-pivot quicksort, one thread. */
	JDK() {
		@Override
		public void sort(int[] data) {
			Arrays.sort(data);
		}
	},

	/** {@link Arrays#parallelSort(int[])}: splits the work over the common fork-join pool. */
	PARALLEL() {
		@Override
		public void sort(int[] data) {
			Arrays.parallelSort(data);
		}
	};

	private final String[] aliases;

	SortAlgorithm(String... aliases) {
		this.aliases = aliases;
	}

	/** Sorts ascending, in place. */
	public abstract void sort(int[] data);

	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** By id or alias, ignoring case; null when unknown. */
	public static SortAlgorithm find(String name) {
		for (SortAlgorithm algorithm : values()) {
			if (algorithm.id().equalsIgnoreCase(name)) {
				return algorithm;
			}
			for (String alias : algorithm.aliases) {
				if (alias.equalsIgnoreCase(name)) {
					return algorithm;
				}
			}
		}
		return null;
	}

	public static String names() {
		return Arrays.stream(values()).map(SortAlgorithm::id).collect(Collectors.joining(", ")) + " (bubble = exchange)";
	}

	private static void swap(int[] data, int a, int b) {
		int tmp = data[a];
		data[a] = data[b];
		data[b] = tmp;
	}

}
