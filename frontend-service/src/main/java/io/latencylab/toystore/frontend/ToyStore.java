package io.latencylab.toystore.frontend;

import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.GetOrderRequest;
import io.latencylab.toystore.api.Order;
import io.latencylab.toystore.api.OrderRequest;
import io.latencylab.toystore.api.OrdersGrpc;
import io.latencylab.toystore.api.QueryRequest;
import io.latencylab.toystore.api.Reconnect;
import io.latencylab.toystore.api.Toy;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/** The front end's view of the backends: query goes to the catalog (or the cache), buy to the orders. */
@Service
class ToyStore {

	/** A query's answer, and whether the cache served it (null when there is no cache). */
	record Lookup(Toy toy, Boolean cacheHit) {
	}

	private final ManagedChannel catalogChannel;

	private final ManagedChannel ordersChannel;

	private final CatalogGrpc.CatalogBlockingStub catalog;

	private final OrdersGrpc.OrdersBlockingStub orders;

	private final FrontendProperties properties;

	private final ProductCache cache;

	private final ObservationRegistry observations;

	ToyStore(ManagedChannel catalogChannel, ManagedChannel ordersChannel, FrontendProperties properties,
			ObjectProvider<ProductCache> cache, ObservationRegistry observations) {
		this.catalogChannel = catalogChannel;
		this.ordersChannel = ordersChannel;
		this.catalog = CatalogGrpc.newBlockingStub(catalogChannel);
		this.orders = OrdersGrpc.newBlockingStub(ordersChannel);
		this.properties = properties;
		this.cache = cache.getIfAvailable();
		this.observations = observations;
	}

	Lookup query(String name) {
		if (this.cache == null) {
			return new Lookup(fetch(name), null);
		}
		Toy cached = Observation.createNotStarted("frontend.cache.lookup", this.observations)
			.observe(() -> this.cache.get(name).orElse(null));
		if (cached != null) {
			return new Lookup(cached, true);
		}
		long generation = this.cache.generation(name);
		Toy toy = fetch(name);
		this.cache.put(name, toy, generation);
		return new Lookup(toy, false);
	}

	long buy(String name, int quantity) {
		Reconnect.now(this.ordersChannel);
		long number = this.orders.withDeadlineAfter(this.properties.buyDeadline().toMillis(), TimeUnit.MILLISECONDS)
			.buy(OrderRequest.newBuilder().setName(name).setQuantity(quantity).build())
			.getNumber();
		// The stream will say so too, but not necessarily before this client's next query.
		if (this.cache != null) {
			this.cache.invalidate(name);
		}
		return number;
	}

	Order order(long number) {
		Reconnect.now(this.ordersChannel);
		return this.orders.withDeadlineAfter(this.properties.queryDeadline().toMillis(), TimeUnit.MILLISECONDS)
			.getOrder(GetOrderRequest.newBuilder().setNumber(number).build());
	}

	private Toy fetch(String name) {
		Reconnect.now(this.catalogChannel);
		return this.catalog.withDeadlineAfter(this.properties.queryDeadline().toMillis(), TimeUnit.MILLISECONDS)
			.query(QueryRequest.newBuilder().setName(name).build());
	}

}
