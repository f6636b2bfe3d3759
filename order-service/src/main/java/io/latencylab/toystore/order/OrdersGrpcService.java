package io.latencylab.toystore.order;

import java.util.Optional;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.GetOrderRequest;
import io.latencylab.toystore.api.Order;
import io.latencylab.toystore.api.OrderReply;
import io.latencylab.toystore.api.OrderRequest;
import io.latencylab.toystore.api.OrdersGrpc;
import io.latencylab.toystore.api.ToyRules;

import org.springframework.stereotype.Service;

/** The Orders gRPC service (orders.proto). */
@Service
class OrdersGrpcService extends OrdersGrpc.OrdersImplBase {

	private final OrderDesk desk;

	OrdersGrpcService(OrderDesk desk) {
		this.desk = desk;
	}

	@Override
	public void buy(OrderRequest request, StreamObserver<OrderReply> response) {
		Optional<String> invalid = ToyRules.invalidBuy(request.getName(), request.getQuantity());
		if (invalid.isPresent()) {
			response.onError(Status.INVALID_ARGUMENT.withDescription(invalid.get()).asRuntimeException());
			return;
		}
		try {
			this.desk.place(request.getName(), request.getQuantity(), (number) -> {
				response.onNext(OrderReply.newBuilder().setNumber(number).build());
				response.onCompleted();
			});
		}
		catch (StatusRuntimeException refused) {
			response.onError(refused);
		}
	}

	@Override
	public void getOrder(GetOrderRequest request, StreamObserver<Order> response) {
		Optional<OrderLog.Order> completed;
		try {
			completed = this.desk.completed(request.getNumber());
		}
		catch (StatusRuntimeException unknown) {
			response.onError(unknown);
			return;
		}
		completed.ifPresentOrElse((order) -> {
				response.onNext(Order.newBuilder()
					.setNumber(order.number())
					.setName(order.name())
					.setQuantity(order.quantity())
					.build());
				response.onCompleted();
			}, () -> response.onError(Status.NOT_FOUND.withDescription("no order " + request.getNumber())
				.asRuntimeException()));
	}

}
