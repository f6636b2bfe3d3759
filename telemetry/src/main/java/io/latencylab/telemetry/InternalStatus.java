package io.latencylab.telemetry;

import io.grpc.Status;
import io.grpc.StatusException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.grpc.server.exception.GrpcExceptionHandler;

/**
 * The last of a gRPC service's exception handlers: a failure no other handler named is logged with
 * its stack trace and answered INTERNAL. Spring gRPC's own fallback answers UNKNOWN and logs only at
 * debug level, so a service whose every call failed (an insert H2 refused, say) said nothing in its
 * own log. An exception that carries a status of its own keeps it.
 */
class InternalStatus implements GrpcExceptionHandler {

	private static final Logger logger = LoggerFactory.getLogger(InternalStatus.class);

	@Override
	public StatusException handleException(Throwable exception) {
		Status own = Status.fromThrowable(exception);
		if (own.getCode() != Status.Code.UNKNOWN) {
			return own.asException();
		}
		logger.error("a gRPC call failed unexpectedly", exception);
		return Status.INTERNAL.withDescription(exception.getClass().getSimpleName() + ": " + exception.getMessage())
			.asException();
	}

}
