package io.latencylab.toystore.catalog;

import java.util.Optional;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.BuyReply;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.QueryRequest;
import io.latencylab.toystore.api.StockChange;
import io.latencylab.toystore.api.Toy;
import io.latencylab.toystore.api.ToyRules;
import io.latencylab.toystore.api.WatchStockRequest;

import org.springframework.stereotype.Service;

/** The Catalog gRPC service (catalog.proto). */
@Service
class CatalogGrpcService extends CatalogGrpc.CatalogImplBase {

	private final Stock stock;

	private final Buyer buyer;

	private final StockEvents events;

	CatalogGrpcService(Stock stock, Buyer buyer, StockEvents events) {
		this.stock = stock;
		this.buyer = buyer;
		this.events = events;
	}

	@Override
	public void query(QueryRequest request, StreamObserver<Toy> response) {
		Optional<String> invalid = ToyRules.invalidName(request.getName());
		if (invalid.isPresent()) {
			response.onError(Status.INVALID_ARGUMENT.withDescription(invalid.get()).asRuntimeException());
			return;
		}
		this.stock.find(request.getName()).ifPresentOrElse((toy) -> {
			response.onNext(Toy.newBuilder()
				.setName(toy.name())
				.setPriceCents(toy.priceCents())
				.setQuantity(toy.quantity())
				.build());
			response.onCompleted();
		}, () -> response.onError(notFound(request.getName())));
	}

	@Override
	public void buy(BuyRequest request, StreamObserver<BuyReply> response) {
		Optional<String> invalid = ToyRules.invalidBuy(request.getName(), request.getQuantity());
		if (invalid.isPresent()) {
			response.onError(Status.INVALID_ARGUMENT.withDescription(invalid.get()).asRuntimeException());
			return;
		}
		BuyOutcome outcome = this.buyer.buy(request.getOrderId(), request.getName(), request.getQuantity());
		switch (outcome.result()) {
			case TAKEN, REPLAYED -> {
				response.onNext(BuyReply.newBuilder()
					.setName(outcome.toyName())
					.setReplayed(outcome.result() == BuyOutcome.Result.REPLAYED)
					.build());
				response.onCompleted();
			}
			case NOT_FOUND -> response.onError(notFound(request.getName()));
			case INSUFFICIENT_STOCK -> response.onError(Status.FAILED_PRECONDITION
				.withDescription("not enough " + request.getName() + " in stock for " + request.getQuantity())
				.asRuntimeException());
		}
	}

	@Override
	public void watchStock(WatchStockRequest request, StreamObserver<StockChange> response) {
		this.events.watch(response);
	}

	private static RuntimeException notFound(String name) {
		return Status.NOT_FOUND.withDescription("no toy named '" + name + "'").asRuntimeException();
	}

}
