package io.latencylab.toystore.catalog;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.FloorGrpc;
import io.latencylab.toystore.api.FloorReply;
import io.latencylab.toystore.api.FloorRequest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * The Floor gRPC service (floor.proto): each part of a query or a buy alone, so that a benchmark can
 * set the operations beside the least their parts cost here. Which thread runs each call: CallThreads.
 */
@Service
class FloorGrpcService extends FloorGrpc.FloorImplBase {

	private final Stock stock;

	private final JdbcClient jdbc;

	FloorGrpcService(Stock stock, JdbcClient jdbc) {
		this.stock = stock;
		this.jdbc = jdbc;
	}

	@Override
	public void ping(FloorRequest request, StreamObserver<FloorReply> response) {
		answer(response, 0);
	}

	@Override
	public void read(FloorRequest request, StreamObserver<FloorReply> response) {
		this.stock.find(request.getName())
			.ifPresentOrElse((toy) -> answer(response, toy.quantity()), () -> response.onError(
					Status.NOT_FOUND.withDescription("no toy named '" + request.getName() + "'").asRuntimeException()));
	}

	@Override
	public void commit(FloorRequest request, StreamObserver<FloorReply> response) {
		// Auto-commit: the statement is its own transaction, as each of the order service's writes is.
		answer(response, this.jdbc.sql("update floor_probe set commits = commits + 1 where id = 1").update());
	}

	private static void answer(StreamObserver<FloorReply> response, long value) {
		response.onNext(FloorReply.newBuilder().setValue(value).build());
		response.onCompleted();
	}

}
