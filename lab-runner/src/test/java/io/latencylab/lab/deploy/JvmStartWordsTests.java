package io.latencylab.lab.deploy;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JvmStartWordsTests {

	@Test
	void everyJvmWithItsImagesCacheMappedIsSaidToStartFromIt() {
		assertThat(JvmStartWords.of("containers", List.of("meals-rest", "sort-service"), List.of(), true))
			.hasValue("in containers, each from the start-up cache its image recorded when built");
	}

	@Test
	void aJvmWithoutItIsNamedWithTheLikelyReason() {
		assertThat(JvmStartWords.of("containers", List.of("meals-rest"), List.of("sort-service"), true)).hasValueSatisfying(
				(how) -> assertThat(how).contains("meals-rest from the start-up cache")
					.contains("cold: sort-service (the cache not mapped: an image built before it"));
	}

	@Test
	void startedColdOnPurposeSaysSo() {
		assertThat(JvmStartWords.of("containers", List.of(), List.of("meals-rest"), false))
			.hasValue("cold, in containers (--no-aot-cache)");
		assertThat(JvmStartWords.of("containers", List.of(), List.of(), true)).isEmpty();
	}

}
