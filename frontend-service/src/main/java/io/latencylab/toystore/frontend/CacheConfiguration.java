package io.latencylab.toystore.frontend;

import io.grpc.ManagedChannel;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The product cache and its invalidation stream, only with frontend.cache.enabled=true. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("frontend.cache.enabled")
class CacheConfiguration {

	@Bean
	ProductCache productCache() {
		return new ProductCache();
	}

	@Bean
	StockWatcher stockWatcher(ManagedChannel catalogChannel, ProductCache productCache) {
		return new StockWatcher(catalogChannel, productCache);
	}

}
