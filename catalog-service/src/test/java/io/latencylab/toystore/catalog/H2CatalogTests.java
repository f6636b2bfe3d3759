package io.latencylab.toystore.catalog;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The contract on the embedded default: an H2 file database, one commit per buy. */
@SpringBootTest(properties = { "catalog.restock.enabled=false", "server.port=0" })
class H2CatalogTests extends CatalogContractTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws Exception {
		embeddedDatabase(registry, "catalog-h2");
	}

}
