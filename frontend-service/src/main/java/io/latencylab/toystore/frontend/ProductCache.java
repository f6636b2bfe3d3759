package io.latencylab.toystore.frontend;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.latencylab.toystore.api.Toy;
import io.latencylab.toystore.api.ToyRules;

/**
 * Product queries cached in process, kept fresh by the catalog's stock stream. An entry is only
 * stored if no invalidation for its toy arrived while it was being fetched (a generation count per
 * toy), so a slow fetch can never put back a quantity that a buy has already changed. While the
 * stream is down the cache serves nothing: it cannot know what changed.
 */
class ProductCache {

	private record Entry(Toy toy, long generation) {
	}

	private final Map<String, Entry> entries = new ConcurrentHashMap<>();

	private final Map<String, Long> generations = new ConcurrentHashMap<>();

	private volatile boolean live;

	Optional<Toy> get(String name) {
		if (!this.live) {
			return Optional.empty();
		}
		Entry entry = this.entries.get(ToyRules.key(name));
		return (entry != null) ? Optional.of(entry.toy()) : Optional.empty();
	}

	/** Read before fetching; pass to {@link #put}. */
	long generation(String name) {
		return this.generations.getOrDefault(ToyRules.key(name), 0L);
	}

	void put(String name, Toy toy, long generationBeforeFetch) {
		if (!this.live) {
			return;
		}
		// invalidate() bumps the generation before it removes the entry, and the removal waits
		// for this compute: either this sees the new generation, or its entry is removed after.
		this.entries.compute(ToyRules.key(name), (key, current) -> (this.generations.getOrDefault(key, 0L) == generationBeforeFetch)
				? new Entry(toy, generationBeforeFetch) : current);
	}

	void invalidate(String name) {
		String key = ToyRules.key(name);
		this.generations.merge(key, 1L, Long::sum);
		this.entries.remove(key);
	}

	/** The stream is up (again): start from empty. */
	void connected() {
		invalidateAll();
		this.live = true;
	}

	/** The stream is down: nothing cached can be trusted. */
	void disconnected() {
		this.live = false;
		invalidateAll();
	}

	private void invalidateAll() {
		this.entries.keySet().forEach(this::invalidate);
	}

}
