package io.latencylab.tables;

import java.util.List;
import java.util.Optional;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The tables in the database. Every write is one statement committed before the call returns, so
 * an acknowledged write survives a crash. Updates of one entity queue on its row lock: the study's
 * unconditional updates of one entity by every client at once.
 */
@Repository
class EntityStore {

	/** An entity as stored: its properties as the JSON text they arrived in. */
	record Stored(String partitionKey, String rowKey, long etag, String properties) {
	}

	record Key(String partitionKey, String rowKey) {
	}

	private final JdbcClient jdbc;

	EntityStore(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** False when the table was there already. */
	boolean createTable(String table) {
		try {
			this.jdbc.sql("insert into lab_table (name) values (?)").param(table).update();
			return true;
		}
		catch (DuplicateKeyException ex) {
			return false;
		}
	}

	/** Drops the table with every entity in it; false when there was none. */
	boolean dropTable(String table) {
		return this.jdbc.sql("delete from lab_table where name = ?").param(table).update() == 1;
	}

	/** Inserts a new entity (etag 1); false when one with these keys is there already. */
	boolean insert(String table, String partitionKey, String rowKey, String properties) {
		try {
			this.jdbc.sql("insert into entity (table_name, partition_key, row_key, properties, etag) values (?, ?, ?, ?, 1)")
				.params(table, partitionKey, rowKey, properties)
				.update();
			return true;
		}
		catch (DuplicateKeyException ex) {
			return false;
		}
		catch (DataIntegrityViolationException ex) {
			// The only other constraint is the reference to the table.
			throw TableException.tableNotFound(table);
		}
	}

	Optional<Stored> find(String table, String partitionKey, String rowKey) {
		return this.jdbc
			.sql("select partition_key, row_key, etag, properties from entity"
					+ " where table_name = ? and partition_key = ? and row_key = ?")
			.params(table, partitionKey, rowKey)
			.query((rs, row) -> new Stored(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4)))
			.optional();
	}

	/**
	 * Replaces an entity's properties: unconditionally when {@code ifMatch} is empty, else only if
	 * its etag is still that one. The new etag, or empty when no entity (or no entity with that
	 * etag) was there.
	 */
	@Transactional
	public Optional<Long> replace(String table, String partitionKey, String rowKey, String properties,
			Optional<Long> ifMatch) {
		int updated = this.jdbc
			.sql("update entity set properties = ?, etag = etag + 1, updated_at = current_timestamp"
					+ " where table_name = ? and partition_key = ? and row_key = ?"
					+ (ifMatch.isPresent() ? " and etag = ?" : ""))
			.params(ifMatch.isPresent() ? List.<Object>of(properties, table, partitionKey, rowKey, ifMatch.get())
					: List.<Object>of(properties, table, partitionKey, rowKey))
			.update();
		if (updated == 0) {
			return Optional.empty();
		}
		// Still inside the update's transaction: the row lock is ours, so this is our write's etag.
		return Optional.of(this.jdbc
			.sql("select etag from entity where table_name = ? and partition_key = ? and row_key = ?")
			.params(table, partitionKey, rowKey)
			.query(Long.class)
			.single());
	}

	/** False when there was no such entity. */
	boolean delete(String table, String partitionKey, String rowKey) {
		return this.jdbc.sql("delete from entity where table_name = ? and partition_key = ? and row_key = ?")
			.params(table, partitionKey, rowKey)
			.update() == 1;
	}

	/** The keys of one partition, in row key order, at most {@code limit} of them. */
	List<Key> keys(String table, String partitionKey, int limit) {
		return this.jdbc
			.sql("select partition_key, row_key from entity where table_name = ? and partition_key = ?"
					+ " order by row_key limit ?")
			.params(table, partitionKey, limit)
			.query((rs, row) -> new Key(rs.getString(1), rs.getString(2)))
			.list();
	}

	boolean tableExists(String table) {
		return this.jdbc.sql("select count(*) from lab_table where name = ?").param(table).query(Integer.class).single() == 1;
	}

}
