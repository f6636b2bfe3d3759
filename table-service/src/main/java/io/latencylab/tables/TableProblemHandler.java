package io.latencylab.tables;

import io.latencylab.telemetry.BodyLimit;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every refusal as application/problem+json. Spring MVC's own (malformed JSON, 405, 415, a missing
 * parameter) come from the base class.
 */
@RestControllerAdvice
class TableProblemHandler extends ResponseEntityExceptionHandler {

	@ExceptionHandler(TableException.class)
	ResponseEntity<ProblemDetail> refused(TableException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(ex.status(), ex.getMessage());
		problem.setTitle(ex.title());
		return ResponseEntity.status(ex.status()).body(problem);
	}

	@ExceptionHandler(BodyLimit.TooLarge.class)
	ResponseEntity<ProblemDetail> tooLarge(BodyLimit.TooLarge ex) {
		return BodyLimit.problem(ex);
	}

	/**
	 * The database cannot be reached (the pool's connection timeout, a cut connection, a commit or
	 * rollback that could not finish): try again later. A replace is idempotent, so a retry is safe.
	 */
	@ExceptionHandler({ DataAccessResourceFailureException.class, TransientDataAccessResourceException.class,
			CannotCreateTransactionException.class, TransactionSystemException.class })
	ResponseEntity<ProblemDetail> databaseUnavailable(RuntimeException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
				"the database cannot be reached; try again later");
		problem.setTitle("Database unavailable");
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", "1").body(problem);
	}

}
