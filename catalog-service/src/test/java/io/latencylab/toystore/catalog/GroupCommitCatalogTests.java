package io.latencylab.toystore.catalog;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The same contract with group commit: one writer, many buys a transaction. */
@SpringBootTest(properties = { "catalog.restock.enabled=false", "server.port=0", "catalog.commit-mode=group" })
class GroupCommitCatalogTests extends CatalogContractTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws Exception {
		embeddedDatabase(registry, "catalog-group");
	}

}
