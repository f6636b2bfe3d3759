package io.latencylab.sort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Property tests: on every kind of input, every algorithm agrees with Arrays.sort. */
class SortAlgorithmTests {

	private static final int CASES_PER_SHAPE = 12;

	static Stream<Arguments> inputs() {
		SplittableRandom random = new SplittableRandom(677);
		List<Arguments> inputs = new ArrayList<>();
		inputs.add(Arguments.of("empty", new int[0]));
		inputs.add(Arguments.of("one", new int[] { 42 }));
		inputs.add(Arguments.of("extremes", new int[] { Integer.MAX_VALUE, 0, Integer.MIN_VALUE, -1, 1,
				Integer.MIN_VALUE, Integer.MAX_VALUE }));
		for (int c = 0; c < CASES_PER_SHAPE; c++) {
			int n = 2 + random.nextInt(1500);
			int[] wide = random.ints(n).toArray();
			int[] duplicates = random.ints(n, -3, 4).toArray();
			int[] negatives = random.ints(n, Integer.MIN_VALUE, 0).toArray();
			int[] sorted = wide.clone();
			Arrays.sort(sorted);
			int[] reversed = IntStream.range(0, n).map((i) -> sorted[n - 1 - i]).toArray();
			int[] constant = new int[n];
			Arrays.fill(constant, random.nextInt());
			inputs.add(Arguments.of("random n=" + n, wide));
			inputs.add(Arguments.of("duplicates n=" + n, duplicates));
			inputs.add(Arguments.of("negatives n=" + n, negatives));
			inputs.add(Arguments.of("sorted n=" + n, sorted));
			inputs.add(Arguments.of("reverse-sorted n=" + n, reversed));
			inputs.add(Arguments.of("constant n=" + n, constant));
		}
		return inputs.stream();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("inputs")
	void everyAlgorithmAgreesWithArraysSort(String shape, int[] input) {
		int[] expected = input.clone();
		Arrays.sort(expected);
		for (SortAlgorithm algorithm : SortAlgorithm.values()) {
			int[] data = input.clone();
			algorithm.sort(data);
			assertThat(data).as("%s on %s", algorithm, shape).containsExactly(expected);
		}
	}

	@Test
	void quicksortTerminatesOnSortedInputAtItsSizeLimit() {
		// Its worst case: every partition is maximally unbalanced. The study's recursion would go
		// 100,000 deep here; this one stays shallow.
		int limit = new SortProperties(null, 0, null).maxN(SortAlgorithm.QUICK);
		int[] sorted = IntStream.range(0, limit).toArray();
		SortAlgorithm.QUICK.sort(sorted);
		assertThat(sorted).isSorted().hasSize(limit);
		int[] reversed = IntStream.range(0, limit).map((i) -> limit - i).toArray();
		SortAlgorithm.QUICK.sort(reversed);
		assertThat(reversed).isSorted();
	}

	@Test
	void bubbleIsAnAliasOfTheExchangeSort() {
		assertThat(SortAlgorithm.find("bubble")).isEqualTo(SortAlgorithm.EXCHANGE);
		assertThat(SortAlgorithm.find("QUICK")).isEqualTo(SortAlgorithm.QUICK);
		assertThat(SortAlgorithm.find("heap")).isNull();
	}

}
