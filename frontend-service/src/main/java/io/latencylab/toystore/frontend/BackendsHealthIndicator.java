package io.latencylab.toystore.frontend;

import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/** "backends": up when the catalog and the order service both answer their gRPC health check. */
@Component("backends")
class BackendsHealthIndicator implements HealthIndicator {

	private final ManagedChannel catalogChannel;

	private final ManagedChannel ordersChannel;

	BackendsHealthIndicator(ManagedChannel catalogChannel, ManagedChannel ordersChannel) {
		this.catalogChannel = catalogChannel;
		this.ordersChannel = ordersChannel;
	}

	@Override
	public Health health() {
		String catalog = check(this.catalogChannel);
		String orders = check(this.ordersChannel);
		Health.Builder health = ("SERVING".equals(catalog) && "SERVING".equals(orders)) ? Health.up() : Health.down();
		return health.withDetail("catalog", catalog).withDetail("orders", orders).build();
	}

	private static String check(ManagedChannel channel) {
		try {
			HealthCheckResponse response = HealthGrpc.newBlockingStub(channel)
				.withDeadlineAfter(1, TimeUnit.SECONDS)
				.check(HealthCheckRequest.getDefaultInstance());
			return response.getStatus().name();
		}
		catch (StatusRuntimeException ex) {
			return ex.getStatus().getCode().name();
		}
	}

}
