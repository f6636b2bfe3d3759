package io.latencylab.toystore.frontend;

import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.latencylab.toystore.api.FloorGrpc;
import io.latencylab.toystore.api.FloorRequest;
import io.latencylab.toystore.api.Reconnect;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The floor of the store's operations, each through the same filters, tracing and JSON as a query
 * (bench/floor): {@code /floor/door} answers without calling further; {@code /floor/ping} adds one
 * unary gRPC round trip on the catalog's channel, {@code /floor/read} one point read behind it and
 * {@code /floor/commit} one committed row. The catalog's statuses map as a query's do (StoreErrors).
 * Not in the course's contract, so not in its OpenAPI description.
 */
@RestController
@RequestMapping("/floor")
class FloorController {

	record Part(String part, long value) {
	}

	private final ManagedChannel catalogChannel;

	private final FloorGrpc.FloorBlockingStub floor;

	private final FrontendProperties properties;

	FloorController(ManagedChannel catalogChannel, FrontendProperties properties) {
		this.catalogChannel = catalogChannel;
		this.floor = FloorGrpc.newBlockingStub(catalogChannel);
		this.properties = properties;
	}

	@GetMapping("/door")
	StoreApi.Data<Part> door() {
		return new StoreApi.Data<>(new Part("door", 0));
	}

	@GetMapping("/ping")
	StoreApi.Data<Part> ping() {
		return new StoreApi.Data<>(new Part("ping", catalog().ping(FloorRequest.getDefaultInstance()).getValue()));
	}

	@GetMapping("/read")
	StoreApi.Data<Part> read(@RequestParam(defaultValue = "Tux") String name) {
		return new StoreApi.Data<>(new Part("read", catalog().read(FloorRequest.newBuilder().setName(name).build()).getValue()));
	}

	@GetMapping("/commit")
	StoreApi.Data<Part> commit() {
		return new StoreApi.Data<>(new Part("commit", catalog().commit(FloorRequest.getDefaultInstance()).getValue()));
	}

	private FloorGrpc.FloorBlockingStub catalog() {
		Reconnect.now(this.catalogChannel);
		return this.floor.withDeadlineAfter(this.properties.queryDeadline().toMillis(), TimeUnit.MILLISECONDS);
	}

}
