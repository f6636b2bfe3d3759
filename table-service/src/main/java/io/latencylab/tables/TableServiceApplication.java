package io.latencylab.tables;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Seed 002's table storage: tables of schemaless entities, each found by its partition key and row
 * key, kept in a database (an H2 file, or PostgreSQL under compose), over HTTP.
 */
@SpringBootApplication
public class TableServiceApplication {

	public static void main(String[] args) {
		SpringApplication.run(TableServiceApplication.class, args);
	}

}
