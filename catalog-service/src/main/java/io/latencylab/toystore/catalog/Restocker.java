package io.latencylab.toystore.catalog;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Sets sold-out toys back to the restock level, every catalog.restock.interval. */
@Component
@ConditionalOnBooleanProperty(name = "catalog.restock.enabled", matchIfMissing = true)
class Restocker {

	private final Stock stock;

	private final StockEvents events;

	private final ObservationRegistry observations;

	private final int level;

	Restocker(Stock stock, StockEvents events, ObservationRegistry observations, CatalogProperties properties) {
		this.stock = stock;
		this.events = events;
		this.observations = observations;
		this.level = properties.restock().level();
	}

	@Scheduled(fixedDelayString = "${catalog.restock.interval:10s}")
	void restock() {
		Observation.createNotStarted("catalog.restock", this.observations).observe(() -> {
			for (String toy : this.stock.restockSoldOut(this.level)) {
				this.events.publish(toy, this.level);
			}
		});
	}

}
