package io.latencylab.toystore.order;

import java.util.List;

import io.grpc.StatusRuntimeException;
import io.latencylab.telemetry.LatencyInjector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Settles orders left PENDING by a crash or an unreachable catalog: at start-up and then every
 * order.reconcile.interval. Safe to repeat: the catalog's Buy is idempotent per order id.
 */
@Component
class Reconciler {

	private static final Logger logger = LoggerFactory.getLogger(Reconciler.class);

	private final OrderLog log;

	private final OrderDesk desk;

	private final OrderProperties properties;

	Reconciler(OrderLog log, OrderDesk desk, OrderProperties properties) {
		this.log = log;
		this.desk = desk;
		this.properties = properties;
	}

	@Scheduled(initialDelay = 0, fixedDelayString = "${order.reconcile.interval:5s}")
	void settlePending() {
		List<OrderLog.Order> pending;
		try {
			pending = this.log.pendingOlderThan(this.properties.reconcile().minAge());
		}
		catch (DataAccessException databaseDown) {
			// The next round tries again; a stack trace every interval would say nothing more.
			logger.warn("cannot read pending orders: {}", databaseDown.getMostSpecificCause().getMessage());
			return;
		}
		for (OrderLog.Order order : pending) {
			try {
				this.desk.settle(order.number(), order.name(), order.quantity());
				logger.info("settled pending order {}", order.number());
			}
			catch (StatusRuntimeException notYet) {
				logger.info("pending order {} not settled yet: {}", order.number(), notYet.getStatus());
			}
			catch (LatencyInjector.InjectedFault notYet) {
				logger.info("pending order {} not settled yet: {}", order.number(), notYet.getMessage());
			}
		}
	}

}
