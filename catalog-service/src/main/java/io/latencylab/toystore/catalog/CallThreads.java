package io.latencylab.toystore.catalog;

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
 * on a pool thread. The Floor service's Ping and Read run where a Query does, its Commit where a
 * Buy does, so that each stands for the part it measures. With PostgreSQL a query waits on the network, so {@code auto} leaves every call
 * on the pool. The cost of the event loop: the calls it carries take turns on its thread, so a
 * query waiting for one of the pool's database connections holds them all up.
 */
@Configuration(proxyBeanMethods = false)
class CallThreads {

	@Bean
	ServerBuilderCustomizer<NettyServerBuilder> queriesOnTheirEventLoop(CatalogProperties properties,
			@Value("${spring.datasource.url:}") String databaseUrl, AllButQueries allButQueries) {
		return (builder) -> {
			if (onTransport(properties.queryThread(), databaseUrl)) {
				builder.directExecutor().callExecutor(allButQueries);
			}
		};
	}

	/** Not an Executor bean: one would stand in for the application's own task executor. */
	@Bean
	AllButQueries allButQueries() {
		return new AllButQueries();
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
	 * Query (and the Floor's Ping and Read) stays where it was read (null: the server's direct
	 * executor); every other method goes to the pool.
	 */
	static final class AllButQueries implements ServerCallExecutorSupplier, DisposableBean {

		private static final Set<String> ON_TRANSPORT = Set.of(CatalogGrpc.getQueryMethod().getFullMethodName(),
				FloorGrpc.getPingMethod().getFullMethodName(), FloorGrpc.getReadMethod().getFullMethodName());

		private final ExecutorService pool = Executors
			.newCachedThreadPool(Thread.ofPlatform().name("catalog-call-", 0).daemon().factory());

		@Override
		public <ReqT, RespT> Executor getExecutor(ServerCall<ReqT, RespT> call, Metadata metadata) {
			return ON_TRANSPORT.contains(call.getMethodDescriptor().getFullMethodName()) ? null : this.pool;
		}

		@Override
		public void destroy() {
			this.pool.shutdown();
		}

	}

}
