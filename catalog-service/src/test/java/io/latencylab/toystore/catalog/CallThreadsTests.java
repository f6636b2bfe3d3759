package io.latencylab.toystore.catalog;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import com.google.common.util.concurrent.ListenableFuture;
import io.grpc.ForwardingServerCallListener;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.ServerInterceptor;
import io.latencylab.toystore.api.BuyReply;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.FloorGrpc;
import io.latencylab.toystore.api.FloorRequest;
import io.latencylab.toystore.api.QueryRequest;
import io.latencylab.toystore.catalog.CatalogProperties.BuyThread;
import io.latencylab.toystore.catalog.CatalogProperties.CommitMode;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.grpc.server.GlobalServerInterceptor;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the embedded database, a Query runs on the event loop that read it and a Buy on the pool,
 * so a Buy waiting to commit (an injected 2 s) does not hold up a Query on the same connection.
 * The pool is no Executor bean, which would have replaced Boot's application task executor.
 */
@SpringBootTest(properties = { "catalog.restock.enabled=false", "server.port=0",
		"lab.inject.catalog-before-commit=2s" })
class CallThreadsTests {

	/** The thread each method's handler ran on, by method name. */
	static final Map<String, Thread> handlerThreads = new ConcurrentHashMap<>();

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) throws java.io.IOException {
		CatalogContractTests.embeddedDatabase(registry, "call-threads");
	}

	@Value("${spring.grpc.server.port}")
	int grpcPort;

	ManagedChannel channel;

	@BeforeEach
	void connect() {
		handlerThreads.clear();
		this.channel = ManagedChannelBuilder.forAddress("localhost", this.grpcPort).usePlaintext().build();
	}

	@AfterEach
	void disconnect() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aQueryRunsOnTheEventLoopWhileABuyOnTheSameConnectionWaitsOnThePool() throws Exception {
		ListenableFuture<BuyReply> buy = CatalogGrpc.newFutureStub(this.channel)
			.withDeadlineAfter(30, TimeUnit.SECONDS)
			.buy(BuyRequest.newBuilder().setOrderId(System.nanoTime()).setName("Tux").setQuantity(1).build());
		for (int i = 0; i < 500 && !handlerThreads.containsKey("Buy"); i++) {
			Thread.sleep(10);
		}
		assertThat(handlerThreads.get("Buy").getName()).startsWith("catalog-call-");

		var toy = CatalogGrpc.newBlockingStub(this.channel)
			.withDeadlineAfter(30, TimeUnit.SECONDS)
			.query(QueryRequest.newBuilder().setName("Whale").build());

		assertThat(toy.getName()).isEqualTo("Whale");
		assertThat(handlerThreads.get("Query")).isInstanceOf(FastThreadLocalThread.class);
		assertThat(buy.isDone()).as("the buy still waits to commit when the query has its answer").isFalse();
		assertThat(buy.get(30, TimeUnit.SECONDS).getName()).isEqualTo("Tux");
	}

	@Test
	void theFloorsPingAndReadRunWhereAQueryDoesAndItsCommitWhereABuyDoes() {
		var floor = FloorGrpc.newBlockingStub(this.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
		floor.ping(FloorRequest.getDefaultInstance());
		floor.read(FloorRequest.newBuilder().setName("Tux").build());
		floor.commit(FloorRequest.getDefaultInstance());

		assertThat(handlerThreads.get("Ping")).isInstanceOf(FastThreadLocalThread.class);
		assertThat(handlerThreads.get("Read")).isInstanceOf(FastThreadLocalThread.class);
		assertThat(handlerThreads.get("Commit").getName()).startsWith("catalog-call-");
	}

	@Test
	void theApplicationKeepsItsOwnTaskExecutor(@Autowired ApplicationContext context) {
		assertThat(context.containsBean("applicationTaskExecutor")).isTrue();
	}

	@Test
	void autoPutsQueriesOnTheEventLoopOnlyWhenTheDatabaseRunsInTheService() {
		var auto = CatalogProperties.QueryThread.AUTO;
		assertThat(CallThreads.onTransport(auto, "jdbc:h2:file:./data/catalog/catalog;WRITE_DELAY=0")).isTrue();
		assertThat(CallThreads.onTransport(auto, "jdbc:h2:mem:catalog")).isTrue();
		assertThat(CallThreads.onTransport(auto, "jdbc:h2:tcp://db:9092/catalog")).isFalse();
		assertThat(CallThreads.onTransport(auto, "jdbc:postgresql://postgres:5432/catalog")).isFalse();
		assertThat(CallThreads.onTransport(CatalogProperties.QueryThread.POOL, "jdbc:h2:mem:catalog")).isFalse();
		assertThat(CallThreads.onTransport(CatalogProperties.QueryThread.TRANSPORT, "jdbc:postgresql://p/c")).isTrue();
	}

	@Test
	void aBuyRunsOnTheEventLoopOnlyWhenAskedWithTheEmbeddedDatabaseAndItsOwnCommit() {
		String h2 = "jdbc:h2:file:./data/catalog/catalog;WRITE_DELAY=0";
		String buy = CatalogGrpc.getBuyMethod().getFullMethodName();
		String commit = FloorGrpc.getCommitMethod().getFullMethodName();
		String query = CatalogGrpc.getQueryMethod().getFullMethodName();

		assertThat(CallThreads.onTransport(properties(CommitMode.PER_BUY, BuyThread.POOL), h2)).contains(query)
			.doesNotContain(buy, commit);
		assertThat(CallThreads.onTransport(properties(CommitMode.PER_BUY, BuyThread.TRANSPORT), h2)).contains(query,
				buy, commit);
		assertThat(CallThreads.onTransport(properties(CommitMode.GROUP, BuyThread.TRANSPORT), h2)).contains(query)
			.doesNotContain(buy, commit);
		assertThat(CallThreads.onTransport(properties(CommitMode.PER_BUY, BuyThread.TRANSPORT),
				"jdbc:postgresql://postgres:5432/catalog"))
			.isEmpty();
	}

	private static CatalogProperties properties(CommitMode commitMode, BuyThread buyThread) {
		return new CatalogProperties(commitMode, new CatalogProperties.Group(64),
				new CatalogProperties.Restock(false, Duration.ofSeconds(10), 100), CatalogProperties.QueryThread.AUTO,
				buyThread);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class RecordHandlerThreads {

		@Bean
		@GlobalServerInterceptor
		ServerInterceptor recordHandlerThreads() {
			return new ServerInterceptor() {
				@Override
				public <ReqT, RespT> io.grpc.ServerCall.Listener<ReqT> interceptCall(io.grpc.ServerCall<ReqT, RespT> call,
						io.grpc.Metadata headers, io.grpc.ServerCallHandler<ReqT, RespT> next) {
					String method = call.getMethodDescriptor().getBareMethodName();
					return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
							next.startCall(call, headers)) {
						@Override
						public void onHalfClose() {
							handlerThreads.put(method, Thread.currentThread());
							super.onHalfClose();
						}
					};
				}
			};
		}

	}

}
