package io.latencylab.toystore.catalog;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.util.TestSocketUtils;

/** The same contract on PostgreSQL, the database compose uses. Skipped when no Docker engine runs. */
@Testcontainers(disabledWithoutDocker = true)
@SpringBootTest(properties = { "catalog.restock.enabled=false", "server.port=0" })
class PostgresCatalogTests extends CatalogContractTests {

	@Container
	static final PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:17");

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("spring.datasource.url", postgres::getJdbcUrl);
		registry.add("spring.datasource.username", postgres::getUsername);
		registry.add("spring.datasource.password", postgres::getPassword);
		int grpcPort = TestSocketUtils.findAvailableTcpPort();
		registry.add("spring.grpc.server.port", () -> grpcPort);
	}

}
