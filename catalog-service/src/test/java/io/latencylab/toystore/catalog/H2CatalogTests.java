package io.latencylab.toystore.catalog;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract on the embedded default: an H2 file database, one commit per buy. */
@SpringBootTest(properties = { "catalog.restock.enabled=false", "server.port=0" })
class H2CatalogTests extends CatalogContractTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws Exception {
		embeddedDatabase(registry, "catalog-h2");
	}

	@Test
	void anUnreachableDatabaseFailsACallAfterTwoSecondsNotThePoolsThirty(@Autowired DataSource dataSource)
			throws Exception {
		// From the telemetry module's defaults, shared by every service with a database.
		// Unwrapped: the JDBC spans wrap the pool in a proxy.
		assertThat(dataSource.unwrap(HikariDataSource.class).getConnectionTimeout()).isEqualTo(2000);
	}

}
