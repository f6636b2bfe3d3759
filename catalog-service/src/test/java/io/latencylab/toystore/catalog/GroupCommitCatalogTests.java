package io.latencylab.toystore.catalog;

import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.util.TestSocketUtils;

/** The same contract with group commit: one writer, many buys a transaction. */
@SpringBootTest(properties = { "catalog.restock.enabled=false", "server.port=0", "catalog.commit-mode=group" })
class GroupCommitCatalogTests extends CatalogContractTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws Exception {
		Path dataDir = Files.createTempDirectory("catalog-group");
		registry.add("lab.data-dir", dataDir::toString);
		int grpcPort = TestSocketUtils.findAvailableTcpPort();
		registry.add("spring.grpc.server.port", () -> grpcPort);
	}

}
