package io.latencylab.sort.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import io.latencylab.sort.SortAlgorithm;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The in-process cost of each algorithm on the study's file sizes: the physical reference that
 * request latency is divided by. Input: the same seeded random integers /generate makes.
 * Run: {@code ./mvnw -pl sort-service -Pbench test-compile exec:exec}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class SortBenchmark {

	@Param({ "10000", "20000", "50000" })
	int n;

	@Param({ "exchange", "quick", "jdk", "parallel" })
	String algorithm;

	private int[] input;

	private int[] data;

	private SortAlgorithm sorter;

	@Setup(Level.Trial)
	public void makeInput() {
		SplittableRandom random = new SplittableRandom(1);
		this.input = new int[this.n];
		for (int i = 0; i < this.n; i++) {
			this.input[i] = random.nextInt(Integer.MAX_VALUE);
		}
		this.sorter = SortAlgorithm.find(this.algorithm);
	}

	// Each invocation sorts a fresh copy; at these sizes the copy costs microseconds against
	// milliseconds of sorting.
	@Setup(Level.Invocation)
	public void copyInput() {
		this.data = this.input.clone();
	}

	@Benchmark
	public int[] sort() {
		this.sorter.sort(this.data);
		return this.data;
	}

}
