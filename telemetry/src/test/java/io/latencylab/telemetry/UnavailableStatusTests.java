package io.latencylab.telemetry;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Map;

import io.grpc.Status;
import io.grpc.StatusException;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UnavailableStatusTests {

	private final UnavailableStatus handler = new UnavailableStatus();

	@Test
	void anInjectedFailureIsUnavailableWithWhereItWasInjected() {
		LatencyInjector injector = new LatencyInjector(Map.of("catalog-commit", "fail"), ObservationRegistry.NOOP);
		Throwable fault = catchFault(() -> injector.at("catalog-commit"));
		StatusException status = this.handler.handleException(fault);
		assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
		assertThat(status.getStatus().getDescription()).contains("catalog-commit");
	}

	@Test
	void noConnectionFromThePoolInTimeIsUnavailableHoweverDeepTheCause() {
		// As Spring wraps Hikari's timeout when a transaction cannot begin.
		RuntimeException wrapped = new IllegalStateException("Could not open JDBC Connection for transaction",
				new SQLTransientConnectionException("pool - Connection is not available, request timed out after 2000ms"));
		StatusException status = this.handler.handleException(wrapped);
		assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
		assertThat(status.getStatus().getDescription()).startsWith("database unavailable: pool - Connection is not available");
	}

	@Test
	void aCutConnectionOrAServerShuttingDownIsUnavailable() {
		assertThat(this.handler.handleException(new SQLException("An I/O error occurred", "08006")).getStatus().getCode())
			.isEqualTo(Status.Code.UNAVAILABLE);
		assertThat(this.handler.handleException(new SQLException("terminating connection due to administrator command",
				"57P01")).getStatus().getCode())
			.isEqualTo(Status.Code.UNAVAILABLE);
	}

	@Test
	void springsDatabaseOutOfReachAndAFailedRollbackAreUnavailable() {
		assertThat(this.handler.handleException(new org.springframework.transaction.TransactionSystemException(
				"JDBC rollback failed", new SQLException("Connection is closed"))).getStatus().getCode())
			.isEqualTo(Status.Code.UNAVAILABLE);
		assertThat(this.handler.handleException(
				new org.springframework.jdbc.CannotGetJdbcConnectionException("Failed to obtain JDBC Connection"))
			.getStatus()
			.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
		assertThat(this.handler.handleException(new org.springframework.dao.DuplicateKeyException("same order"))).isNull();
	}

	@Test
	void otherDatabaseErrorsAndOtherFailuresAreLeftToTheDefault() {
		assertThat(this.handler.handleException(new SQLException("duplicate key", "23505"))).isNull();
		assertThat(this.handler.handleException(new SQLException("no state"))).isNull();
		assertThat(this.handler.handleException(new IllegalStateException("a bug"))).isNull();
	}

	private static Throwable catchFault(Runnable call) {
		try {
			call.run();
		}
		catch (LatencyInjector.InjectedFault fault) {
			return fault;
		}
		throw new AssertionError("no failure injected");
	}

}
