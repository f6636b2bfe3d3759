package io.latencylab.toystore.order;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/** The toy_order table. Each write is its own transaction, committed before the method returns. */
@Repository
class OrderLog {

	enum Status {
		PENDING, COMPLETED, FAILED
	}

	record Order(long number, String name, int quantity, Status status) {
	}

	private final JdbcClient jdbc;

	OrderLog(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Records a new pending order and returns its number. */
	long addPending(String name, int quantity) {
		KeyHolder key = new GeneratedKeyHolder();
		this.jdbc.sql("insert into toy_order (name, quantity, status) values (?, ?, 'PENDING')")
			.param(name)
			.param(quantity)
			.update(key, "number");
		return key.getKeyAs(Number.class).longValue();
	}

	/** Pending to completed, with the toy's own name; false when it was not pending. */
	boolean complete(long number, String toyName) {
		return this.jdbc
			.sql("update toy_order set status = 'COMPLETED', name = ?, updated_at = current_timestamp "
					+ "where number = ? and status = 'PENDING'")
			.param(toyName)
			.param(number)
			.update() == 1;
	}

	boolean fail(long number) {
		return this.jdbc
			.sql("update toy_order set status = 'FAILED', updated_at = current_timestamp "
					+ "where number = ? and status = 'PENDING'")
			.param(number)
			.update() == 1;
	}

	Optional<Order> find(long number) {
		return this.jdbc.sql("select number, name, quantity, status from toy_order where number = ?")
			.param(number)
			.query((rs, row) -> new Order(rs.getLong(1), rs.getString(2), rs.getInt(3), Status.valueOf(rs.getString(4))))
			.optional();
	}

	List<Order> pendingOlderThan(Duration age) {
		return this.jdbc
			.sql("select number, name, quantity, status from toy_order where status = 'PENDING' and created_at < ? "
					+ "order by number")
			.param(LocalDateTime.now().minus(age))
			.query((rs, row) -> new Order(rs.getLong(1), rs.getString(2), rs.getInt(3), Status.PENDING))
			.list();
	}

	long count(Status status) {
		return this.jdbc.sql("select count(*) from toy_order where status = ?")
			.param(status.name())
			.query(Long.class)
			.single();
	}

}
