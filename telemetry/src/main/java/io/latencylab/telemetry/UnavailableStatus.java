package io.latencylab.telemetry;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

import io.grpc.Status;
import io.grpc.StatusException;

import org.springframework.grpc.server.exception.GrpcExceptionHandler;

/**
 * The failures a gRPC service is not to blame for, answered UNAVAILABLE (a client may retry)
 * rather than UNKNOWN: a failure injected by {@link LatencyInjector}, and a database that cannot
 * be reached (no connection within the pool's timeout, a connection cut, the server shutting
 * down, a commit or rollback that could not finish). The frontend answers UNAVAILABLE with a 503.
 */
class UnavailableStatus implements GrpcExceptionHandler {

	/**
	 * Spring's names for a database out of reach, and for a commit or rollback that failed (its
	 * outcome unknown: the caller may retry; the lab's writes are idempotent). By name, since not
	 * every gRPC service has Spring's transactions on its class path.
	 */
	private static final Set<String> SPRING_UNREACHABLE = Set.of("org.springframework.dao.DataAccessResourceFailureException",
			"org.springframework.dao.TransientDataAccessResourceException",
			"org.springframework.transaction.CannotCreateTransactionException",
			"org.springframework.transaction.TransactionSystemException");

	/** PostgreSQL's "admin shutdown", "crash shutdown", "cannot connect now". */
	private static final Set<String> SERVER_GOING_AWAY = Set.of("57P01", "57P02", "57P03");

	@Override
	public StatusException handleException(Throwable exception) {
		if (exception instanceof LatencyInjector.InjectedFault fault) {
			return Status.UNAVAILABLE.withDescription(fault.getMessage()).asException();
		}
		for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
			if ((cause instanceof SQLException sql && databaseUnreachable(sql)) || springUnreachable(cause.getClass())) {
				return Status.UNAVAILABLE.withDescription("database unavailable: " + cause.getMessage()).asException();
			}
		}
		return null;
	}

	private static boolean springUnreachable(Class<?> type) {
		for (Class<?> c = type; c != null; c = c.getSuperclass()) {
			if (SPRING_UNREACHABLE.contains(c.getName())) {
				return true;
			}
		}
		return false;
	}

	private static boolean databaseUnreachable(SQLException ex) {
		String state = ex.getSQLState();
		// SQLSTATE class 08 is "connection exception" in the SQL standard.
		return ex instanceof SQLTransientConnectionException || ex instanceof SQLRecoverableException
				|| (state != null && (state.startsWith("08") || SERVER_GOING_AWAY.contains(state)));
	}

}
