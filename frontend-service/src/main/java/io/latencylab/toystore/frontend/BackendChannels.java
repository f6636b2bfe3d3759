package io.latencylab.toystore.frontend;

import io.grpc.ManagedChannel;
import io.latencylab.toystore.api.RetryPolicies;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.grpc.client.GrpcChannelFactory;

/**
 * The two gRPC channels, named as in spring.grpc.client.channel.*. Each retries UNAVAILABLE only
 * for the methods where a retry is safe (RetryPolicies): never the order service's Buy.
 */
@Configuration(proxyBeanMethods = false)
class BackendChannels {

	@Bean
	ManagedChannel catalogChannel(GrpcChannelFactory channels) {
		return channels.createChannel("catalog", RetryPolicies.channelOptions(RetryPolicies.CATALOG));
	}

	@Bean
	ManagedChannel ordersChannel(GrpcChannelFactory channels) {
		return channels.createChannel("orders", RetryPolicies.channelOptions(RetryPolicies.ORDERS));
	}

}
