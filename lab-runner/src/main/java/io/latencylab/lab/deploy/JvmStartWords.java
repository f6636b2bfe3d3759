package io.latencylab.lab.deploy;

import java.util.List;
import java.util.Optional;

/** How the JVMs in containers or pods started, in the report's words: from their image's start-up cache, or cold. */
final class JvmStartWords {

	private JvmStartWords() {
	}

	/** The report's words for the running JVMs in {@code where} (containers, pods): those with their image's cache mapped, those without. */
	static Optional<String> of(String where, List<String> fromCache, List<String> cold, boolean cacheAsked) {
		if (fromCache.isEmpty() && cold.isEmpty()) {
			return Optional.empty();
		}
		String cache = "from the start-up cache its image recorded when built";
		if (cold.isEmpty()) {
			return Optional.of("in " + where + ", each " + cache);
		}
		String why = cacheAsked ? "the cache not mapped: an image built before it, or refused by the JVM" : "--no-aot-cache";
		return Optional.of(fromCache.isEmpty() ? "cold, in " + where + " (" + why + ")"
				: "in " + where + ": " + String.join(", ", fromCache) + " " + cache + "; cold: " + String.join(", ", cold)
						+ " (" + why + ")");
	}

}
