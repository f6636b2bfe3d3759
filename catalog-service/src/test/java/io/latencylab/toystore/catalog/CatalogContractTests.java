package io.latencylab.toystore.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.BuyReply;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.FloorGrpc;
import io.latencylab.toystore.api.FloorRequest;
import io.latencylab.toystore.api.QueryRequest;
import io.latencylab.toystore.api.StockChange;
import io.latencylab.toystore.api.Toy;
import io.latencylab.toystore.api.WatchStockRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.util.TestSocketUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The Catalog contract over a real gRPC channel to the running service. Subclasses run it against
 * each database and commit mode.
 */
abstract class CatalogContractTests {

	// Order ids must not repeat across tests of one database: purchases are kept.
	private static final AtomicLong orderIds = new AtomicLong(System.nanoTime() & 0xffffffffL);

	@Value("${spring.grpc.server.port}")
	int grpcPort;

	@Autowired
	Stock stock;

	@Autowired
	JdbcClient jdbc;

	ManagedChannel channel;

	CatalogGrpc.CatalogBlockingStub catalog;

	@BeforeEach
	void connect() {
		this.channel = ManagedChannelBuilder.forAddress("localhost", this.grpcPort).usePlaintext().build();
		this.catalog = CatalogGrpc.newBlockingStub(this.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
		this.stock.setQuantity("Tux", 100);
		this.stock.setQuantity("Whale", 100);
	}

	@AfterEach
	void disconnect() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	/** An H2 file database of its own and a free gRPC port, for the embedded-database subclasses. */
	static void embeddedDatabase(DynamicPropertyRegistry registry, String name) throws java.io.IOException {
		String dataDir = java.nio.file.Files.createTempDirectory(name).toString();
		int grpcPort = TestSocketUtils.findAvailableTcpPort();
		registry.add("lab.data-dir", () -> dataDir);
		registry.add("spring.grpc.server.port", () -> grpcPort);
	}

	static long newOrderId() {
		return orderIds.incrementAndGet();
	}

	private BuyReply buy(long orderId, String name, int quantity) {
		return this.catalog.buy(BuyRequest.newBuilder().setOrderId(orderId).setName(name).setQuantity(quantity).build());
	}

	private int quantityOf(String name) {
		return this.catalog.query(QueryRequest.newBuilder().setName(name).build()).getQuantity();
	}

	private static Status.Code codeOf(Runnable call) {
		try {
			call.run();
			return Status.Code.OK;
		}
		catch (StatusRuntimeException ex) {
			return ex.getStatus().getCode();
		}
	}

	@Test
	void queryFindsAToyWhateverTheCase() {
		Toy tux = this.catalog.query(QueryRequest.newBuilder().setName("tUX").build());
		assertThat(tux.getName()).isEqualTo("Tux");
		assertThat(tux.getPriceCents()).isEqualTo(1599);
		assertThat(tux.getQuantity()).isEqualTo(100);
	}

	@Test
	void theLabsOwnToyIsStockedBeyondAnyRun() {
		int before = quantityOf("Kite");
		BuyReply reply = buy(newOrderId(), "kite", 1);
		assertThat(reply.getName()).isEqualTo("Kite");
		assertThat(quantityOf("Kite")).isEqualTo(before - 1).isGreaterThan(999_000_000);
	}

	@Test
	void unknownToyIsNotFound() {
		assertThat(codeOf(() -> this.catalog.query(QueryRequest.newBuilder().setName("Yo-yo").build())))
			.isEqualTo(Status.Code.NOT_FOUND);
		assertThat(codeOf(() -> buy(newOrderId(), "Yo-yo", 1))).isEqualTo(Status.Code.NOT_FOUND);
	}

	@Test
	void theFloorReadsAToyAsAQueryDoesAndCommitsOneRowATime() {
		var floor = FloorGrpc.newBlockingStub(this.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
		assertThat(floor.ping(FloorRequest.getDefaultInstance()).getValue()).isZero();
		assertThat(floor.read(FloorRequest.newBuilder().setName("tux").build()).getValue()).isEqualTo(100);
		assertThatExceptionOfType(StatusRuntimeException.class)
			.isThrownBy(() -> floor.read(FloorRequest.newBuilder().setName("Unicorn").build()))
			.satisfies((ex) -> assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
		long before = this.jdbc.sql("select commits from floor_probe where id = 1").query(Long.class).single();
		assertThat(floor.commit(FloorRequest.getDefaultInstance()).getValue()).isEqualTo(1);
		assertThat(floor.commit(FloorRequest.getDefaultInstance()).getValue()).isEqualTo(1);
		assertThat(this.jdbc.sql("select commits from floor_probe where id = 1").query(Long.class).single())
			.isEqualTo(before + 2);
		assertThat(this.stock.find("Tux")).hasValueSatisfying((toy) -> assertThat(toy.quantity()).isEqualTo(100));
	}

	@Test
	void badArgumentsAreInvalidArgument() {
		assertThat(codeOf(() -> buy(newOrderId(), "Tux", 0))).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(codeOf(() -> buy(newOrderId(), " ", 1))).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(codeOf(() -> this.catalog.query(QueryRequest.newBuilder().build())))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void aMessageOverTheServersLimitIsResourceExhaustedAndTheServerGoesOn() {
		// gRPC's default inbound limit is 4 MiB; the server refuses the message before any handler sees it.
		String huge = "x".repeat(5 * 1024 * 1024);
		assertThat(codeOf(() -> this.catalog.query(QueryRequest.newBuilder().setName(huge).build())))
			.isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		assertThat(this.catalog.query(QueryRequest.newBuilder().setName("Tux").build()).getName()).isEqualTo("Tux");
	}

	@Test
	void buyTakesStockAndAnswersWithTheToysOwnName() {
		BuyReply reply = buy(newOrderId(), "whale", 3);
		assertThat(reply.getName()).isEqualTo("Whale");
		assertThat(reply.getReplayed()).isFalse();
		assertThat(quantityOf("Whale")).isEqualTo(97);
	}

	@Test
	void aRetriedBuyWithTheSameOrderIdTakesStockOnce() {
		long orderId = newOrderId();
		assertThat(buy(orderId, "Tux", 2).getReplayed()).isFalse();
		assertThat(buy(orderId, "Tux", 2).getReplayed()).isTrue();
		assertThat(buy(orderId, "Tux", 2).getReplayed()).isTrue();
		assertThat(quantityOf("Tux")).isEqualTo(98);
	}

	@Test
	void aRetriedBuyOfAToySoldOutSinceIsStillAReplay() {
		long orderId = newOrderId();
		assertThat(buy(orderId, "Tux", 2).getReplayed()).isFalse();
		this.stock.setQuantity("Tux", 0);
		BuyReply retry = buy(orderId, "tux", 2);
		assertThat(retry.getReplayed()).isTrue();
		assertThat(retry.getName()).isEqualTo("Tux");
		assertThat(quantityOf("Tux")).isZero();
	}

	@Test
	void shortStockIsFailedPreconditionAndTakesNothing() {
		this.stock.setQuantity("Tux", 2);
		assertThat(codeOf(() -> buy(newOrderId(), "Tux", 3))).isEqualTo(Status.Code.FAILED_PRECONDITION);
		assertThat(quantityOf("Tux")).isEqualTo(2);
	}

	@Test
	void twoHundredConcurrentBuysOfFiftyNeverOversell() throws Exception {
		this.stock.setQuantity("Tux", 50);
		long before = this.stock.purchaseCount("Tux");
		ExecutorService clients = Executors.newFixedThreadPool(50);
		List<CompletableFuture<Status.Code>> buys = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			long orderId = newOrderId();
			buys.add(CompletableFuture.supplyAsync(() -> codeOf(() -> buy(orderId, "Tux", 1)), clients));
		}
		List<Status.Code> codes = new ArrayList<>();
		for (CompletableFuture<Status.Code> buy : buys) {
			codes.add(buy.get(60, TimeUnit.SECONDS));
		}
		clients.shutdown();
		assertThat(codes).filteredOn((code) -> code == Status.Code.OK).hasSize(50);
		assertThat(codes).filteredOn((code) -> code != Status.Code.OK)
			.hasSize(150)
			.allMatch((code) -> code == Status.Code.FAILED_PRECONDITION);
		assertThat(quantityOf("Tux")).isZero();
		assertThat(this.stock.purchaseCount("Tux") - before).isEqualTo(50);
	}

	@Test
	void concurrentRetriesOfOneOrderTakeStockOnce() throws Exception {
		long orderId = newOrderId();
		ExecutorService clients = Executors.newFixedThreadPool(8);
		List<CompletableFuture<BuyReply>> retries = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			retries.add(CompletableFuture.supplyAsync(() -> buy(orderId, "Whale", 5), clients));
		}
		int taken = 0;
		for (CompletableFuture<BuyReply> retry : retries) {
			taken += retry.get(60, TimeUnit.SECONDS).getReplayed() ? 0 : 1;
		}
		clients.shutdown();
		assertThat(taken).isEqualTo(1);
		assertThat(quantityOf("Whale")).isEqualTo(95);
	}

	@Test
	void watchersSeeEveryCommittedChange() throws Exception {
		BlockingQueue<StockChange> changes = new LinkedBlockingQueue<>();
		CatalogGrpc.newStub(this.channel).watchStock(WatchStockRequest.getDefaultInstance(), new StreamObserver<>() {
			@Override
			public void onNext(StockChange change) {
				changes.add(change);
			}

			@Override
			public void onError(Throwable t) {
			}

			@Override
			public void onCompleted() {
			}
		});
		// The server registers the stream when the call reaches it; a buy may race that, so buy
		// until a change arrives (at most 20 times).
		StockChange change = null;
		for (int i = 0; i < 20 && change == null; i++) {
			buy(newOrderId(), "Whale", 1);
			change = changes.poll(500, TimeUnit.MILLISECONDS);
		}
		assertThat(change).isNotNull();
		assertThat(change.getName()).isEqualTo("Whale");
		assertThat(change.getQuantity()).isBetween(0, 99);
	}

}
