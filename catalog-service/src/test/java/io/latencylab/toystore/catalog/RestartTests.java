package io.latencylab.toystore.catalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.latencylab.toystore.api.BuyRequest;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.QueryRequest;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.util.TestSocketUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** The stock lives in the database file: a restarted catalog sees what was sold before. */
class RestartTests {

	@Test
	void stockSurvivesARestart() throws Exception {
		Path dataDir = Files.createTempDirectory("catalog-restart");
		int port = TestSocketUtils.findAvailableTcpPort();
		try (ConfigurableApplicationContext first = start(dataDir, port)) {
			call(port, (catalog) -> catalog.buy(BuyRequest.newBuilder().setOrderId(1).setName("Lego").setQuantity(7).build()));
		}
		try (ConfigurableApplicationContext second = start(dataDir, port)) {
			call(port, (catalog) -> {
				assertThat(catalog.query(QueryRequest.newBuilder().setName("Lego").build()).getQuantity()).isEqualTo(93);
				// The purchase survived too: the same order id is a replay, not a second take.
				assertThat(catalog.buy(BuyRequest.newBuilder().setOrderId(1).setName("Lego").setQuantity(7).build())
					.getReplayed()).isTrue();
				return null;
			});
		}
	}

	private static ConfigurableApplicationContext start(Path dataDir, int grpcPort) {
		// Command-line arguments: they win over the service's application.yaml.
		return new SpringApplicationBuilder(CatalogServiceApplication.class).run("--lab.data-dir=" + dataDir,
				"--spring.grpc.server.port=" + grpcPort, "--server.port=0", "--catalog.restock.enabled=false");
	}

	private static void call(int port, java.util.function.Function<CatalogGrpc.CatalogBlockingStub, ?> calls)
			throws InterruptedException {
		ManagedChannel channel = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
		try {
			calls.apply(CatalogGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS));
		}
		finally {
			channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		}
	}

}
