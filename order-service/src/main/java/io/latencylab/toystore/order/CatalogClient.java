package io.latencylab.toystore.order;

import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.latencylab.toystore.api.BuyReply;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.Reconnect;
import io.latencylab.toystore.api.RetryPolicies;

import org.springframework.grpc.client.GrpcChannelFactory;
import org.springframework.stereotype.Component;

/**
 * The catalog, over the channel named "catalog" (spring.grpc.client.channel.catalog.target).
 * UNAVAILABLE is retried with backoff by the channel itself: Buy is idempotent per order id.
 */
@Component
class CatalogClient {

	private final ManagedChannel channel;

	private final CatalogGrpc.CatalogBlockingStub catalog;

	private final long deadlineMillis;

	CatalogClient(GrpcChannelFactory channels, OrderProperties properties) {
		this.channel = channels.createChannel("catalog", RetryPolicies.channelOptions(RetryPolicies.CATALOG));
		this.catalog = CatalogGrpc.newBlockingStub(this.channel);
		this.deadlineMillis = properties.catalogDeadline().toMillis();
	}

	BuyReply buy(long orderId, String name, int quantity) {
		Reconnect.now(this.channel);
		// Wait for a connection within the deadline rather than fail at once while one is made.
		return this.catalog.withDeadlineAfter(this.deadlineMillis, TimeUnit.MILLISECONDS)
			.withWaitForReady()
			.buy(BuyRequest.newBuilder().setOrderId(orderId).setName(name).setQuantity(quantity).build());
	}

}
