package io.latencylab.sort;

import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Limits and pool of the sort service. Every limit is checked before the work it protects starts;
 * the body's size is the one every service has (lab.http.max-body-size, see the telemetry module).
 *
 * @param maxN most integers each algorithm accepts (413); the O(n²) ones must stay within seconds
 * @param generatorMaxN most integers {@code /generate} makes in one response
 * @param pool the bounded executor that runs the sorts
 */
@ConfigurationProperties("sort")
public record SortProperties(Map<SortAlgorithm, Integer> maxN,
		@DefaultValue("10000000") int generatorMaxN, @DefaultValue Pool pool) {

	private static final Map<SortAlgorithm, Integer> DEFAULT_MAX_N = Map.of(SortAlgorithm.EXCHANGE, 50_000,
			SortAlgorithm.QUICK, 100_000, SortAlgorithm.JDK, 1_000_000, SortAlgorithm.PARALLEL, 1_000_000);

	public SortProperties {
		maxN = (maxN == null) ? DEFAULT_MAX_N : merged(maxN);
	}

	public int maxN(SortAlgorithm algorithm) {
		return this.maxN.get(algorithm);
	}

	private static Map<SortAlgorithm, Integer> merged(Map<SortAlgorithm, Integer> configured) {
		java.util.EnumMap<SortAlgorithm, Integer> merged = new java.util.EnumMap<>(DEFAULT_MAX_N);
		merged.putAll(configured);
		return Map.copyOf(merged);
	}

	/**
	 * @param mode per-request: every sort runs at once on a thread of its own, as the study's
	 * server forked a process per request (the default, the study's behaviour); bounded: a pool of
	 * {@code threads} with a queue of {@code queueCapacity}, a full queue answering 503 (the
	 * profile "bounded")
	 * @param threads with bounded: sorting threads; 0 means one per available core
	 * @param queueCapacity with bounded: sorts that may wait for a thread; one more gets 503
	 */
	public record Pool(@DefaultValue("per-request") Mode mode, @DefaultValue("0") int threads,
			@DefaultValue("16") int queueCapacity) {

		public enum Mode {

			PER_REQUEST, BOUNDED

		}

		public int effectiveThreads() {
			return (this.threads > 0) ? this.threads : Runtime.getRuntime().availableProcessors();
		}

	}

}
