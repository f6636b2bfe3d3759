package io.latencylab.sort;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The in-process cost of reading and writing the study's text format, beside {@code SortBenchmark}'s
 * sort of the same integers: a request's parse and write phases should cost little beside its
 * sort. Run: {@code ./mvnw -pl sort-service -Pbench test-compile exec:exec -Dbench.args=IntegerText}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class IntegerTextBenchmark {

	@Param({ "50000" })
	int n;

	private int[] values;

	private byte[] text;

	@Setup
	public void makeInput() throws IOException {
		SplittableRandom random = new SplittableRandom(1);
		this.values = new int[this.n];
		for (int i = 0; i < this.n; i++) {
			this.values[i] = random.nextInt(Integer.MAX_VALUE);
		}
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		IntegerText.write(this.values, out);
		this.text = out.toByteArray();
	}

	@Benchmark
	public int[] read() throws IOException {
		return IntegerText.read(new ByteArrayInputStream(this.text), SortAlgorithm.JDK, Integer.MAX_VALUE);
	}

	@Benchmark
	public int write() throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream(this.text.length);
		IntegerText.write(this.values, out);
		return out.size();
	}

}
