package io.latencylab.toystore.order;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.BuyReply;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;

/**
 * A test double of the catalog on a real gRPC port: it answers Buy from a map of stock, idempotent
 * per order id like the real one, and can be switched to UNAVAILABLE.
 */
class FakeCatalog extends CatalogGrpc.CatalogImplBase implements AutoCloseable {

	final Map<String, Integer> stock = new ConcurrentHashMap<>();

	final Map<Long, String> purchases = new ConcurrentHashMap<>();

	volatile boolean unavailable;

	private final Server server;

	FakeCatalog(int port) throws IOException {
		this.server = ServerBuilder.forPort(port).addService(this).build().start();
	}

	@Override
	public synchronized void buy(BuyRequest request, StreamObserver<BuyReply> response) {
		if (this.unavailable) {
			response.onError(Status.UNAVAILABLE.withDescription("fake catalog is down").asRuntimeException());
			return;
		}
		if (this.purchases.containsKey(request.getOrderId())) {
			response.onNext(BuyReply.newBuilder().setName(this.purchases.get(request.getOrderId())).setReplayed(true).build());
			response.onCompleted();
			return;
		}
		String name = this.stock.keySet().stream().filter((toy) -> toy.equalsIgnoreCase(request.getName())).findFirst().orElse(null);
		if (name == null) {
			response.onError(Status.NOT_FOUND.asRuntimeException());
			return;
		}
		if (this.stock.get(name) < request.getQuantity()) {
			response.onError(Status.FAILED_PRECONDITION.asRuntimeException());
			return;
		}
		this.stock.merge(name, -request.getQuantity(), Integer::sum);
		this.purchases.put(request.getOrderId(), name);
		response.onNext(BuyReply.newBuilder().setName(name).build());
		response.onCompleted();
	}

	@Override
	public void close() {
		this.server.shutdownNow();
	}

}
