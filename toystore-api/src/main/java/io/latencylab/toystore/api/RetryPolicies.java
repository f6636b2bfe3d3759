package io.latencylab.toystore.api;

import java.util.List;
import java.util.Map;

import io.grpc.ManagedChannelBuilder;

import org.springframework.grpc.client.ChannelBuilderOptions;
import org.springframework.grpc.client.GrpcChannelBuilderCustomizer;

/**
 * gRPC service configs (the channel's own retry mechanism) that retry UNAVAILABLE with
 * exponential backoff, for the methods that are safe to retry: reads, and the catalog's Buy,
 * which is idempotent per order id. Orders.Buy makes a new order on every call and is never here.
 */
public final class RetryPolicies {

	/** Catalog: Query, Buy (idempotent per order id) and WatchStock are all safe. */
	public static final Map<String, ?> CATALOG = retrying(CatalogGrpc.SERVICE_NAME,
			List.of("Query", "Buy", "WatchStock"));

	/** Orders: only GetOrder. */
	public static final Map<String, ?> ORDERS = retrying(OrdersGrpc.SERVICE_NAME, List.of("GetOrder"));

	private RetryPolicies() {
	}

	/** Channel options that install {@code serviceConfig} (one of the above) and switch retries on. */
	@SuppressWarnings({ "rawtypes", "unchecked" })
	public static ChannelBuilderOptions channelOptions(Map<String, ?> serviceConfig) {
		// Raw types: the customizer's builder type is self-referential and cannot be written here.
		GrpcChannelBuilderCustomizer retries = (authority, builder) -> ((ManagedChannelBuilder) builder)
			.defaultServiceConfig(serviceConfig)
			.enableRetry();
		return ChannelBuilderOptions.defaults().withCustomizer(retries);
	}

	private static Map<String, ?> retrying(String service, List<String> methods) {
		List<Map<String, ?>> names = methods.stream()
			.map((method) -> Map.of("service", service, "method", method))
			.collect(java.util.stream.Collectors.toList());
		Map<String, ?> retryPolicy = Map.of("maxAttempts", 4.0, "initialBackoff", "0.05s", "maxBackoff", "0.5s",
				"backoffMultiplier", 2.0, "retryableStatusCodes", List.of("UNAVAILABLE"));
		return Map.of("methodConfig", List.of(Map.of("name", names, "retryPolicy", retryPolicy)));
	}

}
