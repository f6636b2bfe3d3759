package io.latencylab.toystore.catalog;

import java.util.List;
import java.util.Optional;

import io.latencylab.toystore.api.ToyRules;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The stock tables. No oversell, by construction: stock is only ever taken by one conditional
 * UPDATE ({@code quantity = quantity - ? where ... and quantity >= ?}); the row lock the database
 * takes for it serialises concurrent buys of one toy, and a buy that would go below zero matches
 * no row. The CHECK constraint in V1__stock.sql is the second line of defence.
 */
@Repository
class Stock {

	record Toy(String name, long priceCents, int quantity) {
	}

	private final JdbcClient jdbc;

	Stock(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<Toy> find(String name) {
		return this.jdbc.sql("select name, price_cents, quantity from toy where name_key = ?")
			.param(ToyRules.key(name))
			.query((rs, row) -> new Toy(rs.getString(1), rs.getLong(2), rs.getInt(3)))
			.optional();
	}

	/** Takes {@code quantity} units if there are that many; false (and nothing taken) otherwise. */
	boolean take(String name, int quantity) {
		return this.jdbc.sql("update toy set quantity = quantity - ? where name_key = ? and quantity >= ?")
			.param(quantity)
			.param(ToyRules.key(name))
			.param(quantity)
			.update() == 1;
	}

	/** The toy an order already bought, if it did. */
	Optional<String> purchaseOf(long orderId) {
		return this.jdbc.sql("select toy_name from toy_purchase where order_id = ?")
			.param(orderId)
			.query(String.class)
			.optional();
	}

	void recordPurchase(long orderId, String toyName, int quantity) {
		this.jdbc.sql("insert into toy_purchase (order_id, toy_name, quantity) values (?, ?, ?)")
			.param(orderId)
			.param(toyName)
			.param(quantity)
			.update();
	}

	/**
	 * Sets every sold-out toy back to {@code level}; returns the ones it restocked. Each update is
	 * conditional on the toy still being at zero; one that sells out meanwhile waits for the next round.
	 */
	List<String> restockSoldOut(int level) {
		return this.jdbc.sql("select name from toy where quantity = 0")
			.query(String.class)
			.list()
			.stream()
			.filter((name) -> this.jdbc.sql("update toy set quantity = ? where name = ? and quantity = 0")
				.param(level)
				.param(name)
				.update() == 1)
			.toList();
	}

	/** For tests and experiments: sets one toy's stock. */
	void setQuantity(String name, int quantity) {
		this.jdbc.sql("update toy set quantity = ? where name_key = ?").param(quantity).param(ToyRules.key(name)).update();
	}

	long purchaseCount(String name) {
		return this.jdbc.sql("select count(*) from toy_purchase where toy_name = ?").param(name).query(Long.class).single();
	}

}
