package io.latencylab.toystore.order;

import java.util.concurrent.TimeUnit;

import io.latencylab.toystore.api.BuyReply;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.RetryPolicies;

import org.springframework.grpc.client.GrpcChannelFactory;
import org.springframework.stereotype.Component;

/**
 * The catalog, over the channel named "catalog" (spring.grpc.client.channel.catalog.target).
 * UNAVAILABLE is retried with backoff by the channel itself: Buy is idempotent per order id.
 */
@Component
class CatalogClient {

	private final CatalogGrpc.CatalogBlockingStub catalog;

	private final long deadlineMillis;

	CatalogClient(GrpcChannelFactory channels, OrderProperties properties) {
		this.catalog = CatalogGrpc
			.newBlockingStub(channels.createChannel("catalog", RetryPolicies.channelOptions(RetryPolicies.CATALOG)));
		this.deadlineMillis = properties.catalogDeadline().toMillis();
	}

	BuyReply buy(long orderId, String name, int quantity) {
		return this.catalog.withDeadlineAfter(this.deadlineMillis, TimeUnit.MILLISECONDS)
			.buy(BuyRequest.newBuilder().setOrderId(orderId).setName(name).setQuantity(quantity).build());
	}

}
