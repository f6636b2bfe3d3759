package io.latencylab.tables;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The contract on the embedded default: an H2 file database. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class H2TableTests extends TableContractTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws Exception {
		embeddedDatabase(registry, "tables-h2");
	}

}
