package io.latencylab.toystore.catalog;

import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.latencylab.toystore.api.BuyReply;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.FloorGrpc;
import io.latencylab.toystore.api.FloorRequest;
import io.latencylab.toystore.api.QueryRequest;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code catalog.buy-thread=transport}, the embedded database and per-buy commits: a Buy runs
 * on the event loop that read it, as a Query does, and still takes its stock and commits; the
 * Floor's Commit runs where a Buy does.
 */
@SpringBootTest(properties = { "catalog.restock.enabled=false", "server.port=0", "catalog.buy-thread=transport" })
@Import(CallThreadsTests.RecordHandlerThreads.class)
class BuyOnEventLoopTests {

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) throws java.io.IOException {
		CatalogContractTests.embeddedDatabase(registry, "buy-on-event-loop");
	}

	@Value("${spring.grpc.server.port}")
	int grpcPort;

	ManagedChannel channel;

	@BeforeEach
	void connect() {
		CallThreadsTests.handlerThreads.clear();
		this.channel = ManagedChannelBuilder.forAddress("localhost", this.grpcPort).usePlaintext().build();
	}

	@AfterEach
	void disconnect() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aBuyAndTheFloorsCommitRunOnTheEventLoopAndTheBuyTakesItsStock() {
		var catalog = CatalogGrpc.newBlockingStub(this.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
		int before = catalog.query(QueryRequest.newBuilder().setName("Tux").build()).getQuantity();

		BuyReply bought = catalog
			.buy(BuyRequest.newBuilder().setOrderId(CatalogContractTests.newOrderId()).setName("Tux").setQuantity(2).build());
		FloorGrpc.newBlockingStub(this.channel)
			.withDeadlineAfter(30, TimeUnit.SECONDS)
			.commit(FloorRequest.getDefaultInstance());

		assertThat(bought.getName()).isEqualTo("Tux");
		assertThat(catalog.query(QueryRequest.newBuilder().setName("Tux").build()).getQuantity()).isEqualTo(before - 2);
		assertThat(CallThreadsTests.handlerThreads.get("Buy")).isInstanceOf(FastThreadLocalThread.class);
		assertThat(CallThreadsTests.handlerThreads.get("Commit")).isInstanceOf(FastThreadLocalThread.class);
	}

}
