package io.latencylab.toystore.catalog;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallExecutorSupplier;
import io.grpc.netty.NettyServerBuilder;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.FloorGrpc;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.grpc.server.ServerBuilderCustomizer;

/**
 * Which thread runs each Catalog call.
 * <p>
 * gRPC's default hands every call from the event loop that read it to a pool thread, and the answer
 * back to the event loop: two thread wake-ups a call. A Query on the embedded H2 database waits for
 * no lock (reads see a snapshot) and for no network, so it runs on the event loop itself
 * ({@code catalog.query-thread=transport}, what {@code auto} picks with H2). Buy waits for row locks
 * and writes the file, and WatchStock streams for as long as the watcher stays: both keep running
 * on a pool thread. {@code catalog.buy-thread=transport} runs a Buy on its event loop too (with H2
 * and per-buy commits): no faster at one client when measured, and the order service's buys, which
 * come over one connection, then take turns on one thread (docs/studies/seed-001.md). The Floor
 * service's Ping and Read run where a Query does, its Commit where a Buy does, so that each stands
 * for the part it measures. With PostgreSQL a query waits on the network, so {@code auto} leaves
 * every call on the pool. The cost of the event loop: the calls it carries take turns on its thread,
 * so a query waiting for one of the pool's database connections holds them all up.
 */
@Configuration(proxyBeanMethods = false)
class CallThreads {

	@Bean
	ServerBuilderCustomizer<NettyServerBuilder> callsOnTheirEventLoop(CatalogProperties properties,
			@Value("${spring.datasource.url:}") String databaseUrl, PoolUnlessOnTransport calls) {
		return (builder) -> {
			Set<String> onTransport = onTransport(properties, databaseUrl);
			if (!onTransport.isEmpty()) {
				calls.onTransport(onTransport);
				builder.directExecutor().callExecutor(calls);
			}
		};
	}

	/** Not an Executor bean: one would stand in for the application's own task executor. */
	@Bean
	PoolUnlessOnTransport poolUnlessOnTransport() {
		return new PoolUnlessOnTransport();
	}

	/** The full names of the methods that run on the event loop that read them. */
	static Set<String> onTransport(CatalogProperties properties, String databaseUrl) {
		Set<String> methods = new HashSet<>();
		if (onTransport(properties.queryThread(), databaseUrl)) {
			methods.addAll(Set.of(CatalogGrpc.getQueryMethod().getFullMethodName(),
					FloorGrpc.getPingMethod().getFullMethodName(), FloorGrpc.getReadMethod().getFullMethodName()));
		}
		if (properties.buyThread() == CatalogProperties.BuyThread.TRANSPORT && inThisJvm(databaseUrl)
				&& properties.commitMode() == CatalogProperties.CommitMode.PER_BUY) {
			methods.addAll(Set.of(CatalogGrpc.getBuyMethod().getFullMethodName(),
					FloorGrpc.getCommitMethod().getFullMethodName()));
		}
		return Set.copyOf(methods);
	}

	static boolean onTransport(CatalogProperties.QueryThread queryThread, String databaseUrl) {
		return switch (queryThread) {
			case TRANSPORT -> true;
			case POOL -> false;
			case AUTO -> inThisJvm(databaseUrl);
		};
	}

	/** H2 in a file or in memory runs inside the service; H2's own server modes are over TCP. */
	static boolean inThisJvm(String databaseUrl) {
		return databaseUrl.startsWith("jdbc:h2:") && !databaseUrl.startsWith("jdbc:h2:tcp:")
				&& !databaseUrl.startsWith("jdbc:h2:ssl:");
	}

	/**
	 * The methods named on the transport stay where they were read (null: the server's direct
	 * executor); every other method goes to the pool.
	 */
	static final class PoolUnlessOnTransport implements ServerCallExecutorSupplier, DisposableBean {

		private final ExecutorService pool = Executors
			.newCachedThreadPool(Thread.ofPlatform().name("catalog-call-", 0).daemon().factory());

		private volatile Set<String> onTransport = Set.of();

		void onTransport(Set<String> methods) {
			this.onTransport = methods;
		}

		@Override
		public <ReqT, RespT> Executor getExecutor(ServerCall<ReqT, RespT> call, Metadata metadata) {
			return this.onTransport.contains(call.getMethodDescriptor().getFullMethodName()) ? null : this.pool;
		}

		@Override
		public void destroy() {
			this.pool.shutdown();
		}

	}

}
