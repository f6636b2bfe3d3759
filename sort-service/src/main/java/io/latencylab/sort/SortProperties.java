package io.latencylab.sort;

import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits and pool of the sort service. Every limit is checked before the work it protects starts.
 *
 * @param maxBodySize largest request body; larger ones get 413 before they are read
 * @param maxN most integers each algorithm accepts (413); the O(n²) ones must stay within seconds
 * @param generatorMaxN most integers {@code /generate} makes in one response
 * @param pool the bounded executor that runs the sorts
 */
@ConfigurationProperties("sort")
public record SortProperties(@DefaultValue("16MB") DataSize maxBodySize, Map<SortAlgorithm, Integer> maxN,
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
	 * @param threads sorting threads; 0 means one per available core
	 * @param queueCapacity sorts that may wait for a thread; one more gets 503
	 */
	public record Pool(@DefaultValue("0") int threads, @DefaultValue("16") int queueCapacity) {

		public int effectiveThreads() {
			return (this.threads > 0) ? this.threads : Runtime.getRuntime().availableProcessors();
		}

	}

}
